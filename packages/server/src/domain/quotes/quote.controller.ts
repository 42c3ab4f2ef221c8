import { businessUnitType, getEntity, opportunityState, productState, quoteStatusReason } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import type { DocumentController } from '../../documents/controller.ts';
import { fieldLabel } from '../../documents/inputs.ts';
import { refreshTotals } from '../../documents/totals.ts';
import { refuse } from '../../http/errors.ts';
import { chinaDate } from '../china-time.ts';
import { convertQuote } from './convert.ts';
import { priceLines } from './pricing.ts';
import { reviseQuote } from './revise.ts';

/*
 * The quote's business (its life is declared on the entity, packages/model/src/entities/quote.ts):
 * a draft takes its price list from its customer's unit and its lines' figures from pricing.ts;
 * activate freezes it, revise makes revision n+1 (revise.ts), win, convert to the buyer's sales
 * order at the quoted prices (convert.ts), close as lost. The kernel checks state, reach and
 * privilege; refusals here change nothing (one transaction).
 */

const QUOTE = getEntity('quote')!;
const LINE = getEntity('quotedetail')!;

/** The customer's unit (a dealer or a store), whose price list prices the quote; refused for a customer of any other unit. */
async function buyerOf(sql: Sql, customer: unknown): Promise<string> {
  const {
    rows: [c],
  } = await sql.query<{ name: string; unit: string | null; type: number | null }>(
    `SELECT c.new_name AS name, c.new_businessunit_id AS unit, b.new_type AS type
       FROM new_endcustomer c LEFT JOIN businessunit b ON b.businessunitid = c.new_businessunit_id WHERE c.new_endcustomerid = $1::uuid`,
    [customer],
  );
  if (!c) throw refuse('parts.relatedNotFound', undefined, 'new_customer_id');
  if (!c.unit || (c.type !== businessUnitType.dealer && c.type !== businessUnitType.store))
    throw refuse('quote.customerUnit', { name: c.name }, 'new_customer_id');
  return c.unit;
}

/** A quote made from an opportunity: the opportunity is open and its customer is the quote's. */
async function checkOpportunity(sql: Sql, opportunity: unknown, customer: unknown): Promise<void> {
  if (!opportunity) return;
  const {
    rows: [o],
  } = await sql.query<{ name: string; customer: string | null; state: number | null }>(
    'SELECT name, new_customer_id AS customer, new_opportunitystate AS state FROM opportunity WHERE opportunityid = $1::uuid',
    [opportunity],
  );
  if (!o) throw refuse('parts.relatedNotFound', undefined, 'opportunityid');
  if (o.state !== opportunityState.open) throw refuse('quote.opportunityClosed', { name: o.name }, 'opportunityid');
  if (customer && o.customer !== customer) throw refuse('quote.opportunityCustomer', { name: o.name }, 'new_customer_id');
}

/** Valid to is not before valid from. */
function checkPeriod(from: unknown, to: unknown): void {
  if (from && to && String(to) < String(from)) throw refuse('quote.period', undefined, 'effectiveto');
}

/** The quote a line names, locked: its state and price list (the line's defaults read them). */
async function lockQuote(sql: Sql, id: unknown): Promise<{ buyer: string | null; state: number | null }> {
  const {
    rows: [q],
  } = await sql.query<{ buyer: string | null; state: number | null }>(
    'SELECT new_buyer_id AS buyer, new_status AS state FROM quote WHERE quoteid = $1::uuid FOR UPDATE',
    [id],
  );
  if (!q) throw refuse('parts.relatedNotFound', undefined, 'quoteid');
  return q;
}

/** The next line numbers of a quote (its row locked by the caller). */
async function nextLineNumber(sql: Sql, quote: unknown): Promise<number> {
  const { rows } = await sql.query<{ n: number }>(
    'SELECT COALESCE(max(lineitemnumber), 0)::int AS n FROM quotedetail WHERE quoteid = $1::uuid',
    [quote],
  );
  return rows[0].n + 1;
}

/** A quote made from an opportunity starts with the opportunity's product lines (Dynamics: the opportunity's products), priced from the price list. */
async function copyOpportunityLines(sql: Sql, quoteId: string): Promise<void> {
  const { rows } = await sql.query<{ id: string }>(
    `INSERT INTO quotedetail (quoteid, lineitemnumber, new_name, new_buyer_id, productid, quantity, ownerid, owningbusinessunit, createdby, modifiedby)
     SELECT q.quoteid, row_number() OVER (ORDER BY op.createdon, op.opportunityproductid), left(p.name, 200), q.new_buyer_id, op.productid, op.quantity,
            q.ownerid, q.owningbusinessunit, q.createdby, q.createdby
       FROM quote q JOIN opportunityproduct op ON op.opportunityid = q.opportunityid JOIN product p ON p.productid = op.productid
      WHERE q.quoteid = $1::uuid AND p.new_state = $2
     RETURNING quotedetailid AS id`,
    [quoteId, productState.active],
  );
  if (!rows.length) return;
  await priceLines(sql, { lines: rows.map((r) => r.id) });
  await refreshTotals(sql, QUOTE, quoteId);
}

export const quoteController: DocumentController = {
  entity: QUOTE,
  async defaults(sql, rows) {
    const out: Record<string, unknown>[] = [];
    for (const r of rows) {
      checkPeriod(r.effectivefrom, r.effectiveto);
      await checkOpportunity(sql, r.opportunityid, r.new_customer_id);
      out.push({
        revisionnumber: 1,
        new_statusreason: quoteStatusReason.inProgress,
        new_buyer_id: await buyerOf(sql, r.new_customer_id),
        new_totallistamount: '0',
        new_totaldiscount: '0',
        totalamount: '0',
        new_totalqty: 0,
      });
    }
    return out;
  },
  write: {
    // Another customer of the same price list, or any while the quote has no lines (another price list would reprice them under the user's eyes).
    async guard(sql, id, op, values) {
      if (op !== 'update') return;
      const {
        rows: [q],
      } = await sql.query<{
        buyer: string | null;
        customer: string;
        from: string | null;
        to: string | null;
        opportunity: string | null;
        lines: boolean;
      }>(
        `SELECT new_buyer_id AS buyer, new_customer_id AS customer, effectivefrom::text AS from, effectiveto::text AS to, opportunityid AS opportunity,
                EXISTS (SELECT 1 FROM quotedetail d WHERE d.quoteid = q.quoteid) AS lines
           FROM quote q WHERE quoteid = $1::uuid`,
        [id],
      );
      checkPeriod(
        values.effectivefrom === undefined ? q.from : values.effectivefrom,
        values.effectiveto === undefined ? q.to : values.effectiveto,
      );
      const customer = values.new_customer_id === undefined ? q.customer : values.new_customer_id;
      if (values.opportunityid !== undefined || values.new_customer_id !== undefined)
        await checkOpportunity(sql, values.opportunityid === undefined ? q.opportunity : values.opportunityid, customer);
      if (values.new_customer_id === undefined || values.new_customer_id === q.customer) return;
      const buyer = await buyerOf(sql, values.new_customer_id);
      if (buyer !== q.buyer && q.lines) throw refuse('quote.customerChanged', undefined, 'new_customer_id');
    },
    async after(sql, ids, op) {
      await sql.query(
        `UPDATE quote q SET new_buyer_id = c.new_businessunit_id FROM new_endcustomer c
          WHERE q.quoteid = ANY($1::uuid[]) AND c.new_endcustomerid = q.new_customer_id AND q.new_buyer_id IS DISTINCT FROM c.new_businessunit_id`,
        [ids],
      );
      if (op === 'create') for (const id of ids) await copyOpportunityLines(sql, id);
    },
  },
  lines: {
    [LINE.logicalName]: {
      // A new line: the next number on its quote and the quote's price list (its figures follow the write).
      async defaults(sql, rows) {
        const out: Record<string, unknown>[] = [];
        const next = new Map<string, number>();
        for (const r of rows) {
          const key = String(r.quoteid);
          const q = await lockQuote(sql, key);
          const n = next.get(key) ?? (await nextLineNumber(sql, key));
          next.set(key, n + 1);
          out.push({ lineitemnumber: n, new_buyer_id: q.buyer });
        }
        return out;
      },
      write: {
        // A configured line's product and configuration are the configurator's.
        async guard(sql, id, op, values) {
          if (op !== 'update' || values.productid === undefined) return;
          const {
            rows: [l],
          } = await sql.query<{ configured: boolean; product: string | null }>(
            'SELECT new_cpqquote_id IS NOT NULL AS configured, productid AS product FROM quotedetail WHERE quotedetailid = $1::uuid',
            [id],
          );
          if (l?.configured && values.productid !== l.product) throw refuse('quote.configuredFixed', undefined, 'productid');
        },
        async after(sql, ids) {
          // A line belongs to its quote's price list whoever wrote it, and is priced as it now stands.
          await sql.query(
            `UPDATE quotedetail d SET new_buyer_id = q.new_buyer_id, owningbusinessunit = q.owningbusinessunit
               FROM quote q WHERE q.quoteid = d.quoteid AND d.quotedetailid = ANY($1::uuid[])`,
            [ids],
          );
          await priceLines(sql, { lines: ids });
        },
      },
    },
  },
  commands: {
    async recalculate({ sql, id }) {
      await priceLines(sql, { quote: id });
      return { message: 'quote.recalculated' };
    },
    // Not empty, not past its validity, every product still sold and priced as its lines say: then frozen.
    async activate({ sql, id }) {
      const {
        rows: [q],
      } = await sql.query<{ lines: number; to: string | null }>(
        'SELECT (SELECT count(*) FROM quotedetail d WHERE d.quoteid = q.quoteid)::int AS lines, effectiveto::text AS to FROM quote q WHERE quoteid = $1::uuid',
        [id],
      );
      if (!q.lines) throw refuse('quote.noLines');
      if (q.to && q.to < chinaDate(new Date())) throw refuse('quote.expired', { to: q.to }, 'effectiveto');
      const { rows: gone } = await sql.query<{ name: string }>(
        `SELECT p.name FROM quotedetail d JOIN product p ON p.productid = d.productid
          WHERE d.quoteid = $1::uuid AND d.new_cpqquote_id IS NULL AND p.new_state IS DISTINCT FROM $2 LIMIT 1`,
        [id, productState.active],
      );
      if (gone[0]) throw refuse('quote.productInactive', { name: gone[0].name });
      await sql.query('UPDATE quote SET new_statusreason = $2, new_activatedon = now(), modifiedon = now() WHERE quoteid = $1::uuid', [
        id,
        quoteStatusReason.open,
      ]);
      return { message: 'quote.activated' };
    },
    async revise({ sql, caller, id }) {
      const made = await reviseQuote(sql, caller, id);
      return {
        message: 'quote.revised',
        messageParams: { name: made.name, revision: made.revision },
        opens: { entity: 'quote', id: made.id },
      };
    },
    async win({ sql, id }) {
      await sql.query('UPDATE quote SET new_statusreason = $2, new_closedon = now(), modifiedon = now() WHERE quoteid = $1::uuid', [
        id,
        quoteStatusReason.won,
      ]);
      return { message: 'quote.won' };
    },
    async convert({ sql, caller, id, state }) {
      const made = await convertQuote(sql, caller, id);
      return { to: state, message: 'quote.converted', messageParams: { order: made.name }, opens: { entity: 'salesorder', id: made.id } };
    },
    async close({ sql, id, inputs, lang }) {
      const reason = typeof inputs.new_closereason === 'string' ? inputs.new_closereason.trim() : '';
      if (!reason) throw refuse('records.required', { field: fieldLabel('quote', 'new_closereason', lang) }, 'new_closereason');
      inputs.new_closereason = reason;
      await sql.query('UPDATE quote SET new_statusreason = $2, new_closedon = now(), modifiedon = now() WHERE quoteid = $1::uuid', [
        id,
        quoteStatusReason.lost,
      ]);
      return { message: 'quote.closed' };
    },
  },
};
