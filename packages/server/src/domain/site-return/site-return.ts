import {
  getEntity,
  returnState,
  returnType,
  stockUsage,
  type DocumentLineRequest,
  type Lang,
  type PartsCommandResult,
} from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { refuse } from '../../http/errors.ts';
import type { Caller } from '../../records/scope.ts';
import { recomputeDocumentTotals } from '../parts/document-totals.ts';
import { addRequestLine, updateRequestLine, type RequestDocument } from '../parts/request-lines.ts';

/**
 * Parts return application (配件退货申请, `new_srv_sitereturn`): a station returns good parts from
 * its own warehouse to a central warehouse. The station writes it while it is to be submitted
 * (draft) and delivers it: every line leaves the station's stock into the central warehouse's
 * transit (as a delivery's shipping does). The central warehouse receives it in one or several
 * receipts (semi received, received): transit into stock. Closing a draft abandons it; closing a
 * delivered one sends what was not received back to the station. Here: its lines; its commands,
 * defaults and write checks are its controller's (site-return.controller.ts).
 */
export const RETURN = getEntity('new_srv_sitereturn')!;
const LINE = getEntity('new_srv_sitereturndetail')!;

/** The usage of a return's moves by its return type (spec 001 §9: delivery/receipt documents for transfer, stocking, purchasing). */
export const returnUsage = (type: number | null | undefined) =>
  type === returnType.stocking
    ? stockUsage.stockingDocument
    : type === returnType.purchasing
      ? stockUsage.purchasingDocument
      : stockUsage.transferDocument;

export function recomputeReturn(sql: Sql, id: string): Promise<void> {
  return recomputeDocumentTotals(sql, RETURN, LINE, 'new_sitereturn_id', id);
}

/** The lines are request lines: a part once, quantity 1–99,999, the station's available stock shown; only while draft and open. */
export const siteReturnDocument: RequestDocument = {
  header: RETURN,
  line: LINE,
  parent: 'new_sitereturn_id',
  write: 'parts.write',
  ownerUnit: 'owningbusinessunit',
  copied: ['new_station_id', 'owningbusinessunit', 'new_tounit_id'],
  initial: () => ({ new_receivedqty: 0 }),
  recompute: recomputeReturn,
  editableSql: `COALESCE(t.new_state, ${returnState.draft}) = ${returnState.draft}`,
};

/** A line's returned number may not exceed what the station has available of the part (shown as what remains to return). */
async function assertHeld(sql: Sql, lineId: string | undefined): Promise<void> {
  const {
    rows: [l],
  } = await sql.query<{ qty: number; have: number | null; name: string; code: string }>(
    `SELECT new_qty AS qty, new_tempcurrentinv AS have, new_name AS name, new_code AS code FROM new_srv_sitereturndetail WHERE new_srv_sitereturndetailid = $1::uuid`,
    [lineId],
  );
  if (l && Number(l.qty) > Number(l.have ?? 0))
    throw refuse('siteReturn.insufficient', { part: `${l.code} ${l.name}`, remaining: Number(l.have ?? 0) }, 'qty');
}

export async function addReturnLine(
  sql: Sql,
  caller: Caller,
  id: string,
  input: DocumentLineRequest,
  lang: Lang,
): Promise<PartsCommandResult> {
  const r = await addRequestLine(sql, caller, siteReturnDocument, id, input, lang);
  await assertHeld(sql, r.lineId);
  return r;
}

export async function updateReturnLine(
  sql: Sql,
  caller: Caller,
  id: string,
  lineId: string,
  input: Partial<DocumentLineRequest>,
  lang: Lang,
): Promise<PartsCommandResult> {
  const r = await updateRequestLine(sql, caller, siteReturnDocument, id, lineId, input, lang);
  await assertHeld(sql, r.lineId);
  return r;
}
