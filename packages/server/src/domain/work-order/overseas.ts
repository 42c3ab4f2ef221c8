import { currency, msg, orderPhone, type Lang } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import type { FieldError } from '../../records/validate.ts';
import { ValidationFailed } from '../../records/write.ts';
import { fieldLabel } from './order.ts';

/*
 * Overseas work orders (海外工单) are work orders (new_srv_workorder) with new_isoverseas = true:
 * a country and a currency instead of China's province / city / county. Every command, scope,
 * history, detail line and the settlement are the work order's; only the address rules differ.
 */

/** The fields the address rules read. */
const RULE_FIELDS = ['new_isoverseas', 'new_country', 'new_currency', 'new_province', 'new_city', 'new_county', 'new_phone'] as const;
const CHINESE_ADDRESS = ['new_province', 'new_city', 'new_county'] as const;
const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * The address rules over an order's whole values (a new row, or a stored row with an update laid
 * over it): an overseas order needs a country and a currency and carries no province, city or
 * county; a domestic one needs province and city, has no country and is in CNY (or no currency).
 */
export function addressErrors(v: Record<string, unknown>, lang: Lang): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, message: string) => errors.push({ field, message });
  if (v.new_isoverseas === true) {
    if (blank(v.new_country)) add('new_country', msg('overseas.countryRequired', lang));
    if (blank(v.new_currency)) add('new_currency', msg('overseas.currencyRequired', lang));
    for (const f of CHINESE_ADDRESS) if (!blank(v[f])) add(f, msg('overseas.noChineseAddress', lang, { field: fieldLabel(f, lang) }));
  } else {
    if (!blank(v.new_country)) add('new_country', msg('overseas.domesticNoCountry', lang));
    if (!blank(v.new_currency) && Number(v.new_currency) !== currency.CNY) add('new_currency', msg('overseas.domesticCurrency', lang));
    for (const f of ['new_province', 'new_city']) if (blank(v[f])) add(f, msg('records.required', lang, { field: fieldLabel(f, lang) }));
  }
  // The phone's rule follows the order (issue 25): international (E.164) abroad, spec 001 §5's at home.
  if (typeof v.new_phone === 'string' && !blank(v.new_phone) && phoneOf(v) === null) {
    add('new_phone', msg('validation.pattern', lang, { field: fieldLabel('new_phone', lang) }));
  }
  return errors;
}

/** The phone as stored: an overseas order's as E.164, a domestic one's as typed; null when refused. */
export const phoneOf = (v: Record<string, unknown>): string | null =>
  orderPhone(String(v.new_phone ?? ''), v.new_isoverseas === true, v.new_country);

/** New orders (one or an import's many): refused with every row's errors (`第 n 行：…` when several). */
export function checkNewOrders(rows: readonly Record<string, unknown>[], lang: Lang): void {
  const errors = rows.flatMap((r, i) =>
    addressErrors(r, lang).map((e) =>
      rows.length > 1 ? { ...e, message: msg('records.rowPrefix', lang, { row: String(i + 1), message: e.message }) } : e,
    ),
  );
  if (errors.length) throw new ValidationFailed(errors, lang);
}

/**
 * An update touching the address rules' fields: the stored values with the update laid over them
 * must still keep the rules (so an order can move between domestic and overseas only whole). A
 * phone in the update is stored as phoneOf says (E.164 abroad): `values` is the write's own copy.
 */
export async function checkOrderUpdate(sql: Sql, id: string, values: Record<string, unknown>, lang: Lang): Promise<void> {
  if (!RULE_FIELDS.some((f) => f in values)) return;
  const { rows } = await sql.query<Record<string, unknown>>(
    `SELECT COALESCE(new_isoverseas, false) AS new_isoverseas, new_country, new_currency, new_province, new_city, new_county, new_phone
       FROM new_srv_workorder WHERE new_srv_workorderid = $1::uuid`,
    [id],
  );
  if (!rows[0]) return;
  const merged = { ...rows[0], ...values };
  // Only a phone in the update is judged (a stored one was taken under the rules of its day).
  if (!('new_phone' in values)) delete merged.new_phone;
  const errors = addressErrors(merged, lang);
  if (errors.length) throw new ValidationFailed(errors, lang);
  if (typeof values.new_phone === 'string') values.new_phone = phoneOf(merged);
}

/**
 * A station's expense statement is in CNY: it takes the orders without a currency (domestic) or in
 * CNY; an overseas order in another currency settles on its own through the settlement steps.
 * SQL over the work order aliased `o` (a constant, no user input).
 */
export const IN_CNY = `(o.new_currency IS NULL OR o.new_currency = ${currency.CNY})`;
