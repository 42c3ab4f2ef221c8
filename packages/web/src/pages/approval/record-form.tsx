import { isClientField, type EntityDef } from '@portal/model';
import { Col, Row, type FormInstance } from 'antd';
import type { ReactElement } from 'react';
import { createRecord, deleteRecord, retrieveMultiple, retrieveRecord, updateRecord, type RecordRow } from '../../api/records.ts';
import { FieldItem, inputFor, rulesFor } from '../../entity-ui/FieldInput.tsx';
import { toFormValues, toPayload } from '../../entity-ui/form-values.ts';
import type { Lang } from '@portal/model';
import type { Translate } from '../../locales/i18n.ts';

/**
 * The writable fields of an entity in a grid (the generic form's inputs, without its page);
 * `inputs` replaces a field's input (a flow's document type is a picker, not free text).
 */
export function RecordFields({
  e,
  fields,
  lang,
  t,
  disabled,
  inputs,
}: {
  e: EntityDef;
  fields: string[];
  lang: Lang;
  t: Translate;
  disabled?: boolean;
  inputs?: Record<string, ReactElement>;
}) {
  return (
    <Row gutter={24}>
      {fields.map((name) => {
        const f = e.allFields[name];
        if (!f) return null;
        const wide = f.type === 'memo';
        return (
          <Col key={name} xs={24} md={wide ? 24 : 12} xl={wide ? 24 : 8}>
            <FieldItem
              name={name}
              label={f.label[lang]}
              required={!!f.required && !disabled}
              rules={rulesFor(f, lang, t)}
              valuePropName={f.type === 'bool' ? 'checked' : undefined}
            >
              {inputs?.[name] ?? inputFor(e, name, f, lang, t, !!disabled)}
            </FieldItem>
          </Col>
        );
      })}
    </Row>
  );
}

export const writableFields = (e: EntityDef, names: string[]) => names.filter((n) => isClientField(e, n));

export async function loadInto(e: EntityDef, id: string, fields: string[], form: FormInstance) {
  const r = await retrieveRecord(e.entitySet, id, [e.primaryKey, e.primaryName, ...fields], { silent: true });
  form.setFieldsValue(toFormValues(e, r, fields));
  return r;
}

/** Creates or updates the record from the form values; answers its id. */
export async function saveRecord(e: EntityDef, id: string | undefined, values: Record<string, unknown>, fields: string[]): Promise<string> {
  const body = toPayload(e, values, fields, !id);
  if (id) {
    await updateRecord(e.entitySet, id, body, { silent: true });
    return id;
  }
  const r = await createRecord(e.entitySet, body, { silent: true });
  return r.id;
}

/** Child rows of a parent (e.g. steps of a flow), every page. */
export async function childRows(
  e: EntityDef,
  parentField: string,
  parentId: string,
  select: string[],
  orderby?: string,
): Promise<RecordRow[]> {
  const { rows } = await retrieveMultiple(
    e.entitySet,
    { select: [e.primaryKey, ...select], filter: `${parentField} eq ${parentId}`, orderby, top: 500 },
    { silent: true },
  );
  return rows;
}

/** Makes the child rows linking a parent to users match `wanted` (user ids): creates the missing, deletes the rest. */
export async function syncUserRows(e: EntityDef, parentField: string, parentId: string, wanted: string[]) {
  const existing = await childRows(e, parentField, parentId, ['new_systemuser_id']);
  const have = new Map(existing.map((r) => [String(r.new_systemuser_id ?? ''), String(r[e.primaryKey])]));
  for (const [userId, rowId] of have) if (!wanted.includes(userId)) await deleteRecord(e.entitySet, rowId, { silent: true });
  for (const userId of wanted)
    if (!have.has(userId)) await createRecord(e.entitySet, { [parentField]: parentId, new_systemuser_id: userId }, { silent: true });
}
