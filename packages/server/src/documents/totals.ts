import type { EntityDef } from '@portal/model';
import type { Sql } from '../db/db.ts';
import { q } from '../records/sql.ts';

/**
 * Recomputes the sums a document keeps of its lines (`lines[].totals`: { document field: line field })
 * from the lines themselves, in one statement per kind of line: never incremented, so never adrift.
 */
export async function refreshTotals(sql: Sql, e: EntityDef, id: string): Promise<void> {
  for (const l of e.document?.lines ?? []) {
    const sums = Object.entries(l.totals ?? {});
    if (!sums.length) continue;
    const set = sums.map(([doc, line]) =>
      `${q(doc)} = (SELECT COALESCE(sum(l.${q(line)}), 0) FROM ${q(l.entity)} l WHERE l.${q(l.parent)} = t.${q(e.primaryKey)})`);
    await sql.query(`UPDATE ${q(e.logicalName)} t SET ${set.join(', ')} WHERE t.${q(e.primaryKey)} = $1::uuid`, [id]);
  }
}
