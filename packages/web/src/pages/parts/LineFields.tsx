import { getEntity } from '@portal/model';
import { Form, Input } from 'antd';
import type { RecordRow } from '../../api/records.ts';
import { toFormValues } from '../../entity-ui/form-values.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { LookupInput } from '../../widgets/lookup/LookupInput.tsx';
import { NumberInput } from '../../widgets/NumberInput.tsx';
import { lengthCount, lengthRule, numberRule } from '../../widgets/typed-rules.ts';
import type { LookupRecord } from '../../widgets/lookup/lookup-def.ts';

/** What a user enters on a document line; the names are the line commands' (their refusals name them). */
export interface LineValues {
  productId: LookupRecord | null;
  /** The number typed, or the typed text the quantity rule refuses. */
  qty: number | string | null;
  memo: string;
}

/** spec 001 §5/§9: quantities are integers above 0 and under 100,000; memo at most 100 characters. */
export const MAX_QTY = 99_999;
export const MAX_MEMO = 100;

/** A line's current values as the fields' initial values. */
export function lineValues(entity: string, row: RecordRow | null): LineValues {
  if (!row) return { productId: null, qty: null, memo: '' };
  const v = toFormValues(getEntity(entity)!, row, ['new_product_id']);
  return {
    productId: (v.new_product_id as LookupRecord | null) ?? null,
    qty: row.new_qty === null || row.new_qty === undefined ? null : Number(row.new_qty),
    memo: String(row.new_memo ?? ''),
  };
}

/** The request body of a line command: the part only where it is entered, memo trimmed. */
export function lineBody(v: LineValues, withPart: boolean): { productId?: string; qty: number; memo: string } {
  return { ...(withPart && v.productId?.id ? { productId: v.productId.id } : {}), qty: Number(v.qty), memo: (v.memo ?? '').trim() };
}

/**
 * The part, quantity and memo inputs of a line (inside an antd Form), labelled by the line entity's
 * fields. Hooks: `<prefix>-part` (the picker), `<prefix>-qty`, `<prefix>-memo`.
 */
export function LineFields({ entity, prefix, withPart = true }: { entity: string; prefix: string; withPart?: boolean }) {
  const t = useT();
  const lang = useLocale();
  const e = getEntity(entity)!;
  const label = (f: string) => e.allFields[f]?.label[lang] ?? f;
  const qty = label('new_qty');
  return (
    <>
      {withPart && (
        <Form.Item
          name="productId"
          label={label('new_product_id')}
          required
          rules={[
            { validator: (_, v: LookupRecord | null) => (v?.id ? Promise.resolve() : Promise.reject(new Error(t('parts.partRequired')))) },
          ]}
        >
          <LookupInput def={{ entityName: 'product' }} testId={`${prefix}-part`} />
        </Form.Item>
      )}
      <Form.Item
        name="qty"
        label={qty}
        required
        rules={[
          { required: true, message: t('parts.qtyRequired', { field: qty }) },
          // What was typed is refused, never rounded (1.5) or dropped (abc): the box keeps it to correct.
          numberRule({ field: qty, integer: true, min: 1, max: MAX_QTY, messages: { max: t('parts.qtyTooLarge', { field: qty }) } }, t),
        ]}
      >
        <NumberInput testId={`${prefix}-qty`} decimal={false} />
      </Form.Item>
      <Form.Item name="memo" label={label('new_memo')} rules={[lengthRule(label('new_memo'), MAX_MEMO, t)]}>
        <Input.TextArea data-testid={`${prefix}-memo`} count={lengthCount(MAX_MEMO)} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </>
  );
}
