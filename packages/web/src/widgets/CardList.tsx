import { Checkbox, Empty, Pagination, Radio, Spin } from 'antd';
import type { HTMLAttributes, MouseEvent, ReactNode } from 'react';
import { useLocale, useT } from '../locales/i18n.ts';
import './CardList.css';

/** What one card shows: a title, tags beside it, two or three "label: value" lines, the row's actions. */
export interface CardContent {
  title: ReactNode;
  /** Text naming the record for screen readers and the select box (the title may be a link). */
  name?: string;
  tags?: ReactNode[];
  fields?: { key: string; label: ReactNode; value: ReactNode }[];
  actions?: ReactNode;
}

export interface CardSelection<T> {
  selected: string[];
  onChange: (keys: string[], rows: T[]) => void;
  /** `radio`: one card at a time. */
  type?: 'checkbox' | 'radio';
  disabled?: (row: T) => boolean;
}

export interface CardPaging {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number, size: number) => void;
  testId?: string;
}

export interface CardListProps<T> {
  items: readonly T[];
  rowKey: (row: T) => string;
  card: (row: T, index: number) => CardContent;
  /** Tapping a card (outside its links, buttons and boxes) opens the record, as a row click does. */
  onOpen?: (row: T) => void;
  /** Attributes of each card (test hooks, data-*), as a table's `onRow` gives them to a row. */
  cardProps?: (row: T, index: number) => HTMLAttributes<HTMLElement> & Record<string, unknown>;
  loading?: boolean;
  empty?: ReactNode;
  selection?: CardSelection<T>;
  /** Paging under the cards (antd Pagination `simple`); left out when everything fits one page. */
  paging?: CardPaging;
  /** Draw the pager even for a single page (a list whose paging bar is always there). */
  alwaysPage?: boolean;
  testId?: string;
}

/** Elements in a card that keep their own action (a tap on them does not open the record). */
const OWN_ACTION =
  'a,button,input,label,textarea,select,.ant-dropdown-trigger,.ant-checkbox-wrapper,.ant-radio-wrapper,.ant-select,.ant-input-number';

/**
 * A list as cards, for phones (issue 15): one card per row with its title and tags, a few key
 * fields as "label: value" and the row's actions; a tap opens the record; optional selection
 * (a box on each card) and simple paging. The generic list (EntityListPage) derives the cards from
 * the model; screens with their own antd Table get them through `ResponsiveTable`.
 */
export function CardList<T>({
  items,
  rowKey,
  card,
  onOpen,
  cardProps,
  loading,
  empty,
  selection,
  paging,
  alwaysPage,
  testId = 'card-list',
}: CardListProps<T>) {
  const t = useT();
  const colon = useLocale() === 'zh-CN' ? '：' : ': ';
  const toggle = (row: T, on: boolean) => {
    if (!selection) return;
    const key = rowKey(row);
    const keys =
      selection.type === 'radio'
        ? on
          ? [key]
          : []
        : on
          ? [...new Set([...selection.selected, key])]
          : selection.selected.filter((k) => k !== key);
    selection.onChange(
      keys,
      items.filter((r) => keys.includes(rowKey(r))),
    );
  };
  const showPager = !!paging && (alwaysPage || paging.total > paging.pageSize);
  return (
    <div className="card-list" data-testid={testId}>
      <Spin spinning={!!loading}>
        {items.length === 0 ? (
          <div className="card-list-empty">{empty ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}</div>
        ) : (
          <ul className="card-list-items">
            {items.map((row, i) => {
              const key = rowKey(row);
              const c = card(row, i);
              const extra = cardProps?.(row, i) ?? {};
              const picked = !!selection?.selected.includes(key);
              const open = (ev: MouseEvent<HTMLElement>) => {
                // Selecting a card is not opening it.
                if ((ev.target as HTMLElement).closest('.record-card-select')) return;
                (extra.onClick as ((e: MouseEvent<HTMLElement>) => void) | undefined)?.(ev);
                if (ev.defaultPrevented || (ev.target as HTMLElement).closest(OWN_ACTION)) return;
                onOpen?.(row);
              };
              return (
                <li
                  key={key}
                  data-testid="list-card"
                  data-id={key}
                  {...extra}
                  className={[
                    'record-card',
                    picked ? 'record-card-selected' : '',
                    onOpen || extra.onClick ? 'record-card-open' : '',
                    String(extra.className ?? ''),
                  ]
                    .filter(Boolean)
                    .join(' ')}
                  style={{ ...(extra.style as object | undefined) }}
                  data-selected={selection ? String(picked) : undefined}
                  onClick={open}
                >
                  <div className="record-card-head">
                    {selection && (
                      <span className="record-card-select">
                        {selection.type === 'radio' ? (
                          <Radio
                            checked={picked}
                            disabled={selection.disabled?.(row)}
                            onChange={(e) => toggle(row, e.target.checked)}
                            aria-label={t('cardList.select', { name: c.name ?? key })}
                            data-testid="list-card-select"
                          />
                        ) : (
                          <Checkbox
                            checked={picked}
                            disabled={selection.disabled?.(row)}
                            onChange={(e) => toggle(row, e.target.checked)}
                            aria-label={t('cardList.select', { name: c.name ?? key })}
                            data-testid="list-card-select"
                          />
                        )}
                      </span>
                    )}
                    <div className="record-card-title" data-testid="list-card-title">
                      {c.title}
                    </div>
                    {!!c.tags?.length && (
                      <div className="record-card-tags" data-testid="list-card-tags">
                        {c.tags.map((tag, n) => (
                          <span key={n}>{tag}</span>
                        ))}
                      </div>
                    )}
                  </div>
                  {!!c.fields?.length && (
                    <dl className="record-card-fields">
                      {c.fields.map((f) => (
                        <div key={f.key} className="record-card-field" data-testid="list-card-field" data-field={f.key}>
                          <dt>
                            {f.label}
                            {colon}
                          </dt>
                          <dd>{f.value === '' || f.value === null || f.value === undefined ? '—' : f.value}</dd>
                        </div>
                      ))}
                    </dl>
                  )}
                  {c.actions && <div className="record-card-actions">{c.actions}</div>}
                </li>
              );
            })}
          </ul>
        )}
      </Spin>
      {showPager && paging && (
        <div className="card-list-pagination">
          <Pagination
            simple
            data-testid={paging.testId ?? 'card-list-pagination'}
            current={paging.current}
            pageSize={paging.pageSize}
            total={paging.total}
            onChange={paging.onChange}
          />
        </div>
      )}
    </div>
  );
}
