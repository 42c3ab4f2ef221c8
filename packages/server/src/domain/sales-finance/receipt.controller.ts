import { accountMoveKind, businessUnitType, getEntity, invoiceState, msg, type Lang } from '@portal/model';
import { z } from 'zod';
import type { Sql } from '../../db/db.ts';
import type { DocumentController } from '../../documents/controller.ts';
import { refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { ValidationFailed } from '../../records/write.ts';
import { normGuid } from '../../records/validate.ts';
import { postAccountMove } from '../dealer-account/ledger.ts';
import { checkReceiptContract, settleContractPlans } from '../sales-contracts/settle.ts';
import { allocate, type Plan } from './allocate.ts';
import { fenOf, yuanText } from './money.ts';

/*
 * The receipt's business (回款单, declared on the entity: number HK<day>, allocation lines,
 * approval). The payer is the unit that records it (a dealer or a store); its bank serial number
 * is unique per payer (checked here with the receipt that has it, a unique index behind). Submit
 * needs the bank slip attached; the payer's chosen allocations must fit their invoices' open
 * amounts and the receipt. Final approval (finance) allocates in the approving transaction: the
 * chosen allocations, else the payer's open invoices oldest first; the rest stays unallocated
 * until finance allocates it (`allocate`: oldest first, or one invoice and amount).
 */

export const RECEIPT = getEntity('new_receipt')!;
const PAYERS: number[] = [businessUnitType.dealer, businessUnitType.store];

/** Refused at the serial when the payer already recorded it on another receipt (naming that receipt). */
async function checkSerial(sql: Sql, payer: string, serial: unknown, self: string | null, lang: Lang): Promise<void> {
  if (typeof serial !== 'string' || !serial.trim()) return;
  const { rows } = await sql.query<{ name: string }>(
    `SELECT new_name AS name FROM new_receipt WHERE new_payer_id = $1::uuid AND new_serialno = $2 AND ($3::uuid IS NULL OR new_receiptid <> $3::uuid) LIMIT 1`,
    [payer, serial.trim(), self],
  );
  if (rows[0])
    throw new ValidationFailed(
      [{ field: 'new_serialno', message: msg('sales.receipt.duplicateSerial', lang, { serial: serial.trim(), name: rows[0].name }) }],
      lang,
    );
}

/** The payer's chosen allocations (not yet posted) of a receipt. */
async function chosen(sql: Sql, receiptId: string) {
  const { rows } = await sql.query<{ id: string; invoice: string; amount: string }>(
    `SELECT new_receiptallocationid AS id, new_invoice_id AS invoice, new_amount::text AS amount
       FROM new_receiptallocation WHERE new_receipt_id = $1::uuid AND NOT COALESCE(new_posted, false) ORDER BY createdon, new_receiptallocationid`,
    [receiptId],
  );
  return rows;
}

/**
 * The chosen allocations of a receipt against its amount and their invoices' open amounts now
 * (each refused at the amount, naming the invoice): the same checks the confirmation runs again under its locks.
 */
async function checkChoices(sql: Sql, receiptId: string, lang: Lang): Promise<void> {
  const lines = await chosen(sql, receiptId);
  if (!lines.length) return;
  const {
    rows: [r],
  } = await sql.query<{ amount: string; payer: string }>(
    'SELECT new_amount::text AS amount, new_payer_id AS payer FROM new_receipt WHERE new_receiptid = $1::uuid',
    [receiptId],
  );
  const { rows: inv } = await sql.query<{ id: string; name: string; unit: string; state: number; open: string }>(
    `SELECT invoiceid AS id, name, owningbusinessunit AS unit, new_state AS state, new_openamount::text AS open
       FROM invoice WHERE invoiceid = ANY($1::uuid[])`,
    [lines.map((l) => l.invoice)],
  );
  const byId = new Map(inv.map((i) => [i.id, i]));
  const per = new Map<string, number>();
  let sum = 0;
  for (const l of lines) {
    const i = byId.get(l.invoice);
    if (!i || i.unit !== r.payer) throw refuse('sales.receipt.invoiceForeign', { name: i?.name ?? '' }, 'new_invoice_id');
    if (i.state !== invoiceState.unpaid && i.state !== invoiceState.partPaid)
      throw refuse('sales.receipt.invoiceNotOpen', { name: i.name, state: stateLabel(i.state, lang) }, 'new_invoice_id');
    const n = (per.get(i.id) ?? 0) + (fenOf(l.amount) ?? 0);
    const open = fenOf(i.open) ?? 0;
    if (n > open) throw refuse('sales.receipt.overOpen', { name: i.name, amount: yuanText(n), open: yuanText(open) }, 'new_amount');
    per.set(i.id, n);
    sum += fenOf(l.amount) ?? 0;
  }
  const amount = fenOf(r.amount) ?? 0;
  if (sum > amount) throw refuse('sales.receipt.overReceipt', { amount: yuanText(sum), left: yuanText(amount) }, 'new_amount');
}

const stateLabel = (state: number, lang: Lang) => invoiceState.options.find((o) => o.value === state)?.label[lang] ?? String(state);

/** The payer's unit (the caller's): a dealer or a store. */
async function payerOf(sql: Sql, caller: Caller): Promise<string> {
  const unit = caller.principal.businessUnitId;
  const {
    rows: [u],
  } = await sql.query<{ type: number | null }>('SELECT new_type AS type FROM businessunit WHERE businessunitid = $1::uuid', [unit]);
  if (!u || !PAYERS.includes(Number(u.type))) throw refuse('sales.receipt.payerNotBuyer');
  return unit;
}

const ALLOCATE = z.object({ invoiceId: z.string().max(60).optional(), amount: z.union([z.number(), z.string().max(40)]).optional() });

/** The confirmation's allocations: the payer's choice, else oldest first. */
async function confirm(sql: Sql, id: string, approverId: string): Promise<void> {
  const {
    rows: [r],
  } = await sql.query<{ payer: string; name: string; amount: string }>(
    `UPDATE new_receipt SET new_confirmedon = now() WHERE new_receiptid = $1::uuid
     RETURNING new_payer_id AS payer, new_name AS name, new_amount::text AS amount`,
    [id],
  );
  // The confirmed receipt credits the payer's account by its whole amount (allocated or not).
  await postAccountMove(sql, approverId, {
    unitId: r.payer,
    kind: accountMoveKind.receipt,
    amount: `-${r.amount}`,
    docEntity: 'new_receipt',
    docId: id,
    docName: r.name,
    remark: msg('dealerAccount.receiptRemark', 'zh-CN'),
    key: `receipt:${id}`,
  });
  const lines = await chosen(sql, id);
  const plan: Plan = lines.length
    ? { kind: 'chosen', asks: lines.map((l) => ({ invoiceId: l.invoice, fen: fenOf(l.amount) ?? 0, lineId: l.id, field: 'new_amount' })) }
    : { kind: 'oldest' };
  await allocate(sql, id, approverId, plan, 'zh-CN');
}

export const receiptController: DocumentController = {
  entity: RECEIPT,
  bodies: { allocate: ALLOCATE },
  async defaults(sql, rows, caller, lang) {
    const payer = await payerOf(sql, caller);
    for (const r of rows) await checkSerial(sql, payer, r.new_serialno, null, lang);
    return rows.map(() => ({ new_payer_id: payer, new_allocatedamount: '0' }));
  },
  write: {
    async guard(sql, id, op, values, _caller, lang) {
      if (op !== 'update' || !('new_serialno' in values)) return;
      const {
        rows: [r],
      } = await sql.query<{ payer: string }>('SELECT new_payer_id AS payer FROM new_receipt WHERE new_receiptid = $1::uuid', [id]);
      await checkSerial(sql, r.payer, values.new_serialno, id, lang);
    },
    // A lowered amount must still carry the chosen allocations; a named contract must be the payer's and in force (issue 29).
    async after(sql, ids, _op, lang) {
      for (const id of ids) {
        await checkChoices(sql, id, 'zh-CN');
        await checkReceiptContract(sql, id, lang);
      }
    },
  },
  lines: {
    new_receiptallocation: {
      async defaults(sql, rows) {
        const { rows: names } = await sql.query<{ id: string; name: string }>(
          'SELECT invoiceid AS id, name FROM invoice WHERE invoiceid = ANY($1::uuid[])',
          [rows.map((r) => normGuid(String(r.new_invoice_id ?? '')) ?? '00000000-0000-0000-0000-000000000000')],
        );
        const byId = new Map(names.map((n) => [n.id, n.name]));
        return rows.map((r) => ({ new_name: byId.get(String(r.new_invoice_id).toLowerCase()) ?? null, new_posted: false }));
      },
      write: {
        async after(sql, ids) {
          const { rows } = await sql.query<{ receipt: string }>(
            'SELECT DISTINCT new_receipt_id AS receipt FROM new_receiptallocation WHERE new_receiptallocationid = ANY($1::uuid[])',
            [ids],
          );
          for (const r of rows) await checkChoices(sql, r.receipt, 'zh-CN');
        },
      },
    },
  },
  flow: {
    async submit(sql, id) {
      const {
        rows: [a],
      } = await sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM file_attachment WHERE module_type = 'new_receipt' AND object_id = $1::uuid`,
        [id],
      );
      if (!a.n) throw refuse('sales.receipt.slipRequired');
      await checkChoices(sql, id, 'zh-CN');
      await checkReceiptContract(sql, id);
    },
    // Issue 29: the named sales contract's payment plans are settled too (its own share of the same money; the invoices' allocation is apart).
    approved: async (sql, id, approverId) => {
      await confirm(sql, id, approverId);
      await settleContractPlans(sql, id, approverId);
    },
  },
  commands: {
    /** Finance allocates what is left: to one invoice (at most its open amount), else oldest first; `amount` at most what is left. */
    async allocate({ sql, caller, id, body, lang, state }) {
      const b = ALLOCATE.parse(body);
      let fen: number | undefined;
      if (b.amount !== undefined && b.amount !== '') {
        const f = fenOf(b.amount);
        if (f === null || f <= 0) throw refuse('sales.receipt.badAmount', undefined, 'amount');
        fen = f;
      }
      let plan: Plan;
      if (b.invoiceId) {
        const inv = normGuid(b.invoiceId);
        if (!inv) throw refuse('sales.receipt.invoiceForeign', { name: b.invoiceId.slice(0, 40) }, 'invoiceId');
        if (fen === undefined) {
          const {
            rows: [o],
          } = await sql.query<{ open: string | null; left: string }>(
            `SELECT (SELECT new_openamount FROM invoice WHERE invoiceid = $2::uuid)::text AS open,
                    (new_amount - new_allocatedamount)::text AS left FROM new_receipt WHERE new_receiptid = $1::uuid`,
            [id, inv],
          );
          fen = Math.min(fenOf(o.open) ?? 0, fenOf(o.left) ?? 0);
          if (fen <= 0) throw refuse('sales.receipt.nothingToAllocate');
        }
        plan = { kind: 'chosen', asks: [{ invoiceId: inv, fen, field: 'amount' }] };
      } else plan = { kind: 'oldest', limit: fen };
      const done = await allocate(sql, id, caller.principal.userId, plan, lang);
      if (!done.amount) throw refuse('sales.receipt.nothingToAllocate');
      return {
        to: state,
        message: 'sales.receipt.allocated',
        messageParams: { amount: yuanText(done.amount), left: yuanText(done.left) },
      };
    },
  },
};
