import { getEntity, invoiceState, taxRate } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import type { DocumentController } from '../../documents/controller.ts';
import { fieldLabel } from '../../documents/inputs.ts';
import { refuse } from '../../http/errors.ts';
import { chinaDate } from '../china-time.ts';
import { fenOf, taxLine, yuan, yuanText } from './money.ts';

/*
 * The VAT invoice's business (增值税发票, /billing): finance issues it against an invoice (the
 * record service's create, finance.manage) for what of each invoice line is not yet covered by a
 * VAT invoice. Per line: total = that amount (prices include VAT), tax = round-half-up(total ×
 * rate / (100 + rate)) to the fen, amount = total − tax; the header is the sum of its lines.
 * The invoice is locked while it is covered; Σ of its VAT invoices ≤ its total (conditional
 * updates, CHECK constraints behind them). Never changed afterwards; sent with a courier number.
 */

const TAX = getEntity('new_taxinvoice')!;

type Covered = { lineId: string; name: string; qty: number; fen: number; amount: number; tax: number; total: number };

/** The invoice (locked) and, per line, what is still to cover at `rate`. Refused when void or fully covered. */
async function toCover(sql: Sql, invoiceId: string, rate: number) {
  const {
    rows: [inv],
  } = await sql.query<{ name: string; state: number; unit: string }>(
    'SELECT name, new_state AS state, owningbusinessunit AS unit FROM invoice WHERE invoiceid = $1::uuid FOR UPDATE',
    [invoiceId],
  );
  if (!inv) throw refuse('parts.relatedNotFound', undefined, 'new_invoice_id');
  if (inv.state === invoiceState.void) throw refuse('sales.tax.invoiceVoid', { name: inv.name }, 'new_invoice_id');
  const { rows } = await sql.query<{ id: string; name: string; qty: number; left: string }>(
    `SELECT invoicedetailid AS id, new_name AS name, quantity AS qty, (extendedamount - COALESCE(new_taxedamount, 0))::text AS left
       FROM invoicedetail WHERE invoiceid = $1::uuid ORDER BY createdon, invoicedetailid`,
    [invoiceId],
  );
  const lines: Covered[] = rows
    .map((r) => ({ lineId: r.id, name: r.name, qty: Number(r.qty), fen: fenOf(r.left) ?? 0 }))
    .filter((l) => l.fen > 0)
    .map((l) => ({ ...l, ...taxLine(l.fen, rate) }));
  if (!lines.length) throw refuse('sales.tax.nothingLeft', { name: inv.name }, 'new_invoice_id');
  const sum = (k: 'amount' | 'tax' | 'total') => lines.reduce((s, l) => s + l[k], 0);
  return { inv, lines, amount: sum('amount'), tax: sum('tax'), total: sum('total') };
}

const rateOf = (v: unknown) => (v === undefined || v === null || v === '' ? taxRate.r13 : Number(v));

export const taxInvoiceController: DocumentController = {
  entity: TAX,
  // The buyer (the invoice's unit: it owns the row, so the dealer reads it), the rate (13 % unless chosen), the day, the sums.
  async defaults(sql, rows) {
    const out: Record<string, unknown>[] = [];
    for (const r of rows) {
      const rate = rateOf(r.new_rate);
      const c = await toCover(sql, String(r.new_invoice_id), rate);
      out.push({
        new_buyer_id: c.inv.unit,
        new_rate: rate,
        new_issuedate: r.new_issuedate ?? chinaDate(),
        new_amount: yuan(c.amount),
        new_tax: yuan(c.tax),
        new_total: yuan(c.total),
      });
    }
    return out;
  },
  write: {
    /** The lines of a new VAT invoice, and what they cover on the invoice's lines and the invoice. */
    async after(sql, ids, op) {
      if (op !== 'create') return;
      for (const id of ids) {
        const {
          rows: [t],
        } = await sql.query<{ invoice: string; rate: number; buyer: string; owner: string; total: string }>(
          `SELECT new_invoice_id AS invoice, new_rate AS rate, new_buyer_id AS buyer, ownerid AS owner, new_total::text AS total
             FROM new_taxinvoice WHERE new_taxinvoiceid = $1::uuid`,
          [id],
        );
        const c = await toCover(sql, t.invoice, Number(t.rate));
        // The header was summed from the same lines under the same lock (defaults, same transaction).
        if (c.total !== fenOf(t.total)) throw new Error('a VAT invoice header disagrees with its lines');
        await sql.query(
          `INSERT INTO new_taxinvoicedetail (new_name, new_taxinvoice_id, new_invoiceline_id, new_buyer_id, new_qty, new_rate, new_amount, new_tax, new_total,
                                             ownerid, owningbusinessunit, createdby, modifiedby)
           SELECT u.n, $1, u.l, $2, u.q, $3, u.a, u.t, u.s, $4, $2, $4, $4
             FROM unnest($5::varchar[], $6::uuid[], $7::int[], $8::numeric[], $9::numeric[], $10::numeric[]) WITH ORDINALITY AS u(n, l, q, a, t, s, i) ORDER BY u.i`,
          [
            id,
            t.buyer,
            t.rate,
            t.owner,
            c.lines.map((l) => l.name.slice(0, 200)),
            c.lines.map((l) => l.lineId),
            c.lines.map((l) => l.qty),
            c.lines.map((l) => yuan(l.amount)),
            c.lines.map((l) => yuan(l.tax)),
            c.lines.map((l) => yuan(l.total)),
          ],
        );
        await sql.query(
          `UPDATE invoicedetail l SET new_taxedamount = COALESCE(l.new_taxedamount, 0) + d.s, modifiedon = now()
             FROM unnest($1::uuid[], $2::numeric[]) AS d(id, s) WHERE l.invoicedetailid = d.id`,
          [c.lines.map((l) => l.lineId), c.lines.map((l) => yuan(l.total))],
        );
        const done = await sql.query(
          `UPDATE invoice SET new_taxedamount = COALESCE(new_taxedamount, 0) + $2::numeric, modifiedon = now()
            WHERE invoiceid = $1::uuid AND COALESCE(new_taxedamount, 0) + $2::numeric <= totalamount`,
          [t.invoice, yuan(c.total)],
        );
        if (done.rowCount !== 1)
          throw refuse('sales.tax.overInvoice', { total: yuanText(c.total), name: c.inv.name, left: '0.00' }, 'new_invoice_id');
      }
    },
  },
  commands: {
    async send({ sql, caller, id, inputs, lang }) {
      if (typeof inputs.new_courierno !== 'string' || !inputs.new_courierno.trim())
        throw refuse('records.required', { field: fieldLabel('new_taxinvoice', 'new_courierno', lang) }, 'new_courierno');
      await sql.query('UPDATE new_taxinvoice SET new_sentby_id = $2::uuid WHERE new_taxinvoiceid = $1::uuid', [
        id,
        caller.principal.userId,
      ]);
      return { message: 'sales.tax.sent' };
    },
  },
};
