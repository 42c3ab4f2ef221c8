import type { Sql } from '../../db/db.ts';

/** Head office (the root of the unit tree): the supplier of every sales order, the shop being the manufacturer's. */
export async function headOfficeUnit(sql: Sql): Promise<string> {
  const { rows } = await sql.query<{ id: string }>(
    'SELECT businessunitid AS id FROM businessunit WHERE parentbusinessunitid IS NULL ORDER BY createdon LIMIT 1',
  );
  return rows[0].id;
}
