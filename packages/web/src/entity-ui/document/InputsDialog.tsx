import { getEntity, type EntityDef, type MessageKey } from '@portal/model';
import { Form, Typography } from 'antd';
import { runCommand, type CommandAnswer } from '../../api/command.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { FieldItem, inputFor, rulesFor } from '../FieldInput.tsx';
import { toFormValues, toPayload } from '../form-values.ts';
import type { RecordRow } from '../../api/records.ts';
import { CommandDialog } from './CommandDialog.tsx';
import { LineQuantities } from './LineQuantities.tsx';

/**
 * The dialog of a declared command with `inputs`: one field input per input (the entity's own,
 * starting from the document's values), the confirmation text above them when declared, and the
 * command run with the values as the entity's payload. A refusal naming an input shows at it.
 */
export function InputsDialog({
  entity,
  id,
  command,
  row,
  testId,
  open,
  onClose,
  onDone,
}: {
  entity: string | EntityDef;
  id: string;
  command: string;
  row: RecordRow;
  testId: string;
  open: boolean;
  onClose: () => void;
  onDone: (a: CommandAnswer) => void;
}) {
  const t = useT();
  const lang = useLocale();
  const e = typeof entity === 'string' ? getEntity(entity)! : entity;
  const c = e.document!.commands![command];
  const inputs = [...(c.inputs ?? [])];
  const [form] = Form.useForm<Record<string, unknown>>();
  return (
    <CommandDialog<Record<string, unknown>, CommandAnswer>
      open={open}
      title={t(c.label)}
      okText={t(c.label)}
      testId={testId}
      form={form}
      initialValues={toFormValues(e, row, inputs)}
      onClose={onClose}
      onDone={onDone}
      send={(values) => {
        // The command owns its inputs: a server-owned field (an approver's amount) is sent too, as the record service never takes it.
        const owned = {
          ...e,
          allFields: { ...e.allFields, ...Object.fromEntries(inputs.map((n) => [n, { ...e.allFields[n], readOnly: false }])) },
        };
        const body = toPayload(owned, values, inputs, false);
        // Per-line quantities go as `lines: [{ lineId, qty }]`.
        const lines = (values as { lines?: Record<string, number | null> }).lines;
        if (c.lineQuantities && lines) body.lines = Object.entries(lines).map(([lineId, qty]) => ({ lineId, qty: qty ?? 0 }));
        return runCommand(entity, id, command, body);
      }}
    >
      {c.confirm && <Typography.Paragraph data-testid={`${testId}-ask`}>{t(c.confirm as MessageKey)}</Typography.Paragraph>}
      {inputs.map((name) => {
        const f = e.allFields[name];
        // A command's input is asked for because the command needs it.
        return (
          <FieldItem
            key={name}
            name={name}
            label={f.label[lang]}
            required
            rules={rulesFor({ ...f, required: true }, lang, t)}
            valuePropName={f.type === 'bool' ? 'checked' : undefined}
          >
            {inputFor(e, name, f, lang, t, false)}
          </FieldItem>
        );
      })}
      {c.lineQuantities && (
        <>
          <Typography.Paragraph strong>{t(c.lineQuantities.label)}</Typography.Paragraph>
          <LineQuantities e={e} id={id} max={c.lineQuantities.max} done={c.lineQuantities.done} testId={testId} />
        </>
      )}
    </CommandDialog>
  );
}
