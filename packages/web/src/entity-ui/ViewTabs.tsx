import type { EntityDef } from '@portal/model';
import { Radio } from 'antd';
import { useEffect, useState } from 'react';
import { retrieveMultiple } from '../api/records.ts';
import { useLocale, useT } from '../locales/i18n.ts';
import { buildFilter } from './odata.ts';

export interface ViewTabsProps {
  e: EntityDef;
  views: readonly string[];
  active: string;
  onChange: (view: string) => void;
  /** The list's quick search, filters and fixed condition: each tab counts what it would show. */
  q: string;
  filters: Record<string, string>;
  extraFilter?: string;
  /** Changes when the list reloads (a delete, an import): the counts follow. */
  reload: number;
}

/**
 * A list's views as a row of choices (tabs in the specification's words) with the number of rows each holds (an order list's 待提交 (3) · 已提交 (5)…),
 * for screens that declare `viewTabs`. Each count is the view's own query with the same search and
 * filters (`$top=0&$count=true`), in the caller's scope like the rows; a count that fails shows none.
 */
export function ViewTabs({ e, views, active, onChange, q, filters, extraFilter, reload }: ViewTabsProps) {
  const lang = useLocale();
  const t = useT();
  const [counts, setCounts] = useState<Record<string, number>>({});
  const key = JSON.stringify([views, q, filters, extraFilter, reload]);
  useEffect(() => {
    let live = true;
    for (const v of views) {
      const filter = buildFilter(e, e.views[v], q, filters, extraFilter);
      retrieveMultiple(e.entitySet, { select: [e.primaryKey], filter, top: 0, count: true })
        .then((r) => live && setCounts((c) => ({ ...c, [v]: r.count ?? 0 })))
        .catch(() => undefined);
    }
    return () => {
      live = false;
    };
    // key covers every input of the counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [e, key]);
  // A group of choices, not antd's Tabs: the views filter one list (no tab panels), and a tablist
  // may hold nothing but tabs — its overflow menu inside it is axe's aria-required-children. The
  // buttons wrap on a narrow screen instead of hiding views behind a menu.
  return (
    <Radio.Group
      data-testid="list-view-tabs"
      aria-label={t('widgets.list.view')}
      optionType="button"
      value={active}
      onChange={(ev) => onChange(String(ev.target.value))}
      style={{ display: 'flex', flexWrap: 'wrap', rowGap: 8, marginBottom: 12 }}
      options={views.map((v) => ({
        value: v,
        label: (
          <span data-testid={`list-tab-${v}`} data-count={counts[v] ?? ''}>
            {e.views[v].label[lang]}
            {counts[v] === undefined ? '' : ` (${counts[v]})`}
          </span>
        ),
      }))}
    />
  );
}
