import { getEntity, productReturnItemType } from '@portal/model';
import { Form } from 'antd';
import { createRecord, updateRecord, type RecordRow } from '../../api/records.ts';
import { FieldItem, inputFor, rulesFor } from '../../entity-ui/FieldInput.tsx';
import { toFormValues, toPayload } from '../../entity-ui/form-values.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { forDialog } from '../parts/dialog-answer.ts';
import { CommandDialog } from '../../entity-ui/document/CommandDialog.tsx';

export const RETURN_LINE = 'new_srv_productreturndetail';
const FIELDS = ['new_itemtype', 'new_product_id', 'new_serialnumber', 'new_qty', 'new_memo'];

/**
 * Add or edit one returned item (the machine or an accessory) through the record service; the
 * server refuses it unless the return is draft or rejected. Hooks: `pr-line-dialog` (`-ok`, `-error`),
 * fields `field-<name>`.
 */
interface ReturnLineDialogProps {
  returnId: string;
  /** The line edited, 'new' to add one, null when closed. */
  editing: RecordRow | 'new' | null;
  onClose: () => void;
  onDone: () => void;
}

export function ReturnLineDialog(props: ReturnLineDialogProps) {
  const e = getEntity(RETURN_LINE)!;
  const key = props.editing === null ? 'closed' : props.editing === 'new' ? 'new' : String(props.editing[e.primaryKey]);
  // A fresh form for each line opened: what was typed into another does not carry over.
  return <LineDialog key={key} {...props} />;
}

function LineDialog({ returnId, editing, onClose, onDone }: ReturnLineDialogProps) {
  const t = useT();
  const lang = useLocale();
  const [form] = Form.useForm<Record<string, unknown>>();
  const e = getEntity(RETURN_LINE)!;
  const row = editing && editing !== 'new' ? editing : null;
  const initial = row ? toFormValues(e, row, FIELDS) : { new_itemtype: productReturnItemType.machine, new_qty: 1 };
  const send = (v: Record<string, unknown>) => {
    const body = toPayload(e, v, FIELDS, !row);
    const done = row
      ? updateRecord(e.entitySet, String(row[e.primaryKey]), body, { silent: true }).then(() => ({
          id: returnId,
          message: t('parts.saved'),
        }))
      : createRecord(e.entitySet, { ...body, new_productreturn_id: returnId }, { silent: true }).then(() => ({
          id: returnId,
          message: t('parts.added'),
        }));
    return forDialog(done);
  };
  return (
    <CommandDialog<Record<string, unknown>>
      open={editing !== null}
      title={`${row ? t('parts.ui.lineEdit') : t('parts.ui.lineAdd')} · ${e.label[lang]}`}
      testId="pr-line-dialog"
      form={form}
      initialValues={initial}
      onClose={onClose}
      onDone={onDone}
      send={send}
    >
      {FIELDS.map((name) => {
        const f = e.allFields[name];
        return (
          <FieldItem key={name} name={name} label={f.label[lang]} required={!!f.required} rules={rulesFor(f, lang, t)}>
            {inputFor(e, name, f, lang, t, false)}
          </FieldItem>
        );
      })}
    </CommandDialog>
  );
}
