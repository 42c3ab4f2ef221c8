import { getEntity, type LookupField } from '@portal/model';
import { Form } from 'antd';
import { lookupData, type LookupCondition } from '../api/lookup.ts';
import { LookupInput } from '../widgets/lookup/LookupInput.tsx';
import type { LookupRecord } from '../widgets/lookup/lookup-def.ts';
import { toFormValues } from './form-values.ts';

/** The form values a picked record gives (`fills`: row field ← target field), read through the lookup API the dialog uses. */
export async function valuesFilledBy(f: LookupField, id: string): Promise<Record<string, unknown> | null> {
  const target = getEntity(f.target);
  if (!target || !f.fills) return null;
  const from = [...new Set(Object.values(f.fills))];
  // One row by id; the lookup API takes pages of 10–50.
  const { rows } = await lookupData(
    { entityName: target.logicalName, page: 1, count: 10, select: from, condition: [{ field: target.primaryKey, op: 'eq', value: id }] },
    { silent: true },
  );
  if (!rows[0]) return null;
  const values = toFormValues(target, rows[0], from);
  return Object.fromEntries(Object.entries(f.fills).map(([own, src]) => [own, values[src] ?? null]));
}

/**
 * A lookup whose model declares `fills` (a work order's product → its product line and model):
 * picking a record sets those fields of the form from it, where the user sees and may change them.
 */
export function FillingLookupInput({
  field,
  name,
  value,
  onChange,
  testId,
  disabled,
  conditions,
}: {
  field: LookupField;
  name: string;
  value?: LookupRecord | null;
  onChange?: (v: LookupRecord | null) => void;
  testId?: string;
  disabled?: boolean;
  conditions?: LookupCondition[];
}) {
  const form = Form.useFormInstance();
  const change = (v: LookupRecord | null) => {
    onChange?.(v);
    if (!v?.id) return;
    void valuesFilledBy(field, v.id)
      .then((filled) => {
        // Only for the pick still in the field (a quicker second pick wins).
        if (filled && (form.getFieldValue(name) as LookupRecord | null)?.id === v.id) form.setFieldsValue(filled);
      })
      .catch(() => undefined); // nothing filled: the fields stay as they are and the server fills what is left empty
  };
  return <LookupInput def={{ entityName: field.target, conditions }} value={value} onChange={change} testId={testId} disabled={disabled} />;
}
