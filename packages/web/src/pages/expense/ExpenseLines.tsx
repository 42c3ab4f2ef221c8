import { getEntity } from '@portal/model';
import { Table, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { retrieveMultiple, type RecordRow } from '../../api/records.ts';
import { screenPath } from '../../app/screen-path.ts';
import { cellText } from '../../entity-ui/format.ts';
import { literal } from '../../entity-ui/odata.ts';
import { useLocale, useT } from '../../locales/i18n.ts';

const LINE = getEntity('new_srv_expense_claimline')!;
const COLUMNS = ['new_name', 'new_linetype', 'new_workhouramount', 'new_partsamount', 'new_outsideamount', 'new_otheramount', 'new_grantsamount', 'new_rewardamount', 'new_fineamount', 'new_totalamount'];

/** The statement's lines: each work order and reward/punishment order with its amounts; a work order opens. */
export function ExpenseLines({ claimId, reload }: { claimId: string; reload: number }) {
  const t = useT();
  const lang = useLocale();
  const [rows, setRows] = useState<RecordRow[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let live = true;
    setLoading(true);
    retrieveMultiple(LINE.entitySet, {
      select: [LINE.primaryKey, 'new_workorder_id', 'new_claimfine_id', ...COLUMNS],
      filter: `new_expenseclaim_id eq ${literal(LINE.allFields.new_expenseclaim_id, claimId)}`,
      orderby: 'new_linetype asc,new_name asc', top: 5000,
    }, { silent: true })
      .then((r) => live && setRows(r.rows))
      .catch(() => live && setRows([]))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [claimId, reload]);

  const columns: TableColumnsType<RecordRow> = COLUMNS.map((c) => ({
    key: c,
    dataIndex: c,
    title: LINE.allFields[c].label[lang],
    align: LINE.allFields[c].type === 'money' ? 'right' : undefined,
    render: (_: unknown, r: RecordRow) => {
      const text = cellText(r, c, LINE.allFields[c], lang);
      if (c !== 'new_name') return text;
      const order = typeof r.new_workorder_id === 'string' ? r.new_workorder_id : '';
      const fine = typeof r.new_claimfine_id === 'string' ? r.new_claimfine_id : '';
      const to = order ? screenPath('new_srv_workorder', 'edit', order) : fine ? `/claimFine/detail/${encodeURIComponent(fine)}` : undefined;
      return to ? <Link to={to} data-testid="ec-line-open">{text}</Link> : text;
    },
  }));

  return (
    <div data-testid="ec-lines" data-count={rows.length} data-loading={loading ? 'true' : undefined}>
      <Table<RecordRow> rowKey={(r) => String(r[LINE.primaryKey])} size="small" columns={columns} dataSource={rows} loading={loading} pagination={false}
        scroll={{ x: 'max-content', y: 480 }} locale={{ emptyText: t('expense.ui.linesEmpty') }} />
    </div>
  );
}
