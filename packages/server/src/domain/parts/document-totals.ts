import type { EntityDef } from '@portal/model';
import type { Sql } from '../../db/db.ts';

/**
 * A parts document's totals from its lines (deliveries, transfers, sales): each line's amount as
 * quantity × price, then the header's total quantity, amount and line count. Table and column
 * names come from the model's entity definitions, never from a caller.
 */
export async function recomputeDocumentTotals(sql: Sql, header: EntityDef, line: EntityDef, lineFk: string, id: string): Promise<void> {
  if (!(lineFk in line.allFields)) throw new Error(`${line.logicalName} has no ${lineFk}`);
  await sql.query(`UPDATE ${line.logicalName} SET new_amount = round(new_qty * new_price, 2) WHERE ${lineFk} = $1::uuid`, [id]);
  await sql.query(
    `UPDATE ${header.logicalName} h SET new_totalqty = x.qty, new_totalamount = x.amount, new_linecount = x.n, modifiedon = now()
       FROM (SELECT COALESCE(sum(new_qty), 0)::int AS qty, COALESCE(sum(new_amount), 0) AS amount, count(*)::int AS n
               FROM ${line.logicalName} WHERE ${lineFk} = $1::uuid) x
      WHERE h.${header.primaryKey} = $1::uuid`,
    [id],
  );
}
