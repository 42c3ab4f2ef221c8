import { getEntity, type ExpenseCommand, type MessageKey } from '@portal/model';
import { DatePicker, Form, Input, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { expenseCommand } from '../../api/expense.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { todayUtc8 } from '../../shared/date.ts';
import { CommandDialog } from '../../entity-ui/document/CommandDialog.tsx';
import { forDialog } from '../stock/stock-command.ts';
import type { Rule } from 'antd/es/form';
import { MoneyInput } from '../../widgets/MoneyInput.tsx';
import { lengthCount, lengthRule, numberRule } from '../../widgets/typed-rules.ts';

const CLAIM = getEntity('new_srv_expense_claim')!;

type Values = Record<string, string | number | Dayjs | null | undefined>;

/** The fields each command asks for (the server checks them and answers with the message). */
const FIELDS: Partial<
  Record<ExpenseCommand, { name: string; field: string; kind: 'text' | 'memo' | 'amount' | 'date'; required?: MessageKey }[]>
> = {
  submit: [
    { name: 'bank', field: 'new_bank', kind: 'text', required: 'expense.bankRequired' },
    { name: 'bankCode', field: 'new_bankcode', kind: 'text', required: 'expense.bankRequired' },
  ],
  calculate: [
    { name: 'adjustAmount', field: 'new_adjustamount', kind: 'amount' },
    { name: 'adjustReason', field: 'new_adjustreason', kind: 'memo' },
  ],
  doubt: [{ name: 'doubt', field: 'new_doubt', kind: 'memo', required: 'expense.doubtRequired' }],
  invoice: [
    { name: 'invoiceNo', field: 'new_invoiceno', kind: 'text', required: 'expense.invoiceRequired' },
    { name: 'invoiceDate', field: 'new_invoicedate', kind: 'date', required: 'expense.invoiceRequired' },
    { name: 'invoiceAmount', field: 'new_invoiceamount', kind: 'amount' },
  ],
  pay: [{ name: 'payedDate', field: 'new_payeddate', kind: 'date' }],
};

/**
 * One dialog for every statement command: its fields (bank, adjustment, doubts, invoice, day
 * paid) or, for the steps without input, the question alone; the server's answer or refusal as
 * given. The invoice starts at the approved amount (invoice by approved amount).
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
  const fields = FIELDS[command] ?? [];
  const title = t(`expense.action.${command}`);
  const initial: Values =
    command === 'invoice'
      ? { invoiceAmount: Number(approvedAmount ?? 0), invoiceDate: todayUtc8() }
      : command === 'pay'
        ? { payedDate: todayUtc8() }
        : {};
  return (
    <CommandDialog<Values>
      open
      title={
        <span data-testid="ec-dialog-title">
          {title} · {name}
        </span>
      }
      testId="ec-dialog"
      form={form}
      initialValues={initial}
      onClose={onClose}
      onDone={onDone}
      send={async (v) => {
        const body = Object.fromEntries(
          fields.map((f) => {
            const x = v[f.name];
            return [f.name, dayjs.isDayjs(x) ? x.format('YYYY-MM-DD') : typeof x === 'string' ? x.trim() : (x ?? undefined)];
          }),
        );
        return forDialog(await expenseCommand(claimId, command, body));
      }}
    >
      {command === 'confirm' && <Typography.Paragraph>{t('expense.ui.confirmAsk', { name })}</Typography.Paragraph>}
      {fields.map((f) => {
        const label = CLAIM.allFields[f.field].label[lang];
        const limit = f.kind === 'memo' ? 500 : f.name === 'bank' ? 100 : 40;
        const rules: Rule[] =
          f.kind === 'text' || f.kind === 'memo'
            ? [lengthRule(label, limit, t)]
            : f.kind === 'amount'
              ? [numberRule({ field: label, scale: 2 }, t)]
              : [];
        if (f.required)
          rules.unshift(
            ...(f.kind === 'date'
              ? [{ required: true, type: 'object' as const, message: t(f.required) }]
              : [{ required: true, whitespace: true, message: t(f.required) }]),
          );
        return (
          <Form.Item key={f.name} name={f.name} label={label} rules={rules}>
            {f.kind === 'amount' ? (
              <MoneyInput testId={`ec-field-${f.name}`} />
            ) : f.kind === 'date' ? (
              <DatePicker style={{ width: '100%' }} data-testid={`ec-field-${f.name}`} />
            ) : f.kind === 'memo' ? (
              <Input.TextArea rows={3} count={lengthCount(limit)} data-testid={`ec-field-${f.name}`} />
            ) : (
              <Input count={lengthCount(limit, false)} data-testid={`ec-field-${f.name}`} />
            )}
          </Form.Item>
        );
      })}
    </CommandDialog>
  );
}
