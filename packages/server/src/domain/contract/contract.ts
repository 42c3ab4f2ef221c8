import { contractStatus, getEntity, msg, type Lang, type PartsCommandResult, type TerminateContractRequest } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { deriveField } from '../../records/query/derived.ts';
import { serverDefaults, writeHooks } from '../../records/write.ts';
import { chinaDate } from '../china-time.ts';
import { requiredDate, type AsSent } from '../checked-input.ts';
import { nextDocumentNumbers } from '../document-number.ts';
import { assertMay, assertParty, lockDocument } from '../../documents/access.ts';
import { answer } from '../../documents/result.ts';
import { linkOpenOrders } from '../work-order/contract-warranty.ts';

/**
 * Maintenance contracts (维保合同, `new_srv_contract` + `new_srv_contractline`). The header and its
 * lines change only while draft (generic writes, guarded here); activate and terminate are the
 * commands. "Expired" is not a job: every query of the record service reads an active contract
 * whose end date has passed as expired (the derived status, installContract); `expireContracts`
 * (run by every contract write and command and by the work-order warranty hook) stores it too, and
 * no check counts it as live in the meantime (they compare the end date).
 */
export const CONTRACT = getEntity('new_srv_contract')!;
export const CONTRACT_LINE = getEntity('new_srv_contractline')!;
const WRITE = 'workorder.write' as const;

/** SQL: the China-time calendar day now. */
export const TODAY_SQL = `((now() AT TIME ZONE 'UTC') + interval '8 hours')::date`;

/** Stores "expired" on active contracts whose end date has passed; returns how many changed. */
export async function expireContracts(sql: Sql): Promise<number> {
  const r = await sql.query(
    `UPDATE new_srv_contract SET new_status = $1, modifiedon = now() WHERE new_status = $2 AND new_enddate < ${TODAY_SQL}`,
    [contractStatus.expired, contractStatus.active],
  );
  return r.rowCount ?? 0;
}

const upper = (col: string) => `upper(btrim(COALESCE(${col}, '')))`;

/**
 * A serial number is on one live contract only: a line of another draft or active contract whose
 * end date has not passed, with the same serial number (case and spaces ignored), refuses the line.
 * A transaction-scoped advisory lock per serial number makes two concurrent writes take turns.
 */
async function assertSerialsFree(sql: Sql, lineIds: string[]): Promise<void> {
  const { rows: serials } = await sql.query<{ s: string }>(
    `SELECT DISTINCT ${upper('new_serialnumber')} AS s FROM new_srv_contractline WHERE new_srv_contractlineid = ANY($1::uuid[]) AND ${upper('new_serialnumber')} <> '' ORDER BY 1`,
    [lineIds],
  );
  for (const { s } of serials) await sql.query(`SELECT pg_advisory_xact_lock(hashtext('contract-serial:' || $1))`, [s]);
  const { rows } = await sql.query<{ serial: string; contract: string }>(
    `SELECT btrim(l.new_serialnumber) AS serial, oc.new_name AS contract
       FROM new_srv_contractline l
       JOIN new_srv_contractline o ON ${upper('o.new_serialnumber')} = ${upper('l.new_serialnumber')} AND o.new_contract_id <> l.new_contract_id
       JOIN new_srv_contract oc ON oc.new_srv_contractid = o.new_contract_id
      WHERE l.new_srv_contractlineid = ANY($1::uuid[]) AND ${upper('l.new_serialnumber')} <> ''
        AND oc.new_status IN ($2, $3) AND oc.new_enddate >= ${TODAY_SQL}
      LIMIT 1`,
    [lineIds, contractStatus.draft, contractStatus.active],
  );
  if (rows[0]) throw refuse('contract.serialTaken', { serial: rows[0].serial, contract: rows[0].contract }, 'new_serialnumber');
  // Two lines of the same contract with one serial number.
  const { rows: twice } = await sql.query<{ serial: string; contract: string }>(
    `SELECT btrim(l.new_serialnumber) AS serial, c.new_name AS contract
       FROM new_srv_contractline l
       JOIN new_srv_contractline o ON o.new_contract_id = l.new_contract_id AND o.new_srv_contractlineid <> l.new_srv_contractlineid AND ${upper('o.new_serialnumber')} = ${upper('l.new_serialnumber')}
       JOIN new_srv_contract c ON c.new_srv_contractid = l.new_contract_id
      WHERE l.new_srv_contractlineid = ANY($1::uuid[]) AND ${upper('l.new_serialnumber')} <> '' LIMIT 1`,
    [lineIds],
  );
  if (twice[0]) throw refuse('contract.serialTaken', { serial: twice[0].serial, contract: twice[0].contract }, 'new_serialnumber');
}

/** The header's line count. */
async function recountLines(sql: Sql, contractIds: string[]): Promise<void> {
  await sql.query(
    `UPDATE new_srv_contract c SET new_linecount = (SELECT count(*) FROM new_srv_contractline l WHERE l.new_contract_id = c.new_srv_contractid)
      WHERE c.new_srv_contractid = ANY($1::uuid[])`,
    [contractIds],
  );
}

/** The contract of a line, locked; refused unless draft (spec: details change only while the document is draft). */
async function assertDraftContract(sql: Sql, contractId: string): Promise<{ start: string; end: string }> {
  const {
    rows: [c],
  } = await sql.query<{ status: number; start: string; end: string }>(
    `SELECT COALESCE(new_status, ${contractStatus.draft}) AS status, to_char(new_startdate, 'YYYY-MM-DD') AS start, to_char(new_enddate, 'YYYY-MM-DD') AS end
       FROM new_srv_contract WHERE new_srv_contractid = $1::uuid FOR UPDATE`,
    [contractId],
  );
  if (!c || c.status !== contractStatus.draft) throw refuse('parts.linesLocked');
  return c;
}

/** Checks of written lines (their contract is draft; dates in order and inside the contract; a service; serial free), then the header count. */
async function afterLines(sql: Sql, ids: string[]): Promise<void> {
  await expireContracts(sql);
  const { rows } = await sql.query<{ id: string; contract: string; start: string | null; end: string | null; services: number }>(
    `SELECT new_srv_contractlineid AS id, new_contract_id AS contract, to_char(new_startdate, 'YYYY-MM-DD') AS start, to_char(new_enddate, 'YYYY-MM-DD') AS end,
            (CASE WHEN new_coverrepair THEN 1 ELSE 0 END + CASE WHEN new_coverinstall THEN 1 ELSE 0 END + CASE WHEN new_covermaint THEN 1 ELSE 0 END) AS services
       FROM new_srv_contractline WHERE new_srv_contractlineid = ANY($1::uuid[])`,
    [ids],
  );
  const contracts = [...new Set(rows.map((r) => r.contract))];
  for (const r of rows) {
    const c = await assertDraftContract(sql, r.contract);
    // Dates left empty are the contract's (both are set at create; an update may clear one).
    const start = r.start ?? c.start;
    const end = r.end ?? c.end;
    if (start >= end) throw refuse('wo.startBeforeEnd', undefined, 'new_startdate');
    if (start < c.start || end > c.end) throw refuse('contract.lineOutside', { start: c.start, end: c.end }, 'new_startdate');
    if (Number(r.services) === 0) throw refuse('contract.noService', undefined, 'new_coverrepair');
  }
  // The row keeps the station, owning unit and dates of its contract; its name is the product's (and serial number).
  await sql.query(
    `UPDATE new_srv_contractline l
        SET new_station_id = c.new_station_id, owningbusinessunit = c.owningbusinessunit,
            new_startdate = COALESCE(l.new_startdate, c.new_startdate), new_enddate = COALESCE(l.new_enddate, c.new_enddate),
            new_qty = COALESCE(l.new_qty, 1),
            new_name = left(COALESCE((SELECT p.name FROM product p WHERE p.productid = l.new_product_id), '')
              || CASE WHEN COALESCE(l.new_serialnumber, '') <> '' THEN ' ' || l.new_serialnumber ELSE '' END, 200)
       FROM new_srv_contract c
      WHERE l.new_srv_contractlineid = ANY($1::uuid[]) AND c.new_srv_contractid = l.new_contract_id`,
    [ids],
  );
  await assertSerialsFree(sql, ids);
  await recountLines(sql, contracts);
}

/** `HT20261125-0001`: per China-time day. */
const numbers = (sql: Sql, n: number) => nextDocumentNumbers(sql, CONTRACT.logicalName, `HT${chinaDate().replaceAll('-', '')}`, n);

/** Activates a draft contract: at least one line, end date not passed, its serial numbers on no other live contract. */
export async function activateContract(sql: Sql, caller: Caller, id: string, lang: Lang): Promise<PartsCommandResult> {
  assertMay(caller, WRITE);
  await expireContracts(sql);
  const doc = await lockDocument<{ status: number; end: string; unit: string; live: boolean }>(
    sql,
    caller,
    CONTRACT,
    id,
    `COALESCE(t.new_status, ${contractStatus.draft}) AS status, to_char(t.new_enddate, 'YYYY-MM-DD') AS end, t.owningbusinessunit AS unit, t.new_enddate >= ${TODAY_SQL} AS live`,
  );
  assertParty(caller, doc.unit);
  if (doc.status !== contractStatus.draft) throw refuse('contract.onlyDraftActivate');
  if (!doc.live) throw refuse('contract.endPassed', { date: doc.end });
  const { rows: lines } = await sql.query<{ id: string }>(
    `SELECT new_srv_contractlineid AS id FROM new_srv_contractline WHERE new_contract_id = $1::uuid`,
    [doc.id],
  );
  if (!lines.length) throw refuse('contract.lineRequired');
  await assertSerialsFree(
    sql,
    lines.map((l) => l.id),
  );
  await sql.query(
    `UPDATE new_srv_contract SET new_status = $2, new_activatedon = now(), modifiedon = now(), modifiedby = $3::uuid WHERE new_srv_contractid = $1::uuid`,
    [doc.id, contractStatus.active, caller.principal.userId],
  );
  // Open orders for its machines are under it from now, not only from their next edit (issue 25).
  await linkOpenOrders(sql, doc.id);
  return answer(doc.id, 'contract.activated', lang);
}

/** Terminates an active contract on a date within its period, with a reason (at most 500 characters). */
export async function terminateContract(
  sql: Sql,
  caller: Caller,
  id: string,
  body: AsSent<Partial<TerminateContractRequest>, 'date'>,
  lang: Lang,
): Promise<PartsCommandResult> {
  assertMay(caller, WRITE);
  await expireContracts(sql);
  const doc = await lockDocument<{ status: number; start: string; end: string; unit: string }>(
    sql,
    caller,
    CONTRACT,
    id,
    `COALESCE(t.new_status, ${contractStatus.draft}) AS status, to_char(t.new_startdate, 'YYYY-MM-DD') AS start, to_char(t.new_enddate, 'YYYY-MM-DD') AS end, t.owningbusinessunit AS unit`,
  );
  assertParty(caller, doc.unit);
  if (doc.status !== contractStatus.active) throw refuse('contract.onlyActiveTerminate');
  const date = requiredDate(body.date, msg('contract.terminateDate', lang), 'date');
  const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
  if (!reason) throw refuse('records.required', { field: msg('contract.terminateReason', lang) }, 'reason');
  if (reason.length > 500) throw refuse('validation.maxLength', { field: msg('contract.terminateReason', lang), max: 500 }, 'reason');
  if (date < doc.start || date > doc.end) throw refuse('contract.terminateOutside', { start: doc.start, end: doc.end }, 'date');
  await sql.query(
    `UPDATE new_srv_contract SET new_status = $2, new_terminatedon = $3::date, new_terminationreason = $4, modifiedon = now(), modifiedby = $5::uuid WHERE new_srv_contractid = $1::uuid`,
    [doc.id, contractStatus.terminated, date, reason, caller.principal.userId],
  );
  return answer(doc.id, 'contract.terminated', lang);
}

/**
 * Server defaults (number, draft, no lines; a line's dates are its contract's, quantity 1, every
 * service covered when none is ticked) and the draft-only rules of the generic writes.
 */
export function installContract(): void {
  // Every query reads the status as of today: an active contract past its end date is expired in
  // lists, filters, counts, exports and its screen alike, written or not (issue 25).
  deriveField(
    CONTRACT.logicalName,
    'new_status',
    (t) =>
      `CASE WHEN ${t}.new_status = ${contractStatus.active} AND ${t}.new_enddate < ${TODAY_SQL} THEN ${contractStatus.expired} ELSE ${t}.new_status END`,
  );
  serverDefaults.set(CONTRACT.logicalName, async (sql, rows) => {
    const nums = await numbers(sql, rows.length);
    return rows.map((_, i) => ({ new_name: nums[i], new_status: contractStatus.draft, new_linecount: 0 }));
  });
  writeHooks.set(CONTRACT.logicalName, {
    // Only a draft is changed or deleted (the model's edit rule); its lines go with it.
    async guard(sql, id, op) {
      if (op === 'delete') await sql.query(`DELETE FROM new_srv_contractline WHERE new_contract_id = $1::uuid`, [id]);
    },
    async after(sql, ids) {
      await expireContracts(sql);
      const { rows } = await sql.query<{ start: string; end: string; outside: boolean }>(
        `SELECT to_char(c.new_startdate, 'YYYY-MM-DD') AS start, to_char(c.new_enddate, 'YYYY-MM-DD') AS end,
                EXISTS (SELECT 1 FROM new_srv_contractline l WHERE l.new_contract_id = c.new_srv_contractid AND (l.new_startdate < c.new_startdate OR l.new_enddate > c.new_enddate)) AS outside
           FROM new_srv_contract c WHERE c.new_srv_contractid = ANY($1::uuid[])`,
        [ids],
      );
      for (const r of rows) {
        if (r.start >= r.end) throw refuse('wo.startBeforeEnd', undefined, 'new_startdate');
        if (r.outside) throw refuse('contract.lineOutside', { start: r.start, end: r.end }, 'new_startdate');
      }
    },
  });
  serverDefaults.set(CONTRACT_LINE.logicalName, async (_sql, rows) =>
    rows.map((r) => {
      const none = r.new_coverrepair == null && r.new_coverinstall == null && r.new_covermaint == null;
      return none ? { new_coverrepair: true, new_coverinstall: true, new_covermaint: true } : {};
    }),
  );
  writeHooks.set(CONTRACT_LINE.logicalName, {
    // The line's contract must be draft: the model's edit rule (`parent`), for the contract it names now and after.
    async guard(sql, id, op) {
      const {
        rows: [line],
      } = await sql.query<{ contract: string }>(
        `SELECT new_contract_id AS contract FROM new_srv_contractline WHERE new_srv_contractlineid = $1::uuid`,
        [id],
      );
      if (op === 'delete') {
        await sql.query(
          `UPDATE new_srv_contract SET new_linecount = (SELECT count(*) FROM new_srv_contractline WHERE new_contract_id = $1::uuid AND new_srv_contractlineid <> $2::uuid) WHERE new_srv_contractid = $1::uuid`,
          [line.contract, id],
        );
      }
    },
    async after(sql, ids) {
      await afterLines(sql, ids);
    },
  });
}
