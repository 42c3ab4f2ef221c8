import { businessUnitType, getEntity, type Lang, msg, paymentPlanState, productState } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import type { DocumentController } from '../../documents/controller.ts';
import { refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { ValidationFailed } from '../../records/write.ts';
import { fenOf, yuanText } from '../sales-finance/money.ts';
import { copySourceLines, SOURCE_FIELDS } from './prefill.ts';

/*
 * Sales contracts (销售合同, model entities/sales-contract.ts). The paying unit is the customer's
 * (its dealer or store: the unit whose receipts settle the plans), set at every save. Lines take
 * their product's name and, when no price is given, its list price. A plan is refused at save when
 * the contract's plans would add up to more than its amount (naming what is left); at submit the
 * plans must add up to the amount exactly (with both figures). Only the contracting side (the unit
 * that made it, or above) changes it; the paying unit reads it. Approval freezes it (its edit rule).
 * A contract made from a quote or an opportunity starts with their lines (prefill.ts).
 */

const CONTRACT = getEntity('new_salescontract')!;
const PAYERS: number[] = [businessUnitType.dealer, businessUnitType.store];

const fault = (field: string, text: string, lang: Lang) => new ValidationFailed([{ field, message: text }], lang);

/** The paying unit from the customer: refused unless the customer's unit is a dealer or a store. */
async function setPayers(sql: Sql, ids: string[], lang: Lang): Promise<void> {
  const { rows } = await sql.query<{ id: string; customer: string; unit: string | null; type: number | null }>(
    `UPDATE new_salescontract c SET new_payer_id = cu.new_businessunit_id
       FROM new_endcustomer cu LEFT JOIN businessunit bu ON bu.businessunitid = cu.new_businessunit_id
      WHERE c.new_salescontractid = ANY($1::uuid[]) AND cu.new_endcustomerid = c.new_customer_id
      RETURNING c.new_salescontractid AS id, cu.new_name AS customer, cu.new_businessunit_id AS unit, bu.new_type AS type`,
    [ids],
  );
  for (const r of rows)
    if (!r.unit || !PAYERS.includes(Number(r.type)))
      throw fault('new_customer_id', msg('salesContract.payerNotPayer', lang, { customer: r.customer }), lang);
  // Lines and plans are read by the paying unit too (their scope's party).
  for (const t of ['new_salescontractline', 'new_paymentplan'])
    await sql.query(
      `UPDATE ${t} l SET new_payer_id = c.new_payer_id FROM new_salescontract c
        WHERE c.new_salescontractid = ANY($1::uuid[]) AND l.new_salescontract_id = c.new_salescontractid
          AND l.new_payer_id IS DISTINCT FROM c.new_payer_id`,
      [ids],
    );
}

/** Only the contracting side changes a contract or its lines and plans: the caller's reach holds the unit that made it. */
async function contractingSide(sql: Sql, contractId: string, caller: Caller): Promise<void> {
  const {
    rows: [c],
  } = await sql.query<{ unit: string; unitName: string | null }>(
    `SELECT c.owningbusinessunit AS unit, bu.name AS "unitName" FROM new_salescontract c
       LEFT JOIN businessunit bu ON bu.businessunitid = c.owningbusinessunit WHERE c.new_salescontractid = $1::uuid`,
    [contractId],
  );
  if (c && !caller.subtree.includes(c.unit)) throw refuse('salesContract.ownerOnly', { unit: c.unitName ?? '' });
}

/** Σ plans against the contract amount (fen). */
async function figures(sql: Sql, contractId: string) {
  const {
    rows: [f],
  } = await sql.query<{ amount: string; planned: string; lines: number; name: string }>(
    `SELECT c.new_amount::text AS amount, c.new_name AS name,
            (SELECT COALESCE(sum(p.new_amount), 0) FROM new_paymentplan p WHERE p.new_salescontract_id = c.new_salescontractid)::text AS planned,
            (SELECT count(*)::int FROM new_salescontractline l WHERE l.new_salescontract_id = c.new_salescontractid) AS lines
       FROM new_salescontract c WHERE c.new_salescontractid = $1::uuid`,
    [contractId],
  );
  return f && { amount: fenOf(f.amount) ?? 0, planned: fenOf(f.planned) ?? 0, lines: f.lines, name: f.name };
}

/** Lines: name from the product, list price when none given; an inactive product refused. */
async function afterLines(sql: Sql, ids: string[], lang: Lang): Promise<void> {
  const { rows } = await sql.query<{ name: string | null; product: string | null; state: number | null }>(
    `UPDATE new_salescontractline l SET new_name = COALESCE(p.name, l.new_name), new_price = COALESCE(l.new_price, p.price, 0)
       FROM new_salescontractline x LEFT JOIN product p ON p.productid = x.new_product_id
      WHERE l.new_salescontractlineid = ANY($1::uuid[]) AND x.new_salescontractlineid = l.new_salescontractlineid
      RETURNING l.new_name AS name, x.new_product_id AS product, p.new_state AS state`,
    [ids],
  );
  for (const r of rows) {
    if (!r.product && !r.name?.trim()) throw fault('new_product_id', msg('salesContract.lineNoProduct', lang), lang);
    if (r.product && r.state !== productState.active)
      throw fault('new_product_id', msg('salesContract.productInactive', lang, { name: r.name ?? '' }), lang);
  }
  const { rows: docs } = await sql.query<{ id: string }>(
    'SELECT DISTINCT new_salescontract_id AS id FROM new_salescontractline WHERE new_salescontractlineid = ANY($1::uuid[])',
    [ids],
  );
  await setPayers(
    sql,
    docs.map((d) => d.id),
    lang,
  );
}

/** Plans: named after the contract and period, never more in total than the contract's amount. */
async function afterPlans(sql: Sql, ids: string[], lang: Lang): Promise<void> {
  const { rows } = await sql.query<{ contract: string; amount: string }>(
    `UPDATE new_paymentplan p SET new_name = c.new_name || '-' || p.new_period, new_payer_id = c.new_payer_id
       FROM new_salescontract c WHERE p.new_paymentplanid = ANY($1::uuid[]) AND c.new_salescontractid = p.new_salescontract_id
      RETURNING p.new_salescontract_id AS contract, p.new_amount::text AS amount`,
    [ids],
  );
  for (const r of rows) {
    const f = await figures(sql, r.contract);
    if (!f || f.planned <= f.amount) continue;
    const mine = fenOf(r.amount) ?? 0;
    throw fault(
      'new_amount',
      msg('salesContract.planAboveAmount', lang, {
        amount: yuanText(mine),
        left: yuanText(Math.max(0, f.amount - (f.planned - mine))),
        total: yuanText(f.amount),
      }),
      lang,
    );
  }
}

/** Submit: lines, and plans adding up to the amount exactly. */
async function checkSubmit(sql: Sql, id: string): Promise<void> {
  await setPayers(sql, [id], 'zh-CN');
  const f = await figures(sql, id);
  if (!f) throw refuse('parts.relatedNotFound');
  if (!f.lines) throw refuse('salesContract.noLines');
  if (f.planned !== f.amount)
    throw refuse('salesContract.plansMismatch', {
      planned: yuanText(f.planned),
      amount: yuanText(f.amount),
      diff: yuanText(Math.abs(f.amount - f.planned)),
    });
}

/** A line's or plan's contract, for the contracting-side check of a change or delete. */
async function contractOf(sql: Sql, table: string, id: string): Promise<string | null> {
  const { rows } = await sql.query<{ c: string }>(`SELECT new_salescontract_id AS c FROM ${table} WHERE ${table}id = $1::uuid`, [id]);
  return rows[0]?.c ?? null;
}

const sideOfLines = (table: string) => ({
  async defaults(sql: Sql, rows: readonly Record<string, unknown>[], caller: Caller) {
    for (const r of rows) if (typeof r.new_salescontract_id === 'string') await contractingSide(sql, r.new_salescontract_id, caller);
    return rows.map(() => (table === 'new_paymentplan' ? { new_received: '0', new_state: paymentPlanState.notDue } : {}));
  },
  async guard(sql: Sql, id: string, _op: 'update' | 'delete', _values: Record<string, unknown>, caller: Caller) {
    const c = await contractOf(sql, table, id);
    if (c) await contractingSide(sql, c, caller);
  },
});

const lineSide = sideOfLines('new_salescontractline');
const planSide = sideOfLines('new_paymentplan');

export const salesContractController: DocumentController = {
  entity: CONTRACT,
  async defaults(_sql, rows) {
    return rows.map(() => ({ new_receivedamount: '0' }));
  },
  write: {
    async guard(sql, id, _op, values, caller, lang) {
      await contractingSide(sql, id, caller);
      if (SOURCE_FIELDS.some((f) => f in values))
        throw fault(SOURCE_FIELDS.find((f) => f in values)!, msg('salesContract.sourceFixed', lang), lang);
    },
    async after(sql, ids, op, lang) {
      if (op === 'create') for (const id of ids) await copySourceLines(sql, id, lang);
      await setPayers(sql, ids, lang);
    },
  },
  lines: {
    new_salescontractline: {
      defaults: lineSide.defaults,
      write: { guard: lineSide.guard, after: (sql, ids, _op, lang) => afterLines(sql, ids, lang) },
    },
    new_paymentplan: {
      defaults: planSide.defaults,
      write: { guard: planSide.guard, after: (sql, ids, _op, lang) => afterPlans(sql, ids, lang) },
    },
  },
  flow: { submit: (sql, id) => checkSubmit(sql, id) },
};
