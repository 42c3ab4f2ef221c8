import type { EntityDef } from '@portal/model';
import { Form } from 'antd';
import { useCallback, useEffect } from 'react';
import type { RecordRow } from '../../api/records.ts';
import { useT } from '../../locales/i18n.ts';
import { NumberInput, type NumberValue } from '../../widgets/NumberInput.tsx';
import { numberRule } from '../../widgets/typed-rules.ts';
import { num } from '../../entity-ui/document/num.ts';

/** What is still to receive of a line (shipped − received). */
export const remainingOf = (r: RecordRow) => Math.max(0, (num(r.new_qty) ?? 0) - (num(r.new_receivedqty) ?? 0));

/**
 * The quantities of one receipt (a delivery's, a parts return's): one per line, starting at what
 * is still to receive (a full receipt) each time the lines load. The boxes keep what was typed
 * (issue 24: 1.5 is not rounded to 2, 9 is not clamped to the remainder) and refuse it at the line
 * (只能输入整数, 必须是数字, the remainder); `lines()` is what is posted (the lines above 0), or
 * null while a line is refused. Wrap the table in `<Form form={receipt.form} component={false}>`.
 */
export function useReceiptQuantities(line: EntityDef, rows: RecordRow[]) {
  const t = useT();
  const [form] = Form.useForm<Record<string, NumberValue>>();
  const idOf = useCallback((r: RecordRow) => String(r[line.primaryKey] ?? ''), [line]);
  const fill = useCallback(() => {
    if (rows.length) form.setFieldsValue(Object.fromEntries(rows.map((r) => [idOf(r), remainingOf(r)])));
  }, [form, rows, idOf]);
  useEffect(fill, [fill]);
  const lines = async () => {
    try {
      await form.validateFields();
    } catch {
      return null;
    }
    return rows.map((r) => ({ lineId: idOf(r), qty: Number(form.getFieldValue(idOf(r)) ?? 0) })).filter((l) => l.qty > 0);
  };
  const column = (title: string, testId: string, width: number) => ({
    key: 'receive',
    title,
    width,
    render: (_: unknown, r: RecordRow) => {
      const remaining = remainingOf(r);
      const part = String(r.new_name ?? '');
      return (
        <Form.Item
          name={idOf(r)}
          style={{ margin: 0 }}
          rules={[
            numberRule(
              { field: title, integer: true, min: 0, max: remaining, messages: { max: t('delivery.receivedOver', { part, remaining }) } },
              t,
            ),
          ]}
        >
          <NumberInput testId={testId} lineId={idOf(r)} ariaLabel={`${title} ${part}`} decimal={false} disabled={remaining === 0} />
        </Form.Item>
      );
    },
  });
  return { form, idOf, fill, lines, column };
}
