import { getEntity, type ExpenseCommand, type MessageKey } from '@portal/model';
import { DatePicker, Form, Input, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { runCommand } from '../../api/command.ts';
import { CommandDialog } from '../../entity-ui/document/CommandDialog.tsx';
import { useLocale, useT } from '../../locales/i18n.ts';
import { todayUtc8 } from '../../shared/date.ts';
import { MoneyInput } from '../../widgets/MoneyInput.tsx';
import { lengthCount, lengthRule, numberRule } from '../../widgets/typed-rules.ts';

const CLAIM = getEntity('new_srv_expense_claim')!;

type Values = Record<string, string | number | Dayjs | null | undefined>;

/** The inputs a step cannot go without, with the message the server gives too. */
const REQUIRED: Record<string, MessageKey> = {
  new_bank: 'expense.bankRequired',
  new_bankcode: 'expense.bankRequired',
  new_doubt: 'expense.doubtRequired',
  new_invoiceno: 'expense.invoiceRequired',
  new_invoicedate: 'expense.invoiceRequired',
};
/** Each input's hook (ec-field-<name>), as the screen's tests know it. */
const HOOK: Record<string, string> = {
  new_bank: 'bank',
  new_bankcode: 'bankCode',
  new_adjustamount: 'adjustAmount',
  new_adjustreason: 'adjustReason',
  new_doubt: 'doubt',
  new_invoiceno: 'invoiceNo',
  new_invoicedate: 'invoiceDate',
  new_invoiceamount: 'invoiceAmount',
  new_payeddate: 'payedDate',
};

/**
 * One dialog for every statement command: its declared inputs (bank, adjustment, doubts, invoice,
 * day paid; only some required, unlike the generic inputs dialog) or, for the steps without input,
 * the declared question alone; the server's answer or refusal as given. The invoice starts at the
 * approved amount (invoice by approved amount), the payment at today.
 */
export function ExpenseCommandDialog({
  claimId,
  name,
  command,
  approvedAmount,
  onClose,
  onDone,
}: {
  claimId: string;
  name: string;
  command: ExpenseCommand;
  approvedAmount: unknown;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const lang = useLocale();
  const [form] = Form.useForm<Values>();
  const c = CLAIM.document!.commands![command];
  const inputs = c.inputs ?? [];
  const initial: Values =
    command === 'invoice'
      ? { new_invoiceamount: Number(approvedAmount ?? 0), new_invoicedate: todayUtc8() }
      : command === 'pay'
        ? { new_payeddate: todayUtc8() }
        : {};
  return (
    <CommandDialog<Values>
      open
      title={
        <span data-testid="ec-dialog-title">
          {t(c.label)} · {name}
        </span>
      }
      testId="ec-dialog"
      form={form}
      initialValues={initial}
      onClose={onClose}
      onDone={onDone}
      send={(v) =>
        runCommand(
          CLAIM,
          claimId,
          command,
          Object.fromEntries(
            inputs.map((f) => {
              const x = v[f];
              return [f, dayjs.isDayjs(x) ? x.format('YYYY-MM-DD') : typeof x === 'string' ? x.trim() : (x ?? undefined)];
            }),
          ),
        )
      }
    >
      {c.confirm && <Typography.Paragraph>{t(c.confirm, { name })}</Typography.Paragraph>}
      {inputs.map((f) => {
        const field = CLAIM.allFields[f];
        const label = field.label[lang];
        const testId = `ec-field-${HOOK[f]}`;
        const limit = field.type === 'text' || field.type === 'memo' ? field.maxLength : 0;
        const rules: Rule[] = limit
          ? [lengthRule(label, limit, t)]
          : field.type === 'money'
            ? [numberRule({ field: label, scale: 2 }, t)]
            : [];
        const required = REQUIRED[f];
        if (required)
          rules.unshift(
            field.type === 'date'
              ? { required: true, type: 'object' as const, message: t(required) }
              : { required: true, whitespace: true, message: t(required) },
          );
        return (
          <Form.Item key={f} name={f} label={label} rules={rules}>
            {field.type === 'money' ? (
              <MoneyInput testId={testId} />
            ) : field.type === 'date' ? (
              <DatePicker style={{ width: '100%' }} data-testid={testId} />
            ) : field.type === 'memo' ? (
              <Input.TextArea rows={3} count={lengthCount(limit)} data-testid={testId} />
            ) : (
              <Input count={lengthCount(limit, false)} data-testid={testId} />
            )}
          </Form.Item>
        );
      })}
    </CommandDialog>
  );
}
