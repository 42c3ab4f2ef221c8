import type { Sql } from '../../db/db.ts';
import type { Caller } from '../../records/scope.ts';
import { writeHooks } from '../../records/write.ts';
import { formatCents, toCents } from '../money.ts';

/*
 * The standing credit limit is set by head-office finance on the dealer's account through the
 * record service (/dealeraccount/edit, finance.manage). Every change is logged in
 * new_creditlimitlog — who, when, from, to — in the same transaction, under the account row's lock
 * (the record service locks the row before its write checks), so two changes log in their order.
 */

async function logLimitChange(sql: Sql, id: string, values: Record<string, unknown>, caller: Caller): Promise<void> {
  if (!('new_creditlimit' in values)) return;
  const {
    rows: [a],
  } = await sql.query<{ name: string; unit: string; lim: string | null }>(
    'SELECT new_name AS name, new_unit_id AS unit, new_creditlimit::text AS lim FROM new_dealeraccount WHERE new_dealeraccountid = $1::uuid',
    [id],
  );
  const before = toCents(a.lim);
  const after = toCents(values.new_creditlimit as string | number | null);
  if (before === after) return;
  const by = caller.principal.userId;
  await sql.query(
    `INSERT INTO new_creditlimitlog (new_name, new_account_id, new_unit_id, new_before, new_after, new_change,
                                     createdon, modifiedon, createdby, modifiedby, ownerid, owningbusinessunit)
     VALUES ($1, $2::uuid, $3::uuid, $4::numeric, $5::numeric, $6::numeric, clock_timestamp(), now(), $7::uuid, $7::uuid, $7::uuid, $3::uuid)`,
    [a.name.slice(0, 160), id, a.unit, formatCents(before), formatCents(after), formatCents(after - before), by],
  );
}

export function installCreditLimitLog(): void {
  writeHooks.set('new_dealeraccount', {
    async guard(sql, id, op, values, caller) {
      if (op === 'update') await logLimitChange(sql, id, values, caller);
    },
  });
}
