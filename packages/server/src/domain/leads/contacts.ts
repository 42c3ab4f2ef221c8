import { getEntity } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { serverDefaults, writeHooks } from '../../records/write.ts';

/*
 * A contact (联系人) sits in its customer's unit: whoever reaches the customer reaches its contacts.
 * The unit is the server's (from the customer, which the record service has already checked is in
 * the writer's reach), on create and when the contact moves to another customer.
 */

const CONTACT = getEntity('contact')!;

async function customerUnits(sql: Sql, rows: readonly Record<string, unknown>[]) {
  const { rows: units } = await sql.query<{ id: string; unit: string }>(
    'SELECT new_endcustomerid AS id, new_businessunit_id AS unit FROM new_endcustomer WHERE new_endcustomerid = ANY($1::uuid[])',
    [rows.map((r) => r.parentcustomerid)],
  );
  const byId = new Map(units.map((u) => [u.id, u.unit]));
  return rows.map((r) => ({ new_businessunit_id: byId.get(String(r.parentcustomerid)) ?? null }));
}

export function installContacts(): void {
  serverDefaults.set(CONTACT.logicalName, (sql, rows) => customerUnits(sql, rows));
  writeHooks.set(CONTACT.logicalName, {
    async after(sql, ids) {
      await sql.query(
        `UPDATE contact c SET new_businessunit_id = cu.new_businessunit_id, owningbusinessunit = cu.new_businessunit_id
           FROM new_endcustomer cu
          WHERE c.contactid = ANY($1::uuid[]) AND cu.new_endcustomerid = c.parentcustomerid
            AND (c.new_businessunit_id IS DISTINCT FROM cu.new_businessunit_id OR c.owningbusinessunit IS DISTINCT FROM cu.new_businessunit_id)`,
        [ids],
      );
    },
  });
}
