import { DeleteOutlined, EditOutlined, PlusOutlined, WarningOutlined } from '@ant-design/icons';
import { getEntity } from '@portal/model';
import { Alert, Button, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo, type ReactNode } from 'react';
import type { CommandAnswer } from '../../api/command.ts';
import type { RecordRow } from '../../api/records.ts';
import { confirm, toast } from '../../app/feedback.ts';
import { cellText } from '../format.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { formatAmount } from '../../shared/format.ts';
import { usePhone } from '../../shared/use-phone.ts';
import { useDocumentLines } from './use-document-lines.ts';

export interface DocumentLinesProps {
  /** Line entity and its lookup naming the document. */
  entity: string;
  parentField: string;
  /** The document; none = not saved yet (the spec's 请先保存主单据再添加明细 instead of the table). */
  parentId?: string;
  /** Changing it reloads the lines (a command changed them). */
  version?: number;
  /** Add, edit and delete are offered (each only when its handler is given). */
  editable: boolean;
  onAdd?: () => void;
  onEdit?: (row: RecordRow) => void;
  /** Deletes through the document's line command (asked first; the answer is toasted). */
  onDelete?: (row: RecordRow) => Promise<CommandAnswer>;
  /** A line was deleted here: the document's totals changed. */
  onChanged?: () => void;
  /** Rendered above the table, beside the add button (e.g. a hint). */
  extra?: ReactNode;
  /** The quantity and amount total under the table (default shown; lines without prices leave it out). */
  totals?: boolean;
  /** Marks a line whose quantity is above the stock the server recorded on it (`new_tempcurrentinv`). */
  shortfall?: boolean;
}

const num = (v: unknown) => (Number.isFinite(Number(v)) ? Number(v) : 0);

/** The fields a line dialog edits: every field of the line the server does not own. */
const editedFields = (entity: string) => {
  const e = getEntity(entity)!;
  return Object.keys(e.fields).filter((n) => !e.allFields[n].readOnly);
};

/** How many of a line's quantity its warehouse lacks (0 when enough, or when no stock was recorded). */
export function shortOf(r: RecordRow): number {
  if (r.new_tempcurrentinv === null || r.new_tempcurrentinv === undefined || r.new_tempcurrentinv === '') return 0;
  return Math.max(0, num(r.new_qty) - num(r.new_tempcurrentinv));
}

function ShortfallCell({ text, short }: { text: string; short: number }) {
  const t = useT();
  return (
    <Space size={4}>
      {text}
      <Tag color="warning" icon={<WarningOutlined />} data-testid="doc-line-shortfall" data-short={short} style={{ marginInlineEnd: 0 }}>
        {t('parts.ui.shortfall', { short })}
      </Tag>
    </Space>
  );
}

/**
 * The lines tab of a parts document (application, transfer, delivery): the line entity's
 * `byDocument` view, totals of quantity and amount, and while the document is editable the add,
 * edit and delete buttons the screen wires to its own line commands or pages.
 */
export function DocumentLines({
  entity,
  parentField,
  parentId,
  version = 0,
  editable,
  onAdd,
  onEdit,
  onDelete,
  onChanged,
  extra,
  totals = true,
  shortfall = false,
}: DocumentLinesProps) {
  const t = useT();
  const lang = useLocale();
  const phone = usePhone();
  // A line handed to the edit dialog carries what the dialog edits (the part lookup and its name),
  // which the view's columns (part number and name as text) leave out.
  const edits = !!onEdit;
  const select = useMemo(() => (edits ? editedFields(entity) : undefined), [entity, edits]);
  const { rows, loading, error, reload, columns, entity: e } = useDocumentLines(entity, parentField, parentId, version, { select });
  const idOf = (r: RecordRow) => String(r[e.primaryKey] ?? '');

  if (!parentId) {
    return <Alert type="info" showIcon title={t('parts.saveHeaderFirst')} data-testid="doc-lines-save-first" />;
  }

  const remove = (r: RecordRow) =>
    confirm({
      title: t('parts.ui.lineDelete'),
      content: t('parts.ui.lineDeleteConfirm', { name: cellText(r, e.primaryName, e.allFields[e.primaryName], lang) }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const a = await onDelete!(r);
          if (a.message) toast.success(a.message);
          reload();
          onChanged?.();
        } catch (err) {
          toast.error((err as Error).message);
        }
      },
    });

  const tableColumns: TableColumnsType<RecordRow> = columns.map((c) => ({
    key: c,
    dataIndex: c,
    title: e.allFields[c]?.label[lang] ?? c,
    ellipsis: c === 'new_memo',
    align: ['int', 'money', 'decimal'].includes(e.allFields[c]?.type ?? '') ? ('right' as const) : undefined,
    render: (_: unknown, r: RecordRow) => {
      const text = cellText(r, c, e.allFields[c], lang);
      const short = shortfall && c === 'new_qty' ? shortOf(r) : 0;
      return short > 0 ? <ShortfallCell text={text} short={short} /> : text;
    },
  }));
  const rowButtons = editable && (onEdit || onDelete);
  if (rowButtons) {
    tableColumns.push({
      key: '__actions',
      title: t('widgets.list.actions'),
      width: 140,
      // Fixed to the right at 390 px it covered the quantities: a phone scrolls the whole row instead.
      fixed: phone ? undefined : 'right',
      render: (_: unknown, r: RecordRow) => (
        <Space size={4}>
          {onEdit && (
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => onEdit(r)} data-testid="doc-line-edit">
              {t('parts.ui.lineEdit')}
            </Button>
          )}
          {onDelete && (
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(r)} data-testid="doc-line-delete">
              {t('parts.ui.lineDelete')}
            </Button>
          )}
        </Space>
      ),
    });
  }

  // Quantity and amount by the lines' field names (parts documents: new_qty/new_amount; a sales order's: quantity/extendedamount); a kind of line without both shows no totals row.
  const qtyField = ['new_qty', 'quantity'].find((f) => e.allFields[f]);
  const amountField = ['new_amount', 'extendedamount'].find((f) => e.allFields[f]);
  const qty = qtyField ? rows.reduce((s, r) => s + num(r[qtyField]), 0) : 0;
  const amount = amountField ? rows.reduce((s, r) => s + num(r[amountField]), 0) : 0;

  return (
    <div
      data-testid="doc-lines"
      data-count={loading || error ? undefined : rows.length}
      data-error={error ? 'true' : undefined}
      data-editable={editable ? 'true' : 'false'}
    >
      {error && (
        <Alert
          type="error"
          showIcon
          title={t('parts.ui.linesFailed', { message: error })}
          action={
            <Button size="small" onClick={reload} data-testid="doc-lines-retry">
              {t('common.retry')}
            </Button>
          }
          style={{ marginBottom: 12 }}
          data-testid="doc-lines-error"
        />
      )}
      {((editable && onAdd) || extra) && (
        <Space style={{ marginBottom: 12 }} wrap>
          {editable && onAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid="doc-line-add">
              {t('parts.ui.lineAdd')}
            </Button>
          )}
          {extra}
        </Space>
      )}
      <Table<RecordRow>
        size="small"
        rowKey={idOf}
        columns={tableColumns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(r) => ({ 'data-testid': 'doc-line-row', 'data-id': idOf(r) }) as React.HTMLAttributes<HTMLElement>}
        locale={{ emptyText: error ? ' ' : t('parts.ui.linesEmpty') }}
      />
      {totals && qtyField && amountField && rows.length > 0 && (
        <Typography.Paragraph
          strong
          style={{ marginTop: 8, textAlign: 'right' }}
          data-testid="doc-lines-total"
          data-qty={qty}
          data-amount={amount}
        >
          {t('parts.ui.linesTotal', { qty, amount: formatAmount(amount) })}
        </Typography.Paragraph>
      )}
    </div>
  );
}
