import { randomUUID } from 'node:crypto';
import {
  amountToFen,
  bomOf,
  type CpqBomLine,
  type CpqConfiguration,
  type CpqListRow,
  type CpqProductDefinition,
  type CpqSaveInput,
  fenToAmount,
  type Lang,
  priceOf,
  problemsOf,
} from '@portal/model';
import type { Principal } from '../../auth/principal.ts';
import type { Sql } from '../../db/db.ts';
import { forbidden, notFound, refuse } from '../../http/errors.ts';
import { assertCanSeeRecord } from '../../records/access.ts';
import type { Caller } from '../../records/scope.ts';
import { normGuid } from '../../records/validate.ts';
import { nextDocumentNumbers } from '../document-number.ts';
import { addConfiguredLine } from '../quotes/configured-line.ts';
import { definitionOf } from './definitions.ts';
import { verifyLink } from './link.ts';

/**
 * Saved configurations (new_cpqquote): save (anyone), read (its owner, or whoever holds its signed
 * link), update (the same, while it is on no quote), the caller's list. Every save runs the
 * engine of the browser again: a choice set that breaks a rule, leaves a required group empty or
 * names an option of another product is refused with the rule's own message, nothing stored.
 */

type Summary = CpqConfiguration['Summary'];

/** Who asks: a signed-in principal and/or the token of a signed link; `scope` (signed in): the caller's reach, for reading a configuration on a quote they read. */
export interface CpqAccess {
  caller: Principal | null;
  token?: string;
  key: Uint8Array;
  scope?: Caller;
}

/** The engine's first objection to a choice set, as the refusal the caller reads. */
function assertValid(def: CpqProductDefinition, choices: string[]): void {
  const first = problemsOf(def, choices)[0];
  if (!first) return;
  if (first.kind === 'rule') throw refuse('cpq.ruleBroken', { rule: first.rule.message }, 'Choices');
  if (first.kind === 'single') throw refuse('cpq.oneOnly', { group: first.group.name }, 'Choices');
  if (first.kind === 'required') throw refuse('cpq.groupRequired', { group: first.group.name }, 'Choices');
  throw refuse('cpq.unknownOption', undefined, 'Choices');
}

/** What a valid choice set comes to: ids in order, summary, price, BOM. */
function priced(def: CpqProductDefinition, raw: readonly string[]) {
  const set = new Set(raw.map((c) => normGuid(c) ?? c));
  const choices = def.groups.flatMap((g) => g.options.map((o) => o.id)).filter((id) => set.has(id));
  assertValid(def, [...set]);
  const summary: Summary = def.groups.flatMap((g) =>
    g.options
      .filter((o) => set.has(o.id))
      .map((o) => ({ Group: g.name, Option: o.name, Code: o.code, PriceDelta: fenToAmount(o.priceDeltaFen) })),
  );
  return { choices, summary, priceFen: priceOf(def, choices), bom: bomOf(def, choices) };
}

const contactOf = (input: CpqSaveInput) => ({
  new_contactname: input.ContactName?.trim() || null,
  new_contactphone: input.ContactPhone?.trim() || null,
  new_remark: input.Remark?.trim() || null,
});

/** Stores a new configuration; answers its id and number. */
export async function saveConfiguration(
  sql: Sql,
  caller: Principal | null,
  input: CpqSaveInput,
  lang: Lang,
): Promise<{ id: string; number: string }> {
  const def = await definitionOf(sql, input.ProductId, lang);
  const { choices, summary, priceFen, bom } = priced(def, input.Choices);
  const [number] = await nextDocumentNumbers(sql, 'new_cpqquote', 'CPQ', 1);
  const id = randomUUID();
  await sql.query(
    `INSERT INTO new_cpqquote (new_cpqquoteid, new_name, new_cpqproduct_id, new_productname, new_choices, new_summary,
                               new_baseprice, new_price, new_bom, new_expireson, new_contactname, new_contactphone, new_remark,
                               ownerid, owningbusinessunit, createdby, modifiedby)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now() + make_interval(days => $10), $11, $12, $13, $14, $15, $14, $14)`,
    [
      id,
      number,
      def.id,
      def.name,
      JSON.stringify(choices),
      JSON.stringify(summary),
      fenToAmount(def.basePriceFen),
      fenToAmount(priceFen),
      JSON.stringify(bom),
      def.validDays,
      ...Object.values(contactOf(input)),
      caller?.userId ?? null,
      caller?.businessUnitId ?? null,
    ],
  );
  return { id, number };
}

type Row = {
  id: string;
  number: string;
  product: string;
  productcode: string | null;
  productname: string;
  choices: string;
  summary: string;
  baseprice: string;
  price: string;
  bom: string;
  contactname: string | null;
  contactphone: string | null;
  remark: string | null;
  createdon: Date;
  expireson: Date;
  expired: boolean;
  ownerid: string | null;
  quoteid: string | null;
  quotenumber: string | null;
};

/** The quote line a configuration is (one at most: attaching is refused once it is on a quote). */
const ON_QUOTE = `SELECT d.quoteid, qt.name AS quotenumber FROM quotedetail d JOIN quote qt ON qt.quoteid = d.quoteid
                   WHERE d.new_cpqquote_id = q.new_cpqquoteid ORDER BY d.createdon LIMIT 1`;

/**
 * The row when the caller may reach it: its owner signed in, or a valid link for exactly this
 * configuration, or (reading) a reader of the quote it is on. Anyone else — another user, a link of another configuration — gets 404, as if it
 * did not exist; a forged or expired token is refused as such.
 */
async function reach(sql: Sql, rawId: string, a: CpqAccess, lock = false): Promise<Row & { viaToken: boolean }> {
  const id = normGuid(rawId);
  if (!id) throw notFound('cpq.notFound');
  const viaToken = a.token ? verifyLink(a.key, a.token) === id : false;
  const { rows } = await sql.query<Row>(
    `SELECT q.new_cpqquoteid AS id, q.new_name AS number, q.new_cpqproduct_id AS product, p.new_code AS productcode,
            q.new_productname AS productname, q.new_choices AS choices, q.new_summary AS summary, q.new_baseprice AS baseprice,
            q.new_price AS price, q.new_bom AS bom, q.new_contactname AS contactname, q.new_contactphone AS contactphone,
            q.new_remark AS remark, q.createdon, q.new_expireson AS expireson, q.new_expireson < now() AS expired, q.ownerid,
            l.quoteid, l.quotenumber
       FROM new_cpqquote q LEFT JOIN new_cpqproduct p ON p.new_cpqproductid = q.new_cpqproduct_id
       LEFT JOIN LATERAL (${ON_QUOTE}) l ON true
      WHERE q.new_cpqquoteid = $1${lock ? ' FOR UPDATE OF q' : ''}`,
    [id],
  );
  const row = rows[0];
  const owner = !!row && !!a.caller && row.ownerid === a.caller.userId;
  if (row && !owner && !viaToken && row.quoteid && a.scope && !lock && (await readsQuote(sql, a.scope, row.quoteid)))
    return { ...row, viaToken };
  if (!row || !(owner || viaToken)) throw notFound('cpq.notFound');
  return { ...row, viaToken };
}

/** A configuration on a quote is read by whoever reads the quote (its configured line names it). */
const readsQuote = (sql: Sql, scope: Caller, quoteId: string): Promise<boolean> =>
  assertCanSeeRecord(sql, scope, 'quote', quoteId, 'read').then(
    () => true,
    () => false,
  );

/** May `a` change the row: its owner, or the link's holder while nobody owns it. */
const mayChange = (row: Row & { viaToken: boolean }, a: CpqAccess) =>
  !row.quoteid && ((!!a.caller && row.ownerid === a.caller.userId) || (row.viaToken && row.ownerid === null));

export async function readConfiguration(sql: Sql, id: string, a: CpqAccess): Promise<CpqConfiguration> {
  const row = await reach(sql, id, a);
  return {
    Id: row.id,
    Number: row.number,
    ProductId: row.product,
    ProductCode: row.productcode ?? '',
    ProductName: row.productname,
    Choices: JSON.parse(row.choices) as string[],
    Summary: JSON.parse(row.summary) as Summary,
    BasePrice: fenToAmount(amountToFen(row.baseprice)),
    Price: fenToAmount(amountToFen(row.price)),
    Bom: JSON.parse(row.bom) as CpqBomLine[],
    ContactName: row.contactname,
    ContactPhone: row.contactphone,
    Remark: row.remark,
    CreatedOn: row.createdon.toISOString(),
    ExpiresOn: row.expireson.toISOString(),
    Expired: row.expired,
    // The CRM quote is named to signed-in callers only.
    QuoteId: a.caller ? row.quoteid : null,
    QuoteNumber: a.caller ? row.quotenumber : null,
    Editable: mayChange(row, a),
  };
}

/** Changes a configuration's choices and contact (re-validated, re-priced, its validity renewed). */
export async function updateConfiguration(
  sql: Sql,
  id: string,
  a: CpqAccess,
  input: CpqSaveInput,
  lang: Lang,
): Promise<{ id: string; number: string }> {
  const row = await reach(sql, id, a, true);
  if (row.quoteid) throw refuse('cpq.onQuote', { quote: row.quotenumber ?? '' });
  if (!mayChange(row, a)) throw refuse('cpq.notYours');
  if (normGuid(input.ProductId) !== row.product) throw refuse('cpq.otherProduct', undefined, 'ProductId');
  const def = await definitionOf(sql, row.product, lang);
  const { choices, summary, priceFen, bom } = priced(def, input.Choices);
  await sql.query(
    `UPDATE new_cpqquote SET new_choices = $2, new_summary = $3, new_baseprice = $4, new_price = $5, new_bom = $6,
            new_expireson = now() + make_interval(days => $7), new_contactname = $8, new_contactphone = $9, new_remark = $10,
            modifiedon = now(), modifiedby = COALESCE($11, modifiedby)
      WHERE new_cpqquoteid = $1`,
    [
      row.id,
      JSON.stringify(choices),
      JSON.stringify(summary),
      fenToAmount(def.basePriceFen),
      fenToAmount(priceFen),
      JSON.stringify(bom),
      def.validDays,
      ...Object.values(contactOf(input)),
      a.caller?.userId ?? null,
    ],
  );
  return { id: row.id, number: row.number };
}

/** The caller's own configurations, newest first. */
export async function listConfigurations(sql: Sql, caller: Principal): Promise<CpqListRow[]> {
  const { rows } = await sql.query<{
    id: string;
    number: string;
    productname: string;
    price: string;
    createdon: Date;
    expireson: Date;
    expired: boolean;
    quoteid: string | null;
    quotenumber: string | null;
  }>(
    `SELECT q.new_cpqquoteid AS id, q.new_name AS number, q.new_productname AS productname, q.new_price AS price, q.createdon,
            q.new_expireson AS expireson, q.new_expireson < now() AS expired, l.quoteid, l.quotenumber
       FROM new_cpqquote q LEFT JOIN LATERAL (${ON_QUOTE}) l ON true
      WHERE q.ownerid = $1 ORDER BY q.createdon DESC, q.new_name DESC LIMIT 500`,
    [caller.userId],
  );
  return rows.map((r) => ({
    Id: r.id,
    Number: r.number,
    ProductName: r.productname,
    Price: fenToAmount(amountToFen(r.price)),
    CreatedOn: r.createdon.toISOString(),
    ExpiresOn: r.expireson.toISOString(),
    Expired: r.expired,
    QuoteId: r.quoteid,
    QuoteNumber: r.quotenumber,
  }));
}

/**
 * Puts a configuration on a draft CRM quote as a configured line (quotes' addConfiguredLine: the
 * quote in the caller's reach, a draft, the caller a writer of sales documents). The caller owns
 * the configuration, or holds its link while nobody owns it — then it becomes theirs. Refused once
 * it is on a quote, and once it has expired (its price no longer holds).
 */
export async function attachToQuote(
  sql: Sql,
  id: string,
  a: CpqAccess & { caller: Principal },
  quoteId: string,
  scope: Caller,
): Promise<{ quoteId: string; number: string }> {
  const row = await reach(sql, id, a, true);
  if (row.quoteid) throw refuse('cpq.onQuote', { quote: row.quotenumber ?? '' });
  if (row.ownerid !== null && row.ownerid !== a.caller.userId) throw refuse('cpq.notYours');
  if (row.expired) throw refuse('cpq.expired');
  const quote = normGuid(quoteId);
  if (!quote) throw notFound();
  const product = await sql.query<{ product: string | null }>(
    'SELECT new_product_id AS product FROM new_cpqproduct WHERE new_cpqproductid = $1',
    [row.product],
  );
  const summary = (JSON.parse(row.summary) as Summary).map((s) => `${s.Group}：${s.Option}`).join('；');
  await addConfiguredLine(
    sql,
    quote,
    { productId: product.rows[0]?.product ?? null, name: row.productname, price: row.price, summary, cpqQuoteId: row.id },
    scope,
  );
  await sql.query(
    `UPDATE new_cpqquote SET ownerid = COALESCE(ownerid, $2), owningbusinessunit = COALESCE(owningbusinessunit, $3),
            modifiedon = now(), modifiedby = $2 WHERE new_cpqquoteid = $1`,
    [row.id, a.caller.userId, a.caller.businessUnitId],
  );
  const { rows } = await sql.query<{ name: string }>('SELECT name FROM quote WHERE quoteid = $1', [quote]);
  return { quoteId: quote, number: rows[0]?.name ?? '' };
}

/** A save naming a CRM quote (/quotationconfig/create/{quoteId}): only a signed-in writer of sales documents. */
export function assertMayAttach(caller: Principal | null): asserts caller is Principal {
  if (!caller?.privileges.has('sales.write')) throw forbidden();
}
