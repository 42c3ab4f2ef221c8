import { getEntity } from '@portal/model';
import { Form } from 'antd';
import { createRecord, updateRecord } from '../../api/records.ts';
import { CommandDialog } from '../../entity-ui/document/CommandDialog.tsx';
import type { LineDialogState } from '../../entity-ui/document/use-line-dialog.tsx';
import { FieldItem, inputFor, rulesFor } from '../../entity-ui/FieldInput.tsx';
import { toFormValues, toPayload } from '../../entity-ui/form-values.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { forDialog } from '../parts/dialog-answer.ts';

export interface OpportunityLineProps extends LineDialogState {
  /** The line entity, its lookup naming the opportunity and the fields the dialog edits. */
  entity: 'opportunityproduct' | 'new_opportunitycompetitor' | 'contact';
  parent: string;
  fields: string[];
  docId: string;
  testId: string;
}

/**
 * Add or change a product line or a competitor of an opportunity (or a customer's contact) through the
 * record service (the server prices a product at its list price unless one is given, and refuses
 * anything once the opportunity is closed). Hooks: `<testId>` (`-ok`), fields `field-<name>`.
 */
export function OpportunityLineDialog(props: OpportunityLineProps) {
  const e = getEntity(props.entity)!;
  const key = props.editing === null ? 'closed' : props.editing === 'new' ? 'new' : String(props.editing[e.primaryKey]);
  return <LineForm key={key} {...props} />;
}

function LineForm({ entity, parent, fields, docId, testId, editing, onClose, onDone }: OpportunityLineProps) {
  const t = useT();
  const lang = useLocale();
  const e = getEntity(entity)!;
  const [form] = Form.useForm<Record<string, unknown>>();
  const row = editing && editing !== 'new' ? editing : null;
  const initial = row ? toFormValues(e, row, fields) : fields.includes('quantity') ? { quantity: 1 } : {};
  const send = (v: Record<string, unknown>) => {
    const body = toPayload(e, v, fields, !row);
    const done = row
      ? updateRecord(e.entitySet, String(row[e.primaryKey]), body, { silent: true }).then(() => ({ id: docId, message: t('parts.saved') }))
      : createRecord(e.entitySet, { ...body, [parent]: docId }, { silent: true }).then(() => ({ id: docId, message: t('parts.added') }));
    return forDialog(done);
  };
  return (
    <CommandDialog<Record<string, unknown>>
      open={editing !== null}
      title={`${row ? t('parts.ui.lineEdit') : t('parts.ui.lineAdd')} · ${e.label[lang]}`}
      testId={testId}
      form={form}
      initialValues={initial}
      onClose={onClose}
      onDone={onDone}
      send={send}
    >
      {fields.map((name) => {
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
