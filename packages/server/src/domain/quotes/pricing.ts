import { formatMoney, productState } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { refuse } from '../../http/errors.ts';
import { buyerPriceSql } from '../sales/price-list.ts';

/*
 * A quote line's figures (model entities/quote.ts, quotedetail): the list price of the quote's price
 * list (its buyer's: the store's own line, else its dealer's, else head office's, else the product's
 * list price — the price the order would lock), the list amount, the discount (a rate of it or an
 * amount off it, never both, never above it), and the amount as the quantity times the net unit price
 * in fen, so that the order made from the quote, and its invoices, charge exactly what was quoted.
 * Computed in whole fen: never a binary fraction of a yuan.
 */

/** Yuan as a decimal string → whole fen. */
export const fen = (v: string | number | null | undefined): number =>
  v === null || v === undefined || v === '' ? 0 : Math.round(Number(v) * 100);
/** Whole fen → a decimal string of yuan with 2 places. */
export const yuanOf = (f: number): string => (f / 100).toFixed(2);

export interface LineFigures {
  price: number;
  base: number;
  discount: number;
  net: number;
  amount: number;
}

/**
 * One line's figures in fen from its list price, quantity, discount rate (%) and discount amount;
 * `undefined` means the discount is above the list amount, `null` that both discounts were given.
 */
export function lineFigures(price: number, qty: number, rate: number, off: number): LineFigures | undefined | null {
  if (rate > 0 && off > 0) return null;
  const base = price * qty;
  const asked = rate > 0 ? Math.round((base * rate) / 100) : off;
  if (asked > base) return undefined;
  const net = Math.round((base - asked) / qty);
  const amount = net * qty;
  return { price, base, discount: base - amount, net, amount };
}

type Row = {
  id: string;
  name: string | null;
  product: string | null;
  pname: string | null;
  pstate: number | null;
  configured: boolean;
  qty: number;
  rate: string | null;
  off: string | null;
  price: string | null;
};

/**
 * Prices lines of quotes (those named, or every line of a quote): a catalogue line reads its list
 * price now, a configured line keeps the configuration's price. Refused, naming the line, for a
 * catalogue line without a product, a product no longer sold or without a price, both discounts, or a
 * discount above the list amount. Two statements whatever the number of lines.
 */
export async function priceLines(sql: Sql, which: { lines: readonly string[] } | { quote: string }): Promise<void> {
  const where = 'lines' in which ? 'd.quotedetailid = ANY($1::uuid[])' : 'd.quoteid = $1::uuid';
  const { rows } = await sql.query<Row>(
    `SELECT d.quotedetailid AS id, d.new_name AS name, d.productid AS product, p.name AS pname, p.new_state AS pstate,
            d.new_cpqquote_id IS NOT NULL AS configured, d.quantity AS qty,
            d.new_discountrate::text AS rate, d.manualdiscountamount::text AS off,
            (CASE WHEN d.new_cpqquote_id IS NOT NULL THEN d.priceperunit WHEN p.productid IS NULL THEN NULL ELSE ${buyerPriceSql('q.new_buyer_id')} END)::text AS price
       FROM quotedetail d JOIN quote q ON q.quoteid = d.quoteid LEFT JOIN product p ON p.productid = d.productid
      WHERE ${where}`,
    ['lines' in which ? which.lines : which.quote],
  );
  if (!rows.length) return;
  const out: { id: string; name: string; f: LineFigures }[] = [];
  for (const r of rows) {
    const name = r.pname ?? r.name ?? '';
    if (!r.configured) {
      if (!r.product) throw refuse('quote.productRequired', undefined, 'productid');
      if (r.pstate !== productState.active) throw refuse('quote.productInactive', { name }, 'productid');
      if (r.price === null) throw refuse('quote.noPrice', { name }, 'productid');
    }
    const f = lineFigures(fen(r.price), Number(r.qty), Number(r.rate ?? 0), fen(r.off));
    if (f === null) throw refuse('quote.discountBoth', undefined, 'manualdiscountamount');
    if (f === undefined) {
      const base = fen(r.price) * Number(r.qty);
      const asked = Number(r.rate ?? 0) > 0 ? Math.round((base * Number(r.rate)) / 100) : fen(r.off);
      throw refuse(
        'quote.discountTooHigh',
        { name, discount: formatMoney(yuanOf(asked)), base: formatMoney(yuanOf(base)) },
        'manualdiscountamount',
      );
    }
    out.push({ id: r.id, name: (r.configured ? (r.name ?? '') : name).slice(0, 200), f });
  }
  await sql.query(
    `UPDATE quotedetail d SET new_name = u.name, priceperunit = u.price, baseamount = u.base, new_discount = u.discount,
            new_netprice = u.net, extendedamount = u.amount, modifiedon = now()
       FROM unnest($1::uuid[], $2::varchar[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[], $7::numeric[])
            AS u(id, name, price, base, discount, net, amount)
      WHERE d.quotedetailid = u.id`,
    [
      out.map((o) => o.id),
      out.map((o) => o.name),
      out.map((o) => yuanOf(o.f.price)),
      out.map((o) => yuanOf(o.f.base)),
      out.map((o) => yuanOf(o.f.discount)),
      out.map((o) => yuanOf(o.f.net)),
      out.map((o) => yuanOf(o.f.amount)),
    ],
  );
}
