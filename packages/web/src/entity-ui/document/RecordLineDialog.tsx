import { getEntity } from '@portal/model';
import { Form } from 'antd';
import { createRecord, updateRecord } from '../../api/records.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { forDialog } from '../../pages/parts/dialog-answer.ts';
import { FieldItem, inputFor, rulesFor } from '../FieldInput.tsx';
import { toFormValues, toPayload } from '../form-values.ts';
import { CommandDialog } from './CommandDialog.tsx';
import type { LineDialogState } from './use-line-dialog.tsx';

export interface RecordLineProps extends LineDialogState {
  /** The line entity (logical name), its lookup naming the document, and the fields the dialog edits. */
  entity: string;
  parent: string;
  fields: string[];
  docId: string;
  testId: string;
  /** A new line's values. */
  initial?: Record<string, unknown>;
  /** Fields required here though the model leaves them optional (e.g. a catalogue line's product). */
  required?: string[];
}

/**
 * A document's line (or any row hanging off it) added or changed through the record service, in
 * the document's command dialog: the server's refusals show at their fields. Remounted per line
 * edited, so each opens with its own values. Hooks: `<testId>` (`-ok`), fields `field-<name>`.
 */
export function RecordLineDialog(props: RecordLineProps) {
  const e = getEntity(props.entity)!;
  const key = props.editing === null ? 'closed' : props.editing === 'new' ? 'new' : String(props.editing[e.primaryKey]);
  return <LineForm key={key} {...props} />;
}

function LineForm({ entity, parent, fields, docId, testId, initial, required, editing, onClose, onDone }: RecordLineProps) {
  const t = useT();
  const lang = useLocale();
  const e = getEntity(entity)!;
  const [form] = Form.useForm<Record<string, unknown>>();
  const row = editing && editing !== 'new' ? editing : null;
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
      initialValues={row ? toFormValues(e, row, fields) : (initial ?? {})}
      onClose={onClose}
      onDone={onDone}
      send={send}
    >
      {fields.map((name) => {
        const f = e.allFields[name];
        return (
          <FieldItem
            key={name}
            name={name}
            label={f.label[lang]}
            required={!!f.required || !!required?.includes(name)}
            rules={rulesFor(f, lang, t)}
          >
            {inputFor(e, name, f, lang, t, false)}
          </FieldItem>
        );
      })}
    </CommandDialog>
  );
}
