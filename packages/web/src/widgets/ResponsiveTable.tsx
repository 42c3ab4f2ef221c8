import { Table, type TableProps } from 'antd';
import type { TablePaginationConfig } from 'antd/es/table';
import { isValidElement, useState, type HTMLAttributes, type ReactNode } from 'react';
import { usePhone } from '../shared/use-phone.ts';
import { CardList, type CardContent, type CardPaging } from './CardList.tsx';

/**
 * Which of the table's columns (by key, else dataIndex) a phone card uses. Derived when left out:
 * title = the first column that is neither a tag nor the actions, fields = the next three,
 * actions = the column pinned right or keyed actions/action/op/operation.
 */
export interface CardSpec {
  title?: string;
  tags?: string[];
  fields?: string[];
  actions?: string;
}

export type ResponsiveTableProps<T> = TableProps<T> & { card?: CardSpec };

/** The number of "label: value" lines a card shows when the screen does not name them. */
export const CARD_FIELDS = 3;
const ACTION_KEYS = new Set(['actions', 'action', 'op', 'ops', 'operation', '__actions']);

/**
 * An antd Table on the desktop, a card list on a phone (issue 15): the same columns, `onRow`
 * hooks (test ids, clicks), selection, paging and empty text, so a screen switches by writing
 * `<ResponsiveTable` for `<Table` (plus `card` where the derived card does not fit).
 */
export function ResponsiveTable<T extends object>(props: ResponsiveTableProps<T>) {
  const phone = usePhone();
  // Split off `card` on the non-generic type: a rest of the generic intersection makes tsc explode.
  const { card, ...rest } = props as ResponsiveTableProps<object>;
  const table = rest as unknown as TableProps<T>;
  if (!phone) return <Table<T> {...table} />;
  return <TableCards<T> table={table} spec={card ?? {}} />;
}

/**
 * A column as the cards read it. The helpers work on this plain shape, not antd's generic column
 * types: checking those generically makes tsc run out of memory.
 */
interface PlainColumn {
  key?: string | number | bigint;
  dataIndex?: string | number | readonly (string | number)[];
  title?: unknown;
  render?: (value: unknown, row: unknown, index: number) => unknown;
  fixed?: unknown;
  hidden?: boolean;
  children?: PlainColumn[];
}
type Col = PlainColumn & { id: string };

const leafColumns = (cols: PlainColumn[] = []): Col[] =>
  cols.flatMap((c, i): Col[] => {
    if (c.children) return leafColumns(c.children);
    if (c.hidden) return [];
    const id =
      c.key !== undefined
        ? String(c.key)
        : Array.isArray(c.dataIndex)
          ? c.dataIndex.join('.')
          : c.dataIndex !== undefined
            ? String(c.dataIndex)
            : `#${i}`;
    return [{ ...c, id }];
  });

const rawValue = (row: unknown, col: PlainColumn): unknown => {
  const path: readonly (string | number)[] =
    col.dataIndex === undefined ? [] : Array.isArray(col.dataIndex) ? col.dataIndex : [col.dataIndex as string | number];
  return path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string | number, unknown>)[k] : undefined), row);
};

/** What a column's cell shows for a row (its render, else the value). */
function cellOf(row: unknown, col: PlainColumn, index: number): ReactNode {
  const raw = col.dataIndex === undefined ? undefined : rawValue(row, col);
  const out = col.render ? col.render(raw, row, index) : raw;
  if (out === null || out === undefined || typeof out !== 'object' || isValidElement(out) || Array.isArray(out)) return out as ReactNode;
  // antd's { children, props } form of a cell.
  if ('children' in out) return (out as { children: ReactNode }).children;
  return String(out);
}

const titleOf = (col: PlainColumn): ReactNode =>
  typeof col.title === 'function' ? (col.title as (p: object) => ReactNode)({}) : (col.title as ReactNode);

/** Which columns a card uses: its title, tags, fields and actions. */
function cardColumns(cols: Col[], spec: CardSpec): { title?: Col; tags: Col[]; fields: Col[]; actions?: Col } {
  const byId = (id?: string) => cols.find((c) => c.id === id);
  const known = (ids: string[]) => ids.map(byId).filter((c): c is Col => !!c);
  const actions = spec.actions !== undefined ? byId(spec.actions) : cols.find((c) => c.fixed === 'right' || ACTION_KEYS.has(c.id));
  const tags = known(spec.tags ?? []);
  const rest = cols.filter((c) => c !== actions && !tags.includes(c));
  const title = spec.title !== undefined ? byId(spec.title) : rest[0];
  const fields = spec.fields ? known(spec.fields) : rest.filter((c) => c !== title).slice(0, CARD_FIELDS);
  return { title, tags, fields, actions };
}

function TableCards<T extends object>({ table, spec }: { table: TableProps<T>; spec: CardSpec }) {
  const { rowKey, dataSource = [], columns, onRow, rowSelection, pagination, loading, locale } = table;
  const keyOf = (row: T, i = 0) =>
    String(typeof rowKey === 'function' ? rowKey(row, i) : (row as Record<string, unknown>)[(rowKey as string | undefined) ?? 'key']);
  const cols = leafColumns(columns as unknown as PlainColumn[]);
  const use = cardColumns(cols, spec);

  // Selection and paging the table would keep itself when the screen does not control them.
  const [ownSelected, setOwnSelected] = useState<string[]>([]);
  const cfg: TablePaginationConfig | false = pagination === false ? false : (pagination ?? {});
  const [ownPage, setOwnPage] = useState<{ current: number; size: number }>({
    current: cfg ? (cfg.defaultCurrent ?? 1) : 1,
    size: cfg ? (cfg.defaultPageSize ?? 10) : 10,
  });

  let items: readonly T[] = dataSource;
  let paging: CardPaging | undefined;
  if (cfg) {
    const current = cfg.current ?? ownPage.current;
    const pageSize = cfg.pageSize ?? ownPage.size;
    const serverSide = cfg.total !== undefined;
    const total = cfg.total ?? dataSource.length;
    if (!serverSide) items = dataSource.slice((current - 1) * pageSize, current * pageSize);
    paging = {
      current,
      pageSize,
      total,
      onChange: (page: number, size: number) => {
        setOwnPage({ current: page, size });
        cfg.onChange?.(page, size);
      },
    };
  }

  const selection = rowSelection && {
    selected: (rowSelection.selectedRowKeys ?? ownSelected).map(String),
    type: rowSelection.type,
    disabled: (row: T) => !!(rowSelection.getCheckboxProps?.(row) as { disabled?: boolean } | undefined)?.disabled,
    onChange: (keys: string[], rows: T[]) => {
      setOwnSelected(keys);
      rowSelection.onChange?.(keys, rows, { type: rowSelection.type === 'radio' ? 'single' : 'multiple' });
    },
  };

  const emptyText = locale?.emptyText;
  const spinning = typeof loading === 'object' ? !!loading.spinning : !!loading;
  const testId = (table as unknown as Record<string, unknown>)['data-testid'] as string | undefined;

  return (
    <CardList<T>
      testId={testId}
      items={items}
      rowKey={keyOf}
      loading={spinning}
      empty={typeof emptyText === 'function' ? emptyText() : emptyText}
      selection={selection || undefined}
      paging={paging}
      cardProps={(row, i) => (onRow?.(row, i) ?? {}) as HTMLAttributes<HTMLElement> & Record<string, unknown>}
      card={(row, i): CardContent => {
        const title = use.title ? cellOf(row, use.title, i) : keyOf(row, i);
        return {
          title,
          name: typeof title === 'string' || typeof title === 'number' ? String(title) : undefined,
          tags: use.tags.map((c) => cellOf(row, c, i)).filter((x) => x !== null && x !== undefined && x !== ''),
          fields: use.fields.map((c) => ({ key: c.id, label: titleOf(c), value: cellOf(row, c, i) })),
          actions: use.actions ? cellOf(row, use.actions, i) : undefined,
        };
      }}
    />
  );
}
