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
    const set = sums.map(
      ([doc, line]) =>
        `${q(doc)} = (SELECT COALESCE(sum(l.${q(line)}), 0) FROM ${q(l.entity)} l WHERE l.${q(l.parent)} = t.${q(e.primaryKey)})`,
    );
    await sql.query(`UPDATE ${q(e.logicalName)} t SET ${set.join(', ')} WHERE t.${q(e.primaryKey)} = $1::uuid`, [id]);
  }
}

/** The documents that keep sums of a kind of line (line entity → document and the lookup naming it), filled at start (installDocuments). */
const summed = new Map<string, { doc: EntityDef; parent: string }[]>();

/** Forgets every registration: each start registers the documents anew (installDocuments), so a test's fixture left earlier is not summed. */
export function forgetLineTotals(): void {
  summed.clear();
}

export function registerLineTotals(doc: EntityDef): void {
  for (const l of doc.document?.lines ?? []) {
    if (!Object.keys(l.totals ?? {}).length) continue;
    const list = summed.get(l.entity) ?? [];
    if (!list.some((x) => x.doc === doc)) summed.set(l.entity, [...list, { doc, parent: l.parent }]);
  }
}

/** The documents whose sums these lines feed (none, without a query, for a line no document sums). */
export async function summingDocuments(sql: Sql, line: EntityDef, ids: readonly string[]): Promise<{ doc: EntityDef; id: string }[]> {
  const out: { doc: EntityDef; id: string }[] = [];
  for (const { doc, parent } of summed.get(line.logicalName) ?? []) {
    const { rows } = await sql.query<{ id: string }>(
      `SELECT DISTINCT ${q(parent)} AS id FROM ${q(line.logicalName)} WHERE ${q(line.primaryKey)} = ANY($1::uuid[]) AND ${q(parent)} IS NOT NULL`,
      [ids],
    );
    for (const r of rows) out.push({ doc, id: r.id });
  }
  return out;
}

/** Recomputes the sums of these documents (after a record-service write of their lines, in its transaction). */
export async function refreshSums(sql: Sql, docs: readonly { doc: EntityDef; id: string }[]): Promise<void> {
  const seen = new Set<string>();
  for (const { doc, id } of docs) {
    const key = `${doc.logicalName}/${doc.entitySet}/${id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    await refreshTotals(sql, doc, id);
  }
}
