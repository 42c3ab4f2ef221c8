import type { Sql } from '../../db/db.ts';
import { formatCents, toCents } from '../money.ts';

/**
 * A dealer's rebate balance now, exact ('1234.50'; '0.00' before its first accrual): the account's
 * balance, which the ledger keeps equal to the sum of its moves. `holderUnitId` is the dealer's unit
 * (a store's rebate is its dealer's: domain/dealer-account/ledger.ts accountHolder).
 */
export async function rebateBalance(sql: Sql, holderUnitId: string): Promise<string> {
  const { rows } = await sql.query<{ b: string }>('SELECT new_balance::text AS b FROM new_rebateaccount WHERE new_unit_id = $1::uuid', [
    holderUnitId,
  ]);
  return formatCents(toCents(rows[0]?.b));
}
