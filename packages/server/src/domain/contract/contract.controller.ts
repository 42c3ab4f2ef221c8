import { z } from 'zod';
import { contractStatus, getEntity, msg } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import type { DocumentController } from '../../documents/controller.ts';
import { refuse } from '../../http/errors.ts';
import { requiredDate } from '../checked-input.ts';
import { linkOpenOrders } from '../work-order/contract-warranty.ts';
import { expireContracts, TODAY_SQL } from './contract.ts';

/*
 * The maintenance contract's business (维保合同; its life is declared on the entity: number HT<day>,
 * status, lines, activate and terminate). Header and lines change only while draft (the declared
 * status); every command first stores "expired" on contracts past their end (before the lock), so
 * the state the kernel checks is today's.
 */

const LINE = 'new_srv_contractline';
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

/** The contract's period as written (YYYY-MM-DD) and whether it has not ended yet (China time). */
async function period(sql: Sql, id: string) {
  const { rows } = await sql.query<{ start: string; end: string; live: boolean }>(
    `SELECT to_char(new_startdate, 'YYYY-MM-DD') AS start, to_char(new_enddate, 'YYYY-MM-DD') AS end, new_enddate >= ${TODAY_SQL} AS live
       FROM new_srv_contract WHERE new_srv_contractid = $1::uuid`,
    [id],
  );
  return rows[0];
}

const expire = async ({ sql }: { sql: Sql }) => void (await expireContracts(sql));

export const contractController: DocumentController = {
  entity: getEntity('new_srv_contract')!,
  bodies: { terminate: z.object({ date: z.iso.date(), reason: z.string().max(500) }) },
  /** No lines yet (number and draft: the declaration). */
  defaults: async (_sql, rows) => rows.map(() => ({ new_linecount: 0 })),
  write: {
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
  },
  lines: {
    [LINE]: {
      // Every service covered when none is ticked (a line's dates are its contract's: afterLines).
      defaults: async (_sql, rows) =>
        rows.map((r) =>
          r.new_coverrepair == null && r.new_coverinstall == null && r.new_covermaint == null
            ? { new_coverrepair: true, new_coverinstall: true, new_covermaint: true }
            : {},
        ),
      write: {
        // The line's contract must be draft (the declared lines' edit rule); a deleted line leaves the count.
        async guard(sql, id, op) {
          if (op !== 'delete') return;
          await sql.query(
            `UPDATE new_srv_contract c SET new_linecount = (SELECT count(*) FROM new_srv_contractline x WHERE x.new_contract_id = c.new_srv_contractid AND x.new_srv_contractlineid <> $1::uuid)
              FROM new_srv_contractline l WHERE l.new_srv_contractlineid = $1::uuid AND c.new_srv_contractid = l.new_contract_id`,
            [id],
          );
        },
        after: (sql, ids) => afterLines(sql, ids),
      },
    },
  },
  beforeLock: { activate: expire, terminate: expire },
  commands: {
    /** A draft becomes active: its end date not passed, at least one line, its serial numbers on no other live contract. */
    async activate({ sql, id }) {
      const p = await period(sql, id);
      if (!p.live) throw refuse('contract.endPassed', { date: p.end });
      const { rows: lines } = await sql.query<{ id: string }>(
        `SELECT new_srv_contractlineid AS id FROM new_srv_contractline WHERE new_contract_id = $1::uuid`,
        [id],
      );
      if (!lines.length) throw refuse('contract.lineRequired');
      await assertSerialsFree(
        sql,
        lines.map((l) => l.id),
      );
      await sql.query(`UPDATE new_srv_contract SET new_activatedon = now() WHERE new_srv_contractid = $1::uuid`, [id]);
      return { message: 'contract.activated' };
    },
    /** An active contract ends on a date within its period, with a reason (at most 500 characters). */
    async terminate({ sql, id, body, lang }) {
      const date = requiredDate(body.date, msg('contract.terminateDate', lang), 'date');
      const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
      if (!reason) throw refuse('records.required', { field: msg('contract.terminateReason', lang) }, 'reason');
      if (reason.length > 500) throw refuse('validation.maxLength', { field: msg('contract.terminateReason', lang), max: 500 }, 'reason');
      const p = await period(sql, id);
      if (date < p.start || date > p.end) throw refuse('contract.terminateOutside', { start: p.start, end: p.end }, 'date');
      await sql.query(
        `UPDATE new_srv_contract SET new_terminatedon = $2::date, new_terminationreason = $3 WHERE new_srv_contractid = $1::uuid`,
        [id, date, reason],
      );
      return { message: 'contract.terminated' };
    },
  },
  // Open orders for its machines are under it from now, not only from their next edit (issue 25): that needs it active.
  afterMove: { activate: ({ sql, id }) => linkOpenOrders(sql, id).then(() => undefined) },
};
