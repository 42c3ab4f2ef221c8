import { contractStatus } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { deriveField } from '../../records/query/derived.ts';

/**
 * Maintenance contracts (维保合同, `new_srv_contract` + `new_srv_contractline`): their business is
 * contract.controller.ts. "Expired" is not a job: every query of the record service reads an active
 * contract whose end date has passed as expired (the derived status, installContract);
 * `expireContracts` (run by every contract write and command and by the work-order warranty hook)
 * stores it too, and no check counts it as live in the meantime (they compare the end date).
 */

/** SQL: the China-time calendar day now. */
export const TODAY_SQL = `((now() AT TIME ZONE 'UTC') + interval '8 hours')::date`;

/** Stores "expired" on active contracts whose end date has passed; returns how many changed. */
export async function expireContracts(sql: Sql): Promise<number> {
  const r = await sql.query(
    `UPDATE new_srv_contract SET new_status = $1, modifiedon = now() WHERE new_status = $2 AND new_enddate < ${TODAY_SQL}`,
    [contractStatus.expired, contractStatus.active],
  );
  return r.rowCount ?? 0;
}

/**
 * Every query reads the status as of today: an active contract past its end date is expired in
 * lists, filters, counts, exports and its screen alike, written or not (issue 25).
 */
export function installContract(): void {
  deriveField(
    'new_srv_contract',
    'new_status',
    (t) =>
      `CASE WHEN ${t}.new_status = ${contractStatus.active} AND ${t}.new_enddate < ${TODAY_SQL} THEN ${contractStatus.expired} ELSE ${t}.new_status END`,
  );
}
