import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Link, useLocation, useMatches, useNavigate, useNavigationType } from 'react-router';
import { useT } from '../../locales/i18n.ts';
import { findRoute } from '../match-route.ts';
import { placeOf } from '../page-crumbs.ts';
import { closeTabs, ensureHome, installTabPolicy, replaceTab, usePageTabs, visitTab, type PageTab } from '../page-tabs.ts';
import type { RouteDef } from '../routes.ts';
import { useUnsavedStore } from '../unsaved-changes.ts';
import './PageTabs.css';

type Action = 'close' | 'closeOthers' | 'closeRight' | 'closeAll';
const ACTIONS: Action[] = ['close', 'closeOthers', 'closeRight', 'closeAll'];

const tabKeyAt = (e: MouseEvent) => (e.target as HTMLElement).closest<HTMLElement>('[data-node-key]')?.dataset.nodeKey;

/**
 * The page-tab bar (页签): a tab per screen opened in this session, the home tab pinned. The active
 * tab follows the URL; a tab reopens its screen at its full URL. Close one (× or middle click),
 * others, to the right or all from the context menu or the menu at the bar's end; closing asks
 * first when a closed screen holds unsaved changes (the tab shows a dot).
 */
export function PageTabs({ home, homeLabel }: { home: string; homeLabel: string }) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const def = leaf?.handle as RouteDef | undefined;
  const active = leaf?.pathname ?? location.pathname;
  const tabs = usePageTabs((s) => s.tabs);
  const dirty = useUnsavedStore((s) => s.dirty);
  const [menuFor, setMenuFor] = useState(active);

  const navigationType = useNavigationType();
  const previous = useRef<string | null>(null);

  useEffect(() => installTabPolicy(home), [home]);
  useEffect(() => {
    ensureHome(home);
    if (def?.layout !== 'shell') return;
    const url = `${location.pathname}${location.search}`;
    const from = previous.current;
    previous.current = active;
    if (navigationType === 'REPLACE' && from) replaceTab(from, active, url, !!def.keepAlive, home);
    else visitTab(active, url, !!def.keepAlive, home);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the navigation type belongs to this location
  }, [home, active, def, location.pathname, location.search]);

  const titles = useMemo(
    () =>
      new Map(
        tabs.map((tab) => {
          if (tab.key === home) return [tab.key, homeLabel];
          const place = placeOf(tab.key, findRoute(tab.key) ?? undefined);
          const menuLabel = place.item && t(place.item.label);
          return [tab.key, (!place.record && menuLabel) || tab.title || menuLabel || tab.key];
        }),
      ),
    [tabs, home, homeLabel, t],
  );

  const show = (tab: PageTab | undefined) => {
    if (tab && tab.key !== active) navigate(tab.url);
  };
  const close = async (keys: string[], then?: string) => {
    // The active tab goes: show the chosen tab ("close others" of another tab), else its neighbour.
    const closed = await closeTabs(keys, active, home, (next) => show(tabs.find((x) => x.key === then) ?? next));
    if (closed && then && !keys.includes(active)) show(tabs.find((x) => x.key === then));
  };
  const act = (action: Action, target: string) => {
    const i = tabs.findIndex((x) => x.key === target);
    const all = tabs.map((x) => x.key);
    if (action === 'close') void close([target]);
    else if (action === 'closeOthers')
      void close(
        all.filter((k) => k !== target),
        target,
      );
    else if (action === 'closeRight') void close(i >= 0 ? all.slice(i + 1) : []);
    else void close(all);
  };
  const menu = (target: string): MenuProps => {
    const i = tabs.findIndex((x) => x.key === target);
    const disabled: Record<Action, boolean> = {
      close: target === home || i < 0,
      closeOthers: !tabs.some((x) => x.key !== target && x.key !== home),
      closeRight: i < 0 || i === tabs.length - 1,
      closeAll: !tabs.some((x) => x.key !== home),
    };
    return {
      items: ACTIONS.map((a) => ({ key: a, label: t(`tabs.${a}`), disabled: disabled[a], 'data-testid': `page-tabs-${a}` })),
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        act(key as Action, target);
      },
    };
  };

  // The active tab in view when the bar is wider than the window.
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active, tabs.length]);

  // A list of links in a navigation landmark, not antd's Tabs: the tabs switch screens (pages with
  // their own URLs), they control no panel here, and a tablist may hold nothing but tabs — antd's
  // closable tabs put their × buttons (and the bar's menu) inside it (WCAG 1.3.1, axe's
  // aria-required-children).
  return (
    <nav
      className="page-tabs-bar"
      aria-label={t('tabs.bar')}
      data-testid="page-tabs"
      onContextMenu={(e) => setMenuFor(tabKeyAt(e) ?? active)}
      onMouseDown={(e) => {
        if (e.button === 1 && tabKeyAt(e)) e.preventDefault(); // no autoscroll on middle click
      }}
      onAuxClick={(e) => {
        const k = tabKeyAt(e);
        if (e.button === 1 && k) e.preventDefault(); // no second browser tab for the link
        if (e.button === 1 && k && k !== home) void close([k]);
      }}
    >
      <Dropdown menu={menu(menuFor)} trigger={['contextMenu']}>
        <div className="page-tabs-wrap">
          <ul className="page-tabs" ref={list}>
            {tabs.map((tab) => {
              const isActive = tab.key === active;
              const title = titles.get(tab.key);
              return (
                <li key={tab.key} data-node-key={tab.key} className={isActive ? 'page-tab page-tab-active' : 'page-tab'}>
                  <Link
                    to={tab.url}
                    className="page-tab-link"
                    aria-current={isActive ? 'page' : undefined}
                    onClick={(e) => {
                      e.preventDefault();
                      show(tab);
                    }}
                  >
                    <span
                      className="page-tab-label"
                      data-testid="page-tab"
                      data-key={tab.key}
                      data-active={isActive || undefined}
                      title={title}
                    >
                      {dirty[tab.key] && (
                        <span className="page-tab-dirty" data-testid="page-tab-dirty" role="img" aria-label={t('tabs.unsaved')} />
                      )}
                      {title}
                    </span>
                  </Link>
                  {tab.key !== home && (
                    <button
                      type="button"
                      className="page-tab-close"
                      data-testid="page-tab-close"
                      aria-label={`${t('tabs.close')} ${title ?? ''}`.trim()}
                      onClick={() => void close([tab.key])}
                    >
                      <CloseOutlined aria-hidden />
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      </Dropdown>
      <Dropdown menu={menu(active)} trigger={['click']}>
        <Button type="text" size="small" icon={<DownOutlined />} aria-label={t('tabs.actions')} data-testid="page-tabs-actions" />
      </Dropdown>
    </nav>
  );
}
