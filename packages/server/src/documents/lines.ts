import type { EntityDef } from '@portal/model';
import type { Sql } from '../db/db.ts';
import { q } from '../records/sql.ts';

/**
 * A document deleted through the record service takes its declared lines with it (the edit rule of
 * its declared status has already said whether it may be deleted: by default only where editable).
 */
export async function deleteDocumentLines(sql: Sql, e: EntityDef, id: string): Promise<void> {
  for (const l of e.document?.lines ?? []) await sql.query(`DELETE FROM ${q(l.entity)} WHERE ${q(l.parent)} = $1::uuid`, [id]);
}
