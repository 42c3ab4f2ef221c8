import { workOrderAction, workOrderDealStatus, workOrderStatus } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { serverDefaults, writeHooks } from '../../records/write.ts';
import { nextWorkOrderNumbers } from './numbering.ts';
import { fillFromProduct } from './product-fill.ts';
import { linkContracts } from './contract-warranty.ts';
import { checkNewOrders, checkOrderUpdate, phoneOf } from './overseas.ts';
import { recomputeTotals } from './totals.ts';

/** The costs a user enters on the order (the others follow its details). */
const ENTERED_COSTS = ['new_othercost', 'new_specialfee', 'new_fineamount'] as const;
/** A validated money value in whole cents (exact sums), empty = 0. */
const cents = (v: unknown) => (v === null || v === undefined || v === '' ? 0 : Math.round(Number(v) * 100));
const money = (c: number) => (c / 100).toFixed(2);

/**
 * One "created" history entry per new order, set-based (an Excel import creates up to 5000 at
 * once); the entry belongs to the order's creator, station and owning unit.
 */
async function logCreated(sql: Sql, ids: string[]): Promise<void> {
  await sql.query(
    `INSERT INTO new_srv_workorderlog (new_name, new_workorder_id, new_station_id, new_action, new_tostatus, createdby, modifiedby, ownerid, owningbusinessunit)
     SELECT o.new_name, o.new_srv_workorderid, o.new_station_id, $2::int, o.new_status, o.createdby, o.createdby, o.ownerid, o.owningbusinessunit
       FROM new_srv_workorder o WHERE o.new_srv_workorderid = ANY($1::uuid[])`,
    [ids, workOrderAction.created],
  );
}

/**
 * Registers the work order's server defaults (number, initial states, zero costs) and the hooks
 * the generic record service runs: history and total on create, the state guard on update and
 * delete, the total on update, and the product's line and model where the order has none. Called once when the routes are set up.
 */
export function installWorkOrder(): void {
  // The writable costs (other cost, special fee, reward/fine) keep what the row brings, else 0;
  // the total is theirs (the detail-based costs start at 0), so no second pass over the new rows.
  serverDefaults.set('new_srv_workorder', async (sql, rows, _caller, lang) => {
    checkNewOrders(rows, lang);
    const numbers = await nextWorkOrderNumbers(sql, rows.length);
    return rows.map((row, i) => {
      const [other, special, fine] = ENTERED_COSTS.map((f) => cents(row[f]));
      return {
        new_name: numbers[i],
        new_dealstatus: workOrderDealStatus.unassigned,
        new_status: workOrderStatus.notDispatched,
        new_isabnormal: false,
        new_photocount: 0,
        new_isoverseas: row.new_isoverseas === true,
        // Checked by checkNewOrders: an overseas order's phone is kept as E.164.
        new_phone: typeof row.new_phone === 'string' ? phoneOf(row) : (row.new_phone ?? null),
        new_servicecharge: '0',
        new_outsidecost: '0',
        new_partcost: '0',
        new_othercost: money(other),
        new_specialfee: money(special),
        new_fineamount: money(fine),
        new_totalcost: money(other + special + fine),
      };
    });
  });
  writeHooks.set('new_srv_workorder', {
    // The states in which the form may change or delete an order are the model's edit rule.
    async guard(sql, id, op, values, _caller, lang) {
      if (op === 'update') await checkOrderUpdate(sql, id, values, lang);
      // An undispatched order goes with its own history (which would otherwise keep it referenced).
      if (op === 'delete') await sql.query(`DELETE FROM new_srv_workorderlog WHERE new_workorder_id = $1::uuid`, [id]);
    },
    async after(sql, ids, op) {
      await fillFromProduct(sql, ids);
      await linkContracts(sql, ids);
      if (op === 'update') return recomputeTotals(sql, ids);
      await logCreated(sql, ids);
    },
  });
}
