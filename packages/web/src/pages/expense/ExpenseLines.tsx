import { Table, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { RecordRow } from '../../api/records.ts';
import { screenPath } from '../../app/screen-path.ts';
import { cellText } from '../../entity-ui/format.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { useDocumentLines } from '../../entity-ui/document/use-document-lines.ts';

const LINE = 'new_srv_expense_claimline';

/** The statement's lines: each work order and reward/punishment order with its amounts; a work order opens. */
export function ExpenseLines({ claimId, reload }: { claimId: string; reload: number }) {
  const t = useT();
  const lang = useLocale();
  const {
    rows,
    loading,
    columns: names,
    entity: e,
  } = useDocumentLines(LINE, 'new_expenseclaim_id', claimId, reload, { select: ['new_workorder_id', 'new_claimfine_id'] });

  const columns: TableColumnsType<RecordRow> = names.map((c) => ({
    key: c,
    dataIndex: c,
    title: e.allFields[c].label[lang],
    align: e.allFields[c].type === 'money' ? 'right' : undefined,
    render: (_: unknown, r: RecordRow) => {
      const text = cellText(r, c, e.allFields[c], lang);
      if (c !== 'new_name') return text;
      const order = typeof r.new_workorder_id === 'string' ? r.new_workorder_id : '';
      const fine = typeof r.new_claimfine_id === 'string' ? r.new_claimfine_id : '';
      const to = order
        ? screenPath('new_srv_workorder', 'edit', order)
        : fine
          ? `/claimFine/detail/${encodeURIComponent(fine)}`
          : undefined;
      return to ? (
        <Link to={to} data-testid="ec-line-open">
          {text}
        </Link>
      ) : (
        text
      );
    },
  }));

  return (
    <div data-testid="ec-lines" data-count={rows.length} data-loading={loading ? 'true' : undefined}>
      <Table<RecordRow>
        rowKey={(r) => String(r[e.primaryKey])}
        size="small"
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content', y: 480 }}
        locale={{ emptyText: t('expense.ui.linesEmpty') }}
      />
    </div>
  );
}
