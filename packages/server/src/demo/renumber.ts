import { getEntity } from '@portal/model';
import type { Sql } from '../db/db.ts';
import { nextDocumentNumbers } from '../domain/document-number.ts';

/**
 * A demo document made today but dated in the past takes the next number of its day or month from
 * the same sequence as everyone's (issue 24: a new document never reuses a demo's number), and the
 * messages that named the number it was made with name the new one. `prefix`: e.g. `SO20261010`.
 */
export async function renumberDemo(sql: Sql, entity: string, id: string, prefix: string): Promise<string> {
  const e = getEntity(entity)!;
  const name = e.primaryName!;
  const key = `${entity}id`;
  const [number] = await nextDocumentNumbers(sql, entity, prefix, 1);
  const {
    rows: [old],
  } = await sql.query<{ name: string }>(`SELECT ${name} AS name FROM ${entity} WHERE ${key} = $1::uuid`, [id]);
  await sql.query(`UPDATE ${entity} SET ${name} = $2 WHERE ${key} = $1::uuid`, [id, number]);
  await sql.query(
    `UPDATE portal_message SET params = jsonb_set(params, '{name}', to_jsonb($2::text))
      WHERE entity = $3 AND record_id = $1::uuid AND params->>'name' = $4`,
    [id, number, entity, old.name],
  );
  return number;
}
