import { Alert, Form, Table } from 'antd';
import { setApprovedQuantities } from '../../api/parts.ts';
import type { RecordRow } from '../../api/records.ts';
import { cellText } from '../../entity-ui/format.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { CommandDialog } from '../../entity-ui/document/CommandDialog.tsx';
import { NumberInput } from '../../widgets/NumberInput.tsx';
import { numberRule } from '../../widgets/typed-rules.ts';
import { forDialog } from './dialog-answer.ts';
import { APPLICATION_DOC } from './request-documents.ts';
import { useDocumentLines } from '../../entity-ui/document/use-document-lines.ts';

type Values = Record<string, number | null>;

/**
 * 修改审批数量: the current step's approver sets each line's approved quantity (0 to the applied
 * quantity) before approving. One input per line (`pa-approved-qty` with `data-line-id`), starting
 * from the approved quantity or, when none yet, the applied one. Hooks: `pa-approved-dialog`
 * (`-ok`, `-cancel`, `-error`).
 */
export function ApprovedQtyDialog({
  docId,
  open,
  onClose,
  onDone,
}: {
  docId: string;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const lang = useLocale();
  const [form] = Form.useForm<Values>();
  const { rows, loading, entity: e } = useDocumentLines(APPLICATION_DOC.lineEntity, APPLICATION_DOC.parentField, open ? docId : undefined);
  const idOf = (r: RecordRow) => String(r[e.primaryKey] ?? '');
  const applied = e.allFields.new_qty.label[lang];
  const approved = e.allFields.new_approvedqty.label[lang];
  return (
    <CommandDialog<Values>
      open={open}
      title={t('parts.ui.approvedQty')}
      testId="pa-approved-dialog"
      form={form}
      width={760}
      onClose={onClose}
      onDone={onDone}
      send={(v) =>
        forDialog(setApprovedQuantities(docId, { lines: rows.map((r) => ({ lineId: idOf(r), approvedQty: Number(v[idOf(r)]) })) }))
      }
    >
      <Alert type="info" showIcon title={t('parts.ui.approvedHint')} style={{ marginBottom: 12 }} />
      <Table<RecordRow>
        size="small"
        rowKey={idOf}
        dataSource={rows}
        loading={loading}
        pagination={false}
        scroll={{ y: 400 }}
        columns={[
          { key: 'code', title: e.allFields.new_code.label[lang], render: (_, r) => cellText(r, 'new_code', e.allFields.new_code, lang) },
          { key: 'name', title: e.allFields.new_name.label[lang], render: (_, r) => cellText(r, 'new_name', e.allFields.new_name, lang) },
          { key: 'qty', title: applied, align: 'right', render: (_, r) => cellText(r, 'new_qty', e.allFields.new_qty, lang) },
          {
            key: 'approved',
            title: approved,
            width: 160,
            render: (_, r) => {
              const max = Number(r.new_qty) || 0;
              const part = String(r.new_name ?? '');
              return (
                <Form.Item
                  name={idOf(r)}
                  initialValue={r.new_approvedqty === null || r.new_approvedqty === undefined ? max : Number(r.new_approvedqty)}
                  style={{ margin: 0 }}
                  rules={[
                    { required: true, message: t('parts.qtyRequired', { field: approved }) },
                    numberRule(
                      {
                        field: approved,
                        integer: true,
                        min: 0,
                        max,
                        messages: { max: t('parts.approvedOverApplied', { part, qty: max }) },
                      },
                      t,
                    ),
                  ]}
                >
                  <NumberInput testId="pa-approved-qty" lineId={idOf(r)} decimal={false} />
                </Form.Item>
              );
            },
          },
        ]}
      />
    </CommandDialog>
  );
}
