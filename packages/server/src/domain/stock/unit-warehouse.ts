import type { MessageKey } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { refuse } from '../../http/errors.ts';

/**
 * A business unit's warehouse (its first active one by code): where a shipment to a buyer arrives,
 * where a dealer's purchase-order goods leave from. Refused with the caller's text naming the unit when it has none.
 */
export async function unitWarehouse(sql: Sql, unitId: string, noWarehouse: MessageKey): Promise<string> {
  const { rows } = await sql.query<{ id: string | null; unit: string }>(
    `SELECT (SELECT w.new_srv_warehouseid FROM new_srv_warehouse w
              WHERE w.new_businessunit_id = b.businessunitid AND COALESCE(w.new_isactive, true) AND w.statecode = 0
              ORDER BY w.new_code LIMIT 1) AS id, b.name AS unit
       FROM businessunit b WHERE b.businessunitid = $1::uuid`,
    [unitId],
  );
  if (!rows[0]?.id) throw refuse(noWarehouse, { unit: rows[0]?.unit ?? '' });
  return rows[0].id;
}
