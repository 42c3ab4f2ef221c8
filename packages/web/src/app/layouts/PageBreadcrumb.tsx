import { Breadcrumb } from 'antd';
import type { ReactNode } from 'react';
import { Link, useMatches } from 'react-router';
import { useT } from '../../locales/i18n.ts';
import { placeOf } from '../page-crumbs.ts';
import { usePageTitle } from '../page-meta.ts';
import type { RouteDef } from '../routes.ts';

/**
 * Where the user is: menu group › screen › record. The group and screen come from the menu, the
 * record from the heading the screen published; the screen links back to its list from a record.
 */
export function PageBreadcrumb({ home, homeLabel }: { home: string; homeLabel: string }) {
  const t = useT();
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const key = leaf?.pathname ?? '';
  const title = usePageTitle(key);
  if (!leaf) return null;

  const crumbs: { title: ReactNode; key: string }[] = [];
  if (key.toLowerCase() === home.toLowerCase()) crumbs.push({ key: 'home', title: homeLabel });
  else {
    const place = placeOf(key, leaf.handle as RouteDef | undefined);
    if (place.group) crumbs.push({ key: 'group', title: t(place.group.label) });
    if (place.item) {
      const label = t(place.item.label);
      crumbs.push({ key: 'screen', title: place.record ? <Link to={place.item.path}>{label}</Link> : label });
    }
    if (place.record && title) crumbs.push({ key: 'record', title });
  }
  if (!crumbs.length) return null;
  for (const c of crumbs) c.title = <span data-testid="crumb">{c.title}</span>;
  return (
    <nav aria-label={t('tabs.breadcrumb')} className="page-breadcrumb" data-testid="page-breadcrumb">
      <Breadcrumb items={crumbs} />
    </nav>
  );
}
