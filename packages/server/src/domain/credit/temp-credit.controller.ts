import { businessUnitType, getEntity, msg, type Lang } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import type { DocumentController } from '../../documents/controller.ts';
import { fieldLabel } from '../../documents/inputs.ts';
import { refuse } from '../../http/errors.ts';
import { ValidationFailed } from '../../records/write.ts';
import { chinaDate } from '../china-time.ts';
import { lockAccount } from '../dealer-account/ledger.ts';
import { creditOf } from './credit.ts';

/*
 * Temporary credit's business (临时信用额度, declared on the entity: number LS<month>, approval,
 * 提前终止). A dealer applies for itself; the period runs forwards; submitting needs an end date not
 * yet passed and records the dealer's credit then for the approver; head-office finance approves
 * (approval engine) and may end an approved one early. What counts is creditOf's (credit.ts).
 */

const TEMP = getEntity('new_tempcredit')!;

const asDate = (v: unknown): string | null => (typeof v === 'string' && v ? v.slice(0, 10) : null);

/** A period whose end is before its start is refused at the end date, in the caller's language. */
function checkPeriod(from: unknown, to: unknown, lang: Lang): void {
  const f = asDate(from);
  const t = asDate(to);
  if (f && t && t < f) throw new ValidationFailed([{ field: 'new_validto', message: msg('credit.temp.period', lang) }], lang);
}

/** The dealer applying: the caller's own unit, which must be a dealer (a store's or head office's staff apply for no one). */
async function applyingDealer(sql: Sql, unitId: string): Promise<string> {
  const {
    rows: [u],
  } = await sql.query<{ type: number | null }>('SELECT new_type AS type FROM businessunit WHERE businessunitid = $1::uuid', [unitId]);
  if (Number(u?.type) !== businessUnitType.dealer) throw refuse('credit.temp.dealerOnly');
  return unitId;
}

type Temp = { dealer: string; from: string; to: string; amount: string; ended: string | null };

async function load(sql: Sql, id: string): Promise<Temp> {
  const {
    rows: [t],
  } = await sql.query<Temp>(
    `SELECT new_dealer_id AS dealer, new_validfrom::text AS from, new_validto::text AS to, new_amount::text AS amount, new_terminatedon::text AS ended
       FROM new_tempcredit WHERE new_tempcreditid = $1::uuid`,
    [id],
  );
  if (!t) throw refuse('parts.relatedNotFound');
  return t;
}

/** Submit: the period must not have ended; the dealer's limit and available credit now are kept for the approver. */
async function submitted(sql: Sql, id: string): Promise<void> {
  const t = await load(sql, id);
  checkPeriod(t.from, t.to, 'zh-CN');
  if (t.to < chinaDate()) throw refuse('credit.temp.ended', { date: t.to }, 'new_validto');
  const c = await creditOf(sql, t.dealer);
  await sql.query(
    'UPDATE new_tempcredit SET new_limitatsubmit = $2::numeric, new_availableatsubmit = $3::numeric WHERE new_tempcreditid = $1::uuid',
    [id, c.limit, c.available],
  );
}

export const tempCreditController: DocumentController = {
  entity: TEMP,
  async defaults(sql, rows, caller, lang) {
    const dealer = await applyingDealer(sql, caller.principal.businessUnitId);
    for (const r of rows) checkPeriod(r.new_validfrom, r.new_validto, lang);
    return rows.map(() => ({ new_dealer_id: dealer }));
  },
  write: {
    async guard(sql, id, op, values, _caller, lang) {
      if (op !== 'update' || !('new_validfrom' in values || 'new_validto' in values)) return;
      const t = await load(sql, id);
      checkPeriod('new_validfrom' in values ? values.new_validfrom : t.from, 'new_validto' in values ? values.new_validto : t.to, lang);
    },
  },
  flow: { submit: (sql, id) => submitted(sql, id) },
  commands: {
    /**
     * 提前终止 (finance): from today the credit counts no more. Under the dealer's account lock, so a
     * submit checking credit at the same moment sees it either before or after, never half.
     */
    async terminate({ sql, caller, id, inputs, lang }) {
      const reason = typeof inputs.new_terminatereason === 'string' ? inputs.new_terminatereason.trim() : '';
      if (!reason)
        throw refuse('records.required', { field: fieldLabel('new_tempcredit', 'new_terminatereason', lang) }, 'new_terminatereason');
      const t = await load(sql, id);
      const today = chinaDate();
      if (t.ended) throw refuse('credit.temp.alreadyEnded', { date: t.ended });
      if (t.to < today) throw refuse('credit.temp.alreadyEnded', { date: t.to });
      await lockAccount(sql, t.dealer);
      inputs.new_terminatereason = reason;
      await sql.query(
        'UPDATE new_tempcredit SET new_terminatedon = $2::date, new_terminatedby_id = $3::uuid WHERE new_tempcreditid = $1::uuid',
        [id, today, caller.principal.userId],
      );
      return { message: 'credit.temp.terminated' };
    },
  },
};
