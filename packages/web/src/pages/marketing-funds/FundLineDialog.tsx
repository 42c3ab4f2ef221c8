import { getEntity } from '@portal/model';
import { Form } from 'antd';
import type { CommandAnswer } from '../../api/command.ts';
import { createRecord, updateRecord, type RecordRow } from '../../api/records.ts';
import { CommandDialog } from '../../entity-ui/document/CommandDialog.tsx';
import { FieldItem, inputFor, rulesFor } from '../../entity-ui/FieldInput.tsx';
import { toFormValues, toPayload } from '../../entity-ui/form-values.ts';
import { useLocale, useT } from '../../locales/i18n.ts';

export interface FundLineKind {
  /** The line entity and its lookup naming the document. */
  entity: string;
  parent: string;
  /** The fields the dialog edits, in order. */
  fields: string[];
  /** Root hook of the dialog (`<testId>-ok`, `<testId>-error`; fields `field-<name>`). */
  testId: string;
}

interface Props {
  kind: FundLineKind;
  docId: string;
  /** The line edited, 'new' to add one, null when closed. */
  editing: RecordRow | 'new' | null;
  onClose: () => void;
  onDone: () => void;
}

/**
 * Add or change one cost line of a fund document (an activity's 费用明细, a claim's 实际费用) through
 * the record service. The server refuses it unless the document may be changed, an amount not above
 * zero, and a claim's line beyond what is left to claim — each shown at its field in the dialog.
 */
export function FundLineDialog(props: Props) {
  const e = getEntity(props.kind.entity)!;
  const key = props.editing === null ? 'closed' : props.editing === 'new' ? 'new' : String(props.editing[e.primaryKey]);
  // A fresh form for each line opened: what was typed into another does not carry over.
  return <LineForm key={key} {...props} />;
}

function LineForm({ kind, docId, editing, onClose, onDone }: Props) {
  const t = useT();
  const lang = useLocale();
  const [form] = Form.useForm<Record<string, unknown>>();
  const e = getEntity(kind.entity)!;
  const row = editing && editing !== 'new' ? editing : null;
  const send = async (v: Record<string, unknown>): Promise<CommandAnswer> => {
    const body = toPayload(e, v, kind.fields, !row);
    if (row) await updateRecord(e.entitySet, String(row[e.primaryKey]), body, { silent: true });
    else await createRecord(e.entitySet, { ...body, [kind.parent]: docId }, { silent: true });
    return { id: docId, message: t(row ? 'parts.saved' : 'parts.added') };
  };
  return (
    <CommandDialog<Record<string, unknown>, CommandAnswer>
      open={editing !== null}
      title={`${row ? t('parts.ui.lineEdit') : t('parts.ui.lineAdd')} · ${e.label[lang]}`}
      testId={kind.testId}
      form={form}
      initialValues={row ? toFormValues(e, row, kind.fields) : undefined}
      onClose={onClose}
      onDone={onDone}
      send={send}
    >
      {kind.fields.map((name) => {
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
