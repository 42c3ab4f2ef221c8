import { SearchOutlined } from '@ant-design/icons';
import { getEntity } from '@portal/model';
import { Button, Input, Modal, Space, Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useEffect, useMemo, useRef, useState } from 'react';
import { lookupData } from '../../api/lookup.ts';
import { toast } from '../../app/feedback.ts';
import { cellText } from '../../entity-ui/format.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import {
  LOOKUP_PAGE_SIZE,
  LOOKUP_PAGE_SIZES,
  LOOKUP_TABLE_HEIGHT,
  resolveLookup,
  selectOf,
  type LookupDef,
  type LookupRecord,
} from './lookup-def.ts';

type Row = Record<string, unknown>;
interface Sort {
  field: string;
  order: 'ascend' | 'descend';
}

export interface LookupDialogProps {
  open: boolean;
  def: LookupDef;
  multiple?: boolean;
  /** Records already chosen (kept selected across pages in multi-select). */
  initial?: LookupRecord[];
  onOk: (records: LookupRecord[]) => void;
  onCancel: () => void;
}

/**
 * The lookup dialog (spec 000 §2): search, page and sort CRM records and pick one or several.
 * Sorting is real (the original showed 未实现): a column sort becomes the call's orderby.
 */
export function LookupDialog({ open, def, multiple = false, initial, onOk, onCancel }: LookupDialogProps) {
  const t = useT();
  const lang = useLocale();
  const d = useMemo(() => resolveLookup(def), [def]);
  const entity = getEntity(d.entityName);
  const [text, setText] = useState('');
  const [query, setQuery] = useState({ page: 1, count: LOOKUP_PAGE_SIZE, filterValue: '', sort: null as Sort | null });
  const [data, setData] = useState<{ rows: Row[]; total: number }>({ rows: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<Map<string, LookupRecord>>(new Map());
  const seq = useRef(0);

  // Every opening starts afresh from the current value.
  useEffect(() => {
    if (!open) return;
    setText('');
    setQuery({ page: 1, count: LOOKUP_PAGE_SIZE, filterValue: '', sort: null });
    setSelected(new Map((initial ?? []).filter((r) => r.id).map((r) => [r.id, r])));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const n = ++seq.current;
    setLoading(true);
    lookupData({
      entityName: d.entityName,
      page: query.page,
      count: query.count,
      select: selectOf(d),
      orderby: query.sort ? `${query.sort.field} ${query.sort.order === 'ascend' ? 'asc' : 'desc'}` : d.orderBy,
      condition: d.conditions,
      filter: d.filterFields,
      filterValue: query.filterValue,
    })
      .then((r) => n === seq.current && setData(r))
      .catch(() => n === seq.current && setData({ rows: [], total: 0 }))
      .finally(() => n === seq.current && setLoading(false));
  }, [open, d, query]);

  const toRecord = (row: Row): LookupRecord => ({ id: String(row[d.idField] ?? ''), name: String(row[d.nameField] ?? ''), row });

  const columns: TableColumnsType<Row> = d.displayFields.map((f) => ({
    key: f,
    dataIndex: f,
    title: entity?.allFields[f]?.label[lang] ?? f,
    sorter: true,
    sortOrder: query.sort?.field === f ? query.sort.order : null,
    ellipsis: true,
    render: (_: unknown, row: Row) => cellText(row, f, entity?.allFields[f], lang),
  }));

  const choose = (row: Row) => {
    const r = toRecord(row);
    if (!r.id) return;
    setSelected((prev) => {
      if (!multiple) return new Map([[r.id, r]]);
      const next = new Map(prev);
      if (next.has(r.id)) next.delete(r.id);
      else next.set(r.id, r);
      return next;
    });
  };

  const confirm = () => {
    const chosen = [...selected.values()];
    // spec 000 §5: confirming with no row chosen.
    if (chosen.length === 0) {
      toast.warning(t('widgets.selectOne'));
      return;
    }
    onOk(multiple ? chosen : chosen.slice(0, 1));
  };

  const onTableChange = (p: TablePaginationConfig, _f: unknown, sorter: SorterResult<Row> | SorterResult<Row>[]) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const sort = s?.order && s.columnKey ? { field: String(s.columnKey), order: s.order } : null;
    const sortChanged = sort?.field !== query.sort?.field || sort?.order !== query.sort?.order;
    const count = p.pageSize ?? query.count;
    setQuery({ ...query, page: sortChanged || count !== query.count ? 1 : (p.current ?? 1), count, sort });
  };

  return (
    <Modal
      open={open}
      title={d.title ?? t('widgets.lookup.title', { entity: entity?.label[lang] ?? d.entityName })}
      onCancel={onCancel}
      footer={null}
      width={860}
      destroyOnHidden
      centered
    >
      <div data-testid="lookup-dialog">
        <Space.Compact style={{ width: 360, marginBottom: 12 }}>
          <Input
            data-testid="lookup-search"
            aria-label={t('widgets.lookup.search')}
            placeholder={t('widgets.lookup.search')}
            allowClear
            value={text}
            onChange={(e) => setText(e.target.value)}
            onPressEnter={() => setQuery({ ...query, page: 1, filterValue: text.trim() })}
          />
          <Button
            icon={<SearchOutlined />}
            aria-label={t('widgets.action.query')}
            onClick={() => setQuery({ ...query, page: 1, filterValue: text.trim() })}
            data-testid="lookup-query"
          />
        </Space.Compact>
        <Table<Row>
          size="small"
          rowKey={(r) => String(r[d.idField] ?? '')}
          columns={columns}
          dataSource={data.rows}
          loading={loading}
          scroll={{ y: LOOKUP_TABLE_HEIGHT }}
          rowSelection={{
            type: multiple ? 'checkbox' : 'radio',
            selectedRowKeys: [...selected.keys()],
            preserveSelectedRowKeys: true,
            onSelect: (row) => choose(row),
            onSelectAll: (all, _rows, changed) => {
              setSelected((prev) => {
                const next = new Map(prev);
                for (const row of changed) {
                  const r = toRecord(row);
                  if (all) next.set(r.id, r);
                  else next.delete(r.id);
                }
                return next;
              });
            },
          }}
          onRow={(row) =>
            ({
              'data-testid': 'lookup-row',
              'data-id': String(row[d.idField] ?? ''),
              onClick: () => choose(row),
              onDoubleClick: () => !multiple && onOk([toRecord(row)]),
              style: { cursor: 'pointer' },
            }) as React.HTMLAttributes<HTMLElement>
          }
          onChange={onTableChange}
          pagination={{
            current: query.page,
            pageSize: query.count,
            total: data.total,
            showSizeChanger: true,
            pageSizeOptions: LOOKUP_PAGE_SIZES,
            showTotal: (total) => t('widgets.list.total', { total }),
            size: 'small',
          }}
        />
        <Space style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 12 }}>
          <Button data-testid="lookup-cancel" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="primary" data-testid="lookup-ok" onClick={confirm}>
            {t('common.ok')}
          </Button>
        </Space>
      </div>
    </Modal>
  );
}
