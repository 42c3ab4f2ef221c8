import {
  approvalStatus,
  getEntity,
  isApprovalEditable,
  productReturnItemType,
  productReturnState as S,
  pulloutStatus,
  pulloutType,
  workOrderStatus,
} from '@portal/model';
import { z } from 'zod';
import type { Sql } from '../../db/db.ts';
import type { DocumentController } from '../../documents/controller.ts';
import { refuse } from '../../http/errors.ts';
import { normGuid } from '../../records/validate.ts';
import { chinaDate } from '../china-time.ts';
import { requiredDate } from '../checked-input.ts';

/*
 * Product returns / pullouts (退机申请, `new_srv_productreturn` + lines; its life is declared on the
 * entity: number TJ<month>, approval, collect/ship/receive): a machine taken back from a customer,
 * linked to its work order. Every rule runs inside the one transaction of the write or command:
 * - create / change: the work order is locked, must not be cancelled, must belong to the return's
 *   station, and may have only one return that is not vetoed;
 * - lines only while the return is draft or rejected; a draft is deleted with its lines;
 * - submit: at least one line, an exchange names the replacement machine;
 * - final approval: to be collected; the work order's pullout type = the return's, status to be pulled out;
 * - collect (station): the day taken from the customer (approval day … today) and a note; the work
 *   order pulled out (已拉回), with that day as its pullout time;
 * - ship (station, collected only): logistics company and tracking number; the work order delivered, with them;
 * - receive (head office): the work order received, with the time.
 * The kernel has checked privilege, reach, party and the approval state (approved) under the lock;
 * the return state, which moves only after approval, is checked here. A rejected or vetoed return
 * leaves the work order as it was.
 */
export const RETURN = getEntity('new_srv_productreturn')!;
export const RETURN_LINE = getEntity('new_srv_productreturndetail')!;

// NO KEY UPDATE: the record service's lookup check holds KEY SHARE on the work order already; two
// creates both upgrading to FOR UPDATE would deadlock, NO KEY UPDATE still serialises them.
/** The work order of a return, locked: not cancelled, of `station`, without another return that is not vetoed (other than `except`). */
async function assertReturnable(sql: Sql, workOrder: string, station: string | null, except: string | null): Promise<void> {
  const {
    rows: [wo],
  } = await sql.query<{ name: string; station: string; status: number | null }>(
    `SELECT new_name AS name, new_station_id AS station, new_status AS status FROM new_srv_workorder WHERE new_srv_workorderid = $1::uuid FOR NO KEY UPDATE`,
    [workOrder],
  );
  if (!wo) throw refuse('parts.relatedNotFound', undefined, 'new_workorder_id');
  if (wo.status === workOrderStatus.cancelled) throw refuse('productReturn.workOrderCancelled', undefined, 'new_workorder_id');
  if (station && normGuid(station) !== wo.station) throw refuse('productReturn.stationMismatch', undefined, 'new_workorder_id');
  const {
    rows: [other],
  } = await sql.query<{ name: string }>(
    `SELECT new_name AS name FROM new_srv_productreturn
      WHERE new_workorder_id = $1::uuid AND COALESCE(new_approvalstatus, $2) <> $3 AND ($4::uuid IS NULL OR new_srv_productreturnid <> $4::uuid)
      ORDER BY createdon LIMIT 1`,
    [workOrder, approvalStatus.draft, approvalStatus.vetoed, except],
  );
  if (other) throw refuse('productReturn.openExists', { order: wo.name, number: other.name }, 'new_workorder_id');
}

type Header = {
  approval: number;
  state: number;
  type: number;
  workOrder: string;
  station: string;
  exchange: string | null;
  serial: string | null;
};

/** The return, locked (a line's write waits for a submit of its return, and the reverse). */
async function loadHeader(sql: Sql, id: string): Promise<Header> {
  const {
    rows: [h],
  } = await sql.query<Header>(
    `SELECT COALESCE(new_approvalstatus, $2) AS approval, COALESCE(new_returnstate, $3) AS state, new_returntype AS type, new_workorder_id AS "workOrder",
            new_station_id AS station, new_exchangeserial AS exchange, new_serialnumber AS serial
       FROM new_srv_productreturn WHERE new_srv_productreturnid = $1::uuid FOR UPDATE`,
    [id, approvalStatus.draft, S.pending],
  );
  if (!h) throw refuse('parts.relatedNotFound');
  return h;
}

const str = (v: unknown) => (v == null || v === '' ? null : String(v));
const LOGISTICS_MAX = 60;
const COLLECT_MEMO_MAX = 200;
// Shapes only; the rules and their messages are in the commands.
const COLLECT = z.object({ collectedOn: z.string().max(100).optional(), memo: z.string().max(10_000).optional() });
const SHIP = z.object({ logisticsCorp: z.string().max(10_000).optional(), trackingNo: z.string().max(10_000).optional() });

const setWorkOrder = (sql: Sql, id: string, set: string, values: unknown[]) =>
  sql.query(
    `UPDATE new_srv_workorder SET ${set}, modifiedon = now() WHERE new_srv_workorderid = (SELECT new_workorder_id FROM new_srv_productreturn WHERE new_srv_productreturnid = $1::uuid)`,
    [id, ...values],
  );
const returnState = async (sql: Sql, id: string) => (await loadHeader(sql, id)).state;

export const productReturnController: DocumentController = {
  entity: RETURN,
  bodies: { collect: COLLECT, ship: SHIP },
  async defaults(sql, rows) {
    for (const r of rows) await assertReturnable(sql, String(r.new_workorder_id), str(r.new_station_id), null);
    return rows.map(() => ({ new_returnstate: S.pending }));
  },
  write: {
    async guard(sql, id, op, values) {
      if (op === 'delete') return;
      const h = await loadHeader(sql, id);
      if ('new_workorder_id' in values || 'new_station_id' in values) {
        const wo = 'new_workorder_id' in values ? str(values.new_workorder_id) : h.workOrder;
        if (wo) await assertReturnable(sql, wo, 'new_station_id' in values ? str(values.new_station_id) : h.station, id);
      }
    },
  },
  flow: {
    /** At least one line; an exchange names its replacement machine; still the only open return of its work order. */
    async submit(sql, id) {
      const h = await loadHeader(sql, id);
      const { rowCount } = await sql.query(`SELECT 1 FROM new_srv_productreturndetail WHERE new_productreturn_id = $1::uuid LIMIT 1`, [id]);
      if (!rowCount) throw refuse('parts.detailRequired');
      if (h.type === pulloutType.exchange && !h.exchange?.trim())
        throw refuse('productReturn.exchangeSerialRequired', undefined, 'new_exchangeserial');
      await assertReturnable(sql, h.workOrder, h.station, id);
    },
    /** The return is to be collected; its work order shows the pullout type and "to be pulled out". */
    async approved(sql, id) {
      const h = await loadHeader(sql, id);
      if (h.state !== S.pending) return;
      await sql.query(`UPDATE new_srv_productreturn SET new_returnstate = $2 WHERE new_srv_productreturnid = $1::uuid`, [id, S.toCollect]);
      await setWorkOrder(sql, id, 'new_pullouttype = $2, new_pulloutstatus = $3', [h.type, pulloutStatus.toBePulledOut]);
    },
  },
  // Head office receives: a caller of a station is refused before the return is read.
  may: {
    receive: (caller) => {
      if (caller.principal.stationId) throw refuse('parts.notYourDocument');
    },
  },
  /** A returned item: its station and name from its return and product; the machine's line carries the return's serial number unless given another. */
  lines: {
    [RETURN_LINE.logicalName]: {
      async defaults(sql, rows) {
        const out: Record<string, unknown>[] = [];
        for (const r of rows) {
          const h = await loadHeader(sql, String(r.new_productreturn_id));
          // Lines only while the return is draft or rejected (the model's rule, checked again under the return's lock).
          if (!isApprovalEditable(h.approval)) throw refuse('parts.linesLocked');
          const {
            rows: [p],
          } = await sql.query<{ name: string }>(`SELECT name FROM product WHERE productid = $1::uuid`, [r.new_product_id]);
          const machine = Number(r.new_itemtype) === productReturnItemType.machine;
          out.push({
            new_station_id: h.station,
            new_name: p?.name ?? null,
            new_serialnumber: str(r.new_serialnumber) ?? (machine ? h.serial : null),
          });
        }
        return out;
      },
      write: {
        // A line stays on its return.
        async guard(sql, id, _op, values) {
          if (!('new_productreturn_id' in values)) return;
          const {
            rows: [l],
          } = await sql.query<{ parent: string }>(
            `SELECT new_productreturn_id AS parent FROM new_srv_productreturndetail WHERE new_srv_productreturndetailid = $1::uuid`,
            [id],
          );
          if (normGuid(values.new_productreturn_id) !== l.parent) throw refuse('parts.linesLocked', undefined, 'new_productreturn_id');
        },
        async after(sql, ids, op) {
          if (op !== 'update') return;
          await sql.query(
            `UPDATE new_srv_productreturndetail l SET new_name = p.name FROM product p WHERE p.productid = l.new_product_id AND l.new_srv_productreturndetailid = ANY($1::uuid[])`,
            [ids],
          );
        },
      },
    },
  },
  commands: {
    /** The day (required; not after today nor before the approval day, China time) and a note ≤ 200; the work order pulled out that day. */
    async collect({ sql, caller, id, body, lang }) {
      if ((await returnState(sql, id)) !== S.toCollect) throw refuse('productReturn.notToCollect');
      const input = COLLECT.parse(body);
      const day = requiredDate(input.collectedOn, RETURN.allFields.new_collectedon.label[lang], 'collectedOn');
      if (day > chinaDate()) throw refuse('productReturn.collectedFuture', undefined, 'collectedOn');
      const {
        rows: [{ approvedOn }],
      } = await sql.query<{ approvedOn: string | null }>(
        `SELECT to_char(new_approvedtime AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS "approvedOn" FROM new_srv_productreturn WHERE new_srv_productreturnid = $1::uuid`,
        [id],
      );
      if (approvedOn && day < approvedOn) throw refuse('productReturn.collectedBeforeApproval', { date: approvedOn }, 'collectedOn');
      const memo = input.memo?.trim() ?? '';
      if (memo.length > COLLECT_MEMO_MAX) throw refuse('productReturn.collectMemoTooLong', undefined, 'memo');
      await sql.query(
        `UPDATE new_srv_productreturn SET new_returnstate = $2, new_collectedon = $3::date, new_collectmemo = $4, new_collectedby = $5::uuid WHERE new_srv_productreturnid = $1::uuid`,
        [id, S.collected, day, memo || null, caller.principal.userId],
      );
      await setWorkOrder(sql, id, `new_pulloutstatus = $2, new_pullouttime = ($3::date)::timestamp AT TIME ZONE 'Asia/Shanghai'`, [
        pulloutStatus.pulledOut,
        day,
      ]);
      return { message: 'productReturn.collected' };
    },
    /** Collected only: logistics company and tracking number required (≤ 60); the work order delivered, with them. */
    async ship({ sql, id, body }) {
      if ((await returnState(sql, id)) !== S.collected) throw refuse('productReturn.notToShip');
      const input = SHIP.parse(body);
      const corp = (input.logisticsCorp ?? '').trim();
      const tracking = (input.trackingNo ?? '').trim();
      if (!corp || !tracking) throw refuse('parts.logisticsRequired', undefined, corp ? 'trackingNo' : 'logisticsCorp');
      if (corp.length > LOGISTICS_MAX || tracking.length > LOGISTICS_MAX)
        throw refuse('productReturn.logisticsTooLong', undefined, corp.length > LOGISTICS_MAX ? 'logisticsCorp' : 'trackingNo');
      await sql.query(
        `UPDATE new_srv_productreturn SET new_returnstate = $2, new_logisticscorp = $3, new_trackingno = $4, new_shippedon = now() WHERE new_srv_productreturnid = $1::uuid`,
        [id, S.shipped, corp, tracking],
      );
      await setWorkOrder(
        sql,
        id,
        'new_pulloutstatus = $2, new_pullouttime = COALESCE(new_pullouttime, now()), new_logisticscorp = $3, new_trackingno = $4',
        [pulloutStatus.delivered, corp, tracking],
      );
      return { message: 'delivery.sent' };
    },
    /** A shipped return: received, its work order received with the time. */
    async receive({ sql, caller, id }) {
      if ((await returnState(sql, id)) !== S.shipped) throw refuse('productReturn.notShipped');
      await sql.query(
        `UPDATE new_srv_productreturn SET new_returnstate = $2, new_receivedon = now(), new_receivedby = $3::uuid WHERE new_srv_productreturnid = $1::uuid`,
        [id, S.received, caller.principal.userId],
      );
      await setWorkOrder(sql, id, 'new_pulloutstatus = $2, new_receivedon = now()', [pulloutStatus.received]);
      return { message: 'delivery.received' };
    },
  },
};
