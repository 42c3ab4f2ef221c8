import { getEntity, productState, quoteState } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { lockDocument } from '../../documents/access.ts';
import { refreshTotals } from '../../documents/totals.ts';
import { forbidden, refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { fen, priceLines, yuanOf } from './pricing.ts';

const QUOTE = getEntity('quote')!;

/** A configuration (the configurator's saved "CPQ quote") put on a quote as one line. */
export interface ConfiguredLine {
  /** The catalogue product the configured unit is sold as (an order needs one), if any. */
  productId?: string | null;
  /** The line's name (the configured product's). */
  name: string;
  /** The configuration's price: the unit's list price on the quote (yuan, 2 decimals). */
  price: string | number;
  /** The configuration in words (the options chosen), shown read-only on the line. */
  summary: string;
  /** The saved configuration (new_cpqquote). */
  cpqQuoteId: string;
  quantity?: number;
}

/**
 * Attaches a saved configuration to a quote as a configured line (issue 29; the configurator's
 * "attach to a quote" calls it inside its transaction): the quote in the caller's reach (404
 * otherwise), the caller a writer of sales documents, the quote a draft (refused otherwise: only a
 * draft is changed), the product, when named, one still sold. The line's list price is the
 * configuration's price; discounts are added on the quote like any line's. Answers the new line.
 */
export async function addConfiguredLine(sql: Sql, quoteId: string, line: ConfiguredLine, caller: Caller): Promise<{ lineId: string }> {
  if (!caller.principal.privileges.has('sales.write')) throw forbidden();
  const q = await lockDocument<{ state: number | null; buyer: string | null; unit: string }>(
    sql,
    caller,
    QUOTE,
    quoteId,
    't.new_status AS state, t.new_buyer_id AS buyer, t.owningbusinessunit AS unit',
  );
  if (q.state !== quoteState.draft) throw refuse('quote.locked');
  const name = line.name.trim().slice(0, 200);
  const price = fen(line.price);
  const qty = line.quantity ?? 1;
  if (!name || !line.cpqQuoteId) throw refuse('quote.configuredIncomplete');
  if (!Number.isFinite(price) || price < 0) throw refuse('quote.configuredIncomplete');
  if (!Number.isInteger(qty) || qty < 1 || qty > 99999) throw refuse('quote.configuredIncomplete');
  if (line.productId) {
    const { rows } = await sql.query<{ name: string; state: number | null }>(
      'SELECT name, new_state AS state FROM product WHERE productid = $1::uuid',
      [line.productId],
    );
    if (!rows[0]) throw refuse('parts.relatedNotFound', undefined, 'productid');
    if (rows[0].state !== productState.active) throw refuse('quote.productInactive', { name: rows[0].name });
  }
  const userId = caller.principal.userId;
  const {
    rows: [l],
  } = await sql.query<{ id: string }>(
    `INSERT INTO quotedetail (quoteid, lineitemnumber, new_name, new_buyer_id, productid, quantity, priceperunit, new_cpqquote_id, new_configsummary,
                              ownerid, owningbusinessunit, createdby, modifiedby)
     VALUES ($1::uuid, (SELECT COALESCE(max(lineitemnumber), 0) + 1 FROM quotedetail WHERE quoteid = $1::uuid), $2, $3::uuid, $4::uuid, $5, $6,
             $7::uuid, $8, $9::uuid, $10::uuid, $9::uuid, $9::uuid)
     RETURNING quotedetailid AS id`,
    [q.id, name, q.buyer, line.productId || null, qty, yuanOf(price), line.cpqQuoteId, line.summary.slice(0, 2000), userId, q.unit],
  );
  await priceLines(sql, { lines: [l.id] });
  await refreshTotals(sql, QUOTE, q.id);
  return { lineId: l.id };
}
