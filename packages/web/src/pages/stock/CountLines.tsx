import { SearchOutlined } from '@ant-design/icons';
import { getEntity } from '@portal/model';
import { Button, Input, Pagination, Segmented, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { retrieveMultiple, type RecordRow } from '../../api/records.ts';
import { SEARCH_WIDTH } from '../../entity-ui/grid-state.ts';
import { searchBoxProps } from '../../entity-ui/text-fit.ts';
import { literal, quote } from '../../entity-ui/odata.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { NumberInput } from '../../widgets/NumberInput.tsx';
import { lengthCount, lengthMessage, numberRefusal } from '../../widgets/typed-rules.ts';
import { COUNT_MAX, MEMO_MAX, validCount, validMemo, type CountEdits, type LineValues } from './count-edits.ts';
import { SignedQty } from './SignedQty.tsx';

const LINE = getEntity('new_srv_stockcheckdetail')!;
const SELECT = [LINE.primaryKey, 'new_code', 'new_name', 'new_uom', 'new_bookqty', 'new_countqty', 'new_variance', 'new_memo'];
const PAGE_SIZES = [20, 50, 100];
export const LINES_PAGE_SIZE = 50;

type LineFilter = 'all' | 'uncounted' | 'variance';
const FILTERS: Record<LineFilter, string> = { all: '', uncounted: 'new_countqty eq null', variance: 'new_variance ne 0' };

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));
export const savedValues = (r: RecordRow): LineValues => ({
  countQty: num(r.new_countqty),
  memo: typeof r.new_memo === 'string' ? r.new_memo : null,
});

/** A line's refusal under its box, in the form's error colour, read out when it appears. */
function LineRefusal({ text, testId }: { text: string; testId: string }) {
  return (
    <Typography.Text
      type="danger"
      role="alert"
      data-testid={testId}
      style={{ display: 'block', fontSize: 12, textAlign: 'left', whiteSpace: 'normal' }}
    >
      {text}
    </Typography.Text>
  );
}

/**
 * The lines of a count sheet, one page at a time from the server (sheets reach 5,000 lines), with
 * a quick search over part number and name and a filter (not counted, with a variance). While
 * `editable`, counted quantity and memo are inputs whose changes go to `onEdit` and stay there
 * across pages until the screen saves them.
 */
export function CountLines({
  sheetId,
  editable,
  version,
  edits,
  onEdit,
  extra,
}: {
  sheetId: string;
  editable: boolean;
  /** Changing it reloads the page of lines. */
  version: number;
  edits: CountEdits;
  onEdit: (lineId: string, saved: LineValues, change: Partial<LineValues>) => void;
  /** Buttons on the right of the toolbar. */
  extra?: ReactNode;
}) {
  const t = useT();
  const lang = useLocale();
  const [text, setText] = useState('');
  const [query, setQuery] = useState({ q: '', filter: 'all' as LineFilter, page: 1, size: LINES_PAGE_SIZE });
  const [data, setData] = useState<{ rows: RecordRow[]; count: number }>({ rows: [], count: 0 });
  const [loading, setLoading] = useState(true);
  const seq = useRef(0);

  useEffect(() => {
    const n = ++seq.current;
    setLoading(true);
    const parts = [`new_stockcheck_id eq ${literal(LINE.allFields.new_stockcheck_id, sheetId)}`];
    if (query.q) parts.push(`(contains(new_code,${quote(query.q)}) or contains(new_name,${quote(query.q)}))`);
    if (FILTERS[query.filter]) parts.push(FILTERS[query.filter]);
    retrieveMultiple(
      LINE.entitySet,
      {
        select: SELECT,
        filter: parts.join(' and '),
        orderby: 'new_code asc',
        top: query.size,
        skip: (query.page - 1) * query.size,
        count: true,
      },
      { formatted: false },
    )
      .then((r) => n === seq.current && setData(r))
      .catch(() => n === seq.current && setData({ rows: [], count: 0 }))
      .finally(() => n === seq.current && setLoading(false));
  }, [sheetId, query, version]);

  const search = () => setQuery((q) => ({ ...q, q: text.trim(), page: 1 }));
  const idOf = (r: RecordRow) => String(r[LINE.primaryKey] ?? '');
  const valuesOf = (r: RecordRow) => edits[idOf(r)]?.now ?? savedValues(r);
  const label = (f: string) => LINE.allFields[f].label[lang];

  const columns: TableColumnsType<RecordRow> = [
    { key: 'new_code', dataIndex: 'new_code', title: label('new_code'), width: 160 },
    { key: 'new_name', dataIndex: 'new_name', title: label('new_name') },
    { key: 'new_uom', dataIndex: 'new_uom', title: label('new_uom'), width: 70 },
    { key: 'new_bookqty', dataIndex: 'new_bookqty', title: label('new_bookqty'), width: 100, align: 'right' },
    {
      key: 'new_countqty',
      title: label('new_countqty'),
      width: 130,
      align: 'right',
      render: (_: unknown, r: RecordRow) => {
        const v = valuesOf(r).countQty;
        if (!editable) return <span data-testid="sc-line-count">{v ?? ''}</span>;
        // What was typed stays in the box; a refusal is shown under it in the rule's words.
        const why = validCount(v)
          ? null
          : (numberRefusal(
              v,
              {
                field: label('new_countqty'),
                integer: true,
                min: 0,
                max: COUNT_MAX,
                messages: { min: t('stock.ui.countInvalid'), max: t('stock.ui.countInvalid') },
              },
              t,
            ) ?? t('stock.ui.countInvalid'));
        return (
          <>
            <NumberInput
              testId="sc-line-qty"
              ariaLabel={`${label('new_countqty')} ${String(r.new_code ?? '')}`}
              size="small"
              decimal={false}
              value={v}
              status={why ? 'error' : undefined}
              onChange={(x) => onEdit(idOf(r), savedValues(r), { countQty: x })}
              style={{ width: 100 }}
            />
            {why && <LineRefusal text={why} testId="sc-line-qty-error" />}
          </>
        );
      },
    },
    {
      key: 'new_variance',
      title: label('new_variance'),
      width: 100,
      align: 'right',
      render: (_: unknown, r: RecordRow) => {
        // An edited line shows its variance against the book as it will be saved.
        const e = edits[idOf(r)];
        const v = e
          ? e.now.countQty === null || !validCount(e.now.countQty)
            ? null
            : e.now.countQty - Number(r.new_bookqty ?? 0)
          : num(r.new_variance);
        return (
          <span data-testid="sc-line-variance" data-variance={v ?? ''}>
            <SignedQty value={v} />
          </span>
        );
      },
    },
    {
      key: 'new_memo',
      title: label('new_memo'),
      render: (_: unknown, r: RecordRow) => {
        const memo = valuesOf(r).memo;
        if (!editable) return memo ?? '';
        const over = !validMemo(memo);
        return (
          <>
            <Input
              data-testid="sc-line-memo"
              aria-label={`${label('new_memo')} ${String(r.new_code ?? '')}`}
              size="small"
              count={lengthCount(MEMO_MAX, false)}
              status={over ? 'error' : undefined}
              value={memo ?? ''}
              onChange={(ev) => onEdit(idOf(r), savedValues(r), { memo: ev.target.value })}
            />
            {over && <LineRefusal text={lengthMessage(label('new_memo'), MEMO_MAX, t)} testId="sc-line-memo-error" />}
          </>
        );
      },
    },
  ];

  const dirty = Object.keys(edits).length;
  return (
    <div data-testid="sc-lines" data-count={data.count} data-dirty={dirty} data-loading={loading ? 'true' : undefined}>
      <div className="list-toolbar" style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
        <Space wrap size={8}>
          <Input
            data-testid="sc-search"
            aria-label={t('widgets.list.searchPlaceholder', { fields: `${label('new_code')}/${label('new_name')}` })}
            {...searchBoxProps(t('widgets.list.searchPlaceholder', { fields: `${label('new_code')}/${label('new_name')}` }), SEARCH_WIDTH)}
            value={text}
            allowClear
            onChange={(ev) => setText(ev.target.value)}
            onPressEnter={search}
          />
          <Button icon={<SearchOutlined />} onClick={search} data-testid="sc-query">
            {t('widgets.action.query')}
          </Button>
          <Segmented<LineFilter>
            data-testid="sc-filter"
            value={query.filter}
            onChange={(filter) => setQuery((q) => ({ ...q, filter, page: 1 }))}
            options={[
              { value: 'all', label: <span data-testid="sc-filter-all">{t('widgets.list.any')}</span> },
              { value: 'uncounted', label: <span data-testid="sc-filter-uncounted">{t('stock.ui.filter.uncounted')}</span> },
              { value: 'variance', label: <span data-testid="sc-filter-variance">{t('stock.ui.filter.variance')}</span> },
            ]}
          />
          {dirty > 0 && (
            <Typography.Text type="warning" data-testid="sc-unsaved" data-count={dirty}>
              {t('stock.ui.unsaved', { count: dirty })}
            </Typography.Text>
          )}
        </Space>
        {extra && <div style={{ marginLeft: 'auto' }}>{extra}</div>}
      </div>
      <Table<RecordRow>
        rowKey={idOf}
        size="small"
        columns={columns}
        dataSource={data.rows}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(r) =>
          ({
            'data-testid': 'sc-line',
            'data-id': idOf(r),
            'data-code': String(r.new_code ?? ''),
            'data-dirty': edits[idOf(r)] ? 'true' : undefined,
          }) as React.HTMLAttributes<HTMLElement>
        }
        locale={{
          emptyText: (
            <div data-testid="sc-lines-empty" className="list-empty">
              {query.q || query.filter !== 'all' ? t('widgets.empty.search') : t('widgets.empty.none')}
            </div>
          ),
        }}
      />
      <div className="list-pagination">
        <Pagination
          data-testid="sc-pagination"
          current={query.page}
          pageSize={query.size}
          total={data.count}
          showSizeChanger
          pageSizeOptions={PAGE_SIZES}
          showTotal={(total) => t('widgets.list.total', { total })}
          onChange={(page, size) => setQuery((q) => (size !== q.size ? { ...q, size, page: 1 } : { ...q, page }))}
        />
      </div>
    </div>
  );
}
