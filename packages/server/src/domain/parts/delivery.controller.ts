import { receiptState, stockDocumentType, type DeliveryStep, type MessageKey } from '@portal/model';
import { z } from 'zod';
import type { Sql } from '../../db/db.ts';
import { assertParty } from '../../documents/access.ts';
import type { CommandContext, DocumentController } from '../../documents/controller.ts';
import { fieldLabel, FREIGHT_MAX } from '../../documents/inputs.ts';
import { refuse } from '../../http/errors.ts';
import { Params, q } from '../../records/sql.ts';
import { moneyWithin } from '../../records/validate.ts';
import { notify } from '../message/messages.ts';
import { postMoves, type StockMove } from '../stock/ledger.ts';
import { recomputeApplication, refreshApplicationStatus } from './application.ts';
import { fromDocuments, headerOf, LINE, lockLines, ORDER, sourceRemaining, usageOf, type Header } from './delivery.ts';
import { receivedNow } from './receipt-lines.ts';
import { refreshTransferState } from './transfer.ts';

/*
 * The delivery's business (发货单; its life is declared on the entity: number FH<day>, status,
 * lines, the five steps of the sending side and the receipt). Creating it and its lines stays in
 * delivery.ts. The kernel has checked privilege, reach, party and state under the document's lock,
 * and moves the state one step after these.
 */

// Shapes only; the rules and their messages are below.
const text = (max = 10_000) => z.string().max(max);
const SHIP = z.object({ logisticsCorp: text().optional(), trackingNo: text().optional(), freight: z.number().nullish() });
const QUANTITIES = z.object({
  lines: z.array(z.object({ lineId: text(200), qty: z.union([z.number(), z.string().max(40)]) })).max(5000),
});

/** What each step answers, and the header fields it stamps: when and by whom (written here only: the kernel's move writes the state and modifiedon/by). */
const STEPS: Record<DeliveryStep, { message: MessageKey; when: string; who?: string }> = {
  submit: { message: 'parts.submitted', when: 'new_submittime' },
  pick: { message: 'delivery.picked', when: 'new_picktime', who: 'new_picker_id' },
  pack: { message: 'delivery.packed', when: 'new_packtime', who: 'new_packer_id' },
  out: { message: 'delivery.delivered', when: 'new_outtime', who: 'new_outby_id' },
  ship: { message: 'delivery.sent', when: 'new_shiptime', who: 'new_shipper_id' },
};

/** A step's stamp (and the fields it records) on the header; its answer. */
async function stamp({ sql, caller, id }: CommandContext, step: DeliveryStep, sets: Record<string, unknown> = {}) {
  const { when, who, message } = STEPS[step];
  const p = new Params();
  const set = [
    `${q(when)} = now()`,
    ...Object.entries({ ...(who ? { [who]: caller.principal.userId } : {}), ...sets }).map(([k, v]) => `${q(k)} = ${p.add(v)}`),
  ];
  await sql.query(`UPDATE new_stockoutorder SET ${set.join(', ')} WHERE new_stockoutorderid = ${p.add(id, 'uuid')}`, p.values);
  return { message };
}

/** Submit: at least one line; document lines still within what is left to deliver; hand-made lines reserved. */
async function submitLines(sql: Sql, userId: string, h: Header): Promise<void> {
  const lines = await lockLines(sql, h.id);
  if (!lines.length) throw refuse('parts.detailRequired');
  if (fromDocuments(h.outtype)) {
    for (const l of lines) {
      const remaining = await sourceRemaining(sql, h, l);
      if (l.qty > remaining) throw refuse('parts.deliveredOverApproved', { part: l.name, remaining });
    }
    return;
  }
  await postMoves(
    sql,
    userId,
    lines.map((l) => ({
      warehouseId: h.warehouse,
      productId: l.product,
      frozen: l.qty,
      usage: usageOf(h.outtype),
      docType: stockDocumentType.delivery,
      docId: h.id,
      docName: h.name,
      lineId: l.id,
      key: `do:${h.id}:reserve:${l.id}`,
    })),
  );
}

/**
 * Ship: logistics company and tracking number for deliveries with a receiver, freight in range;
 * each line leaves the sending warehouse with its reservation and (with a receiver) enters the
 * receiver's transit; application and transfer lines count it as shipped.
 */
async function ship({ sql, caller, body, lang }: CommandContext, h: Header): Promise<Record<string, unknown>> {
  const b = SHIP.parse(body);
  const corp = b.logisticsCorp?.trim() ?? '';
  const tracking = b.trackingNo?.trim() ?? '';
  if (h.towarehouse && (!corp || !tracking)) throw refuse('parts.logisticsRequired', undefined, corp ? 'trackingNo' : 'logisticsCorp');
  if (corp.length > 60 || tracking.length > 60)
    throw refuse('wo.fieldTooLong', {
      field: fieldLabel(ORDER.logicalName, corp.length > 60 ? 'new_logisticscorp' : 'new_trackingno', lang),
      max: 60,
    });
  const freight = b.freight === undefined || b.freight === null ? undefined : moneyWithin(b.freight, 0, FREIGHT_MAX);
  if (freight === null) throw refuse('parts.freightRange', undefined, 'freight');
  const lines = await lockLines(sql, h.id);
  const usage = usageOf(h.outtype);
  const moves: StockMove[] = [];
  for (const l of lines) {
    const base = { productId: l.product, usage, docType: stockDocumentType.delivery, docId: h.id, docName: h.name, lineId: l.id };
    moves.push({ ...base, warehouseId: h.warehouse, qty: -l.qty, frozen: -l.qty, key: `do:${h.id}:ship:${l.id}` });
    if (h.towarehouse) moves.push({ ...base, warehouseId: h.towarehouse, transit: l.qty, key: `do:${h.id}:transit:${l.id}` });
  }
  await postMoves(sql, caller.principal.userId, moves);
  const app = lines.filter((l) => l.appline);
  if (app.length) {
    await sql.query(
      `UPDATE new_srv_partsapplydetil l SET new_shippedqty = COALESCE(l.new_shippedqty, 0) + d.n, new_reservedqty = COALESCE(l.new_reservedqty, 0) - d.n, modifiedon = now()
         FROM unnest($1::uuid[], $2::int[]) AS d(id, n) WHERE l.new_srv_partsapplydetilid = d.id`,
      [app.map((l) => l.appline), app.map((l) => l.qty)],
    );
    for (const doc of [...new Set(app.map((l) => l.app!))]) {
      await recomputeApplication(sql, doc);
      await refreshApplicationStatus(sql, doc);
    }
  }
  const trans = lines.filter((l) => l.transline);
  if (trans.length) {
    await sql.query(
      `UPDATE new_srv_parttransdetail l SET new_shippedqty = COALESCE(l.new_shippedqty, 0) + d.n, new_reservedqty = COALESCE(l.new_reservedqty, 0) - d.n, modifiedon = now()
         FROM unnest($1::uuid[], $2::int[]) AS d(id, n) WHERE l.new_srv_parttransdetailid = d.id`,
      [trans.map((l) => l.transline), trans.map((l) => l.qty)],
    );
    if (h.transfer) await refreshTransferState(sql, h.transfer);
  }
  return {
    new_logisticscorp: corp || null,
    new_trackingno: tracking || null,
    ...(freight !== undefined ? { new_freight: freight } : {}),
    new_receiptstate: h.towarehouse ? receiptState.toReceive : null,
  };
}

export const deliveryController: DocumentController = {
  entity: ORDER,
  bodies: { ship: SHIP, receive: QUANTITIES },
  commands: {
    async submit(ctx) {
      await submitLines(ctx.sql, ctx.caller.principal.userId, await headerOf(ctx.sql, ctx.id));
      return stamp(ctx, 'submit');
    },
    pick: (ctx) => stamp(ctx, 'pick'),
    pack: (ctx) => stamp(ctx, 'pack'),
    out: (ctx) => stamp(ctx, 'out'),
    /** Ship records the logistics, moves the stock and tells the receiving unit's receivers. */
    async ship(ctx) {
      const h = await headerOf(ctx.sql, ctx.id);
      const sets = await ship(ctx, h);
      await notify(
        ctx.sql,
        ctx.caller.principal.userId,
        { unit: h.tounit, privilege: 'parts.receive' },
        {
          kind: 'parts',
          key: 'message.text.shipped',
          params: { name: h.name, corp: sets.new_logisticscorp as string, tracking: sets.new_trackingno as string },
          entity: ORDER.logicalName,
          recordId: h.id,
        },
      );
      return stamp(ctx, 'ship', sets);
    },

    /**
     * A receipt by the receiving side (in full or in part): each line at most what is not received yet,
     * at least one above 0; the quantities move from transit into the receiving warehouse.
     */
    async receive({ sql, caller, id, body, lang }) {
      const h = await headerOf(sql, id);
      if (!h.towarehouse) throw refuse('delivery.noReceiver');
      assertParty(caller, h.tounit);
      if (h.receipt !== receiptState.toReceive && h.receipt !== receiptState.semiReceived) throw refuse('delivery.receiptNeedsShipped');
      const lines = await lockLines(sql, h.id);
      const { got, taken } = receivedNow(
        lines,
        QUANTITIES.parse(body).lines as never,
        fieldLabel(LINE.logicalName, 'new_receivedqty', lang),
      );
      await postMoves(
        sql,
        caller.principal.userId,
        got.map(({ line, n }) => ({
          warehouseId: h.towarehouse!,
          productId: line.product,
          qty: n,
          transit: -n,
          usage: usageOf(h.outtype),
          docType: stockDocumentType.delivery,
          docId: h.id,
          docName: h.name,
          lineId: line.id,
          key: `do:${h.id}:receive:${line.id}:${line.received}`,
        })),
      );
      const counted = async (table: string, key: string, column: string, of: typeof got) => {
        if (of.length)
          await sql.query(
            `UPDATE ${table} l SET ${column} = COALESCE(l.${column}, 0) + d.n, modifiedon = now()
               FROM unnest($1::uuid[], $2::int[]) AS d(id, n) WHERE l.${key} = d.id`,
            [of.map((g) => g.line.id), of.map((g) => g.n)],
          );
      };
      await counted('new_stockoutorderdetail', 'new_stockoutorderdetailid', 'new_receivedqty', got);
      const app = got.filter((g) => g.line.appline).map((g) => ({ ...g, line: { ...g.line, id: g.line.appline! } }));
      await counted('new_srv_partsapplydetil', 'new_srv_partsapplydetilid', 'new_actualqty', app);
      const trans = got.filter((g) => g.line.transline).map((g) => ({ ...g, line: { ...g.line, id: g.line.transline! } }));
      await counted('new_srv_parttransdetail', 'new_srv_parttransdetailid', 'new_receivedqty', trans);
      const complete = lines.every((l) => l.received + (taken.get(l.id) ?? 0) >= l.qty);
      await sql.query(
        `UPDATE new_stockoutorder SET new_receiptstate = $2, new_receivetime = now(), new_receiver_id = $3::uuid WHERE new_stockoutorderid = $1::uuid`,
        [h.id, complete ? receiptState.received : receiptState.semiReceived, caller.principal.userId],
      );
      if (h.transfer) await refreshTransferState(sql, h.transfer);
      return { message: 'delivery.received' };
    },
  },
};
