import { getEntity, msg, partsReturnState, partsReturnVerify, type Lang, type MessageKey, type OptionSetDef } from '@portal/model';
import type { Sql } from '../../db/db.ts';
import { M, openA4Form, WIDTH } from '../../pdf/a4-form.ts';
import type { Caller } from '../../records/scope.ts';
import { Params } from '../../records/sql.ts';
import { yuan } from '../expense/period.ts';
import { lockDocument } from '../../documents/access.ts';
import { optionText } from '../work-order/log.ts';

const RETURN = getEntity('new_srv_partsreturn')!;
const LINE = getEntity('new_srv_partsreturndetail')!;

/** The columns of the printed list's lines, in order (the web print view uses the same order). */
export const RETURN_LIST_COLUMNS = [
  'new_code',
  'new_name',
  'new_qty',
  'new_receivedqty',
  'new_workorder_id',
  'new_oldserialno',
  'new_costcenter',
] as const;

/** What the service-provider old-parts return list prints: one return, its station and its lines. */
export interface ReturnListData {
  id: string;
  name: string;
  stationName: string;
  state: string;
  verify: string;
  logisticsCorp: string;
  trackingNo: string;
  freight: string;
  deliveredOn: string;
  totalQty: number;
  receivedQty: number;
  totalAmount: string;
  lines: { code: string; name: string; qty: number; received: number; workOrder: string; serialNo: string; costCenter: string }[];
}

/** The return within the caller's reach (404 otherwise), read without a lock, with its lines in the screen's order. */
export async function loadReturnList(sql: Sql, caller: Caller, id: string, lang: Lang): Promise<ReturnListData> {
  const r = await lockDocument<Record<string, unknown>>(
    sql,
    caller,
    RETURN,
    id,
    `t.new_name AS name, (SELECT s.new_name FROM new_srv_station s WHERE s.new_srv_stationid = t.new_station_id) AS station_name,
     t.new_state AS state, t.new_verifystatus AS verify, t.new_logisticscorp AS corp, t.new_trackingno AS tracking, COALESCE(t.new_freight, 0)::text AS freight,
     to_char(t.new_deliveredon AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') AS delivered,
     COALESCE(t.new_totalqty, 0) AS total, COALESCE(t.new_receivedqty, 0) AS received, COALESCE(t.new_totalamount, 0)::text AS amount`,
    { lock: false },
  );
  // Its lines in the caller's reach: an engineer's list holds their own orders' old parts only.
  const p = new Params();
  const { rows } = await sql.query<ReturnListData['lines'][number]>(
    `SELECT COALESCE(l.new_code, '') AS code, COALESCE(l.new_name, '') AS name, l.new_qty AS qty, COALESCE(l.new_receivedqty, 0) AS received,
            COALESCE(o.new_name, '') AS "workOrder", COALESCE(l.new_oldserialno, '') AS "serialNo", COALESCE(l.new_costcenter, '') AS "costCenter"
       FROM new_srv_partsreturndetail l LEFT JOIN new_srv_workorder o ON o.new_srv_workorderid = l.new_workorder_id
      WHERE l.new_partsreturn_id = ${p.add(r.id, 'uuid')} AND ${p.scope(LINE, caller, 'l', 'read')} ORDER BY l.createdon, l.new_srv_partsreturndetailid`,
    p.values,
  );
  const s = (v: unknown) => (v == null ? '' : String(v));
  return {
    id: r.id,
    name: s(r.name),
    stationName: s(r.station_name),
    state: optionText(partsReturnState as OptionSetDef<number>, r.state as number | null, lang),
    verify: optionText(partsReturnVerify as OptionSetDef<number>, r.verify as number | null, lang),
    logisticsCorp: s(r.corp),
    trackingNo: s(r.tracking),
    freight: s(r.freight),
    deliveredOn: s(r.delivered),
    totalQty: Number(r.total),
    receivedQty: Number(r.received),
    totalAmount: s(r.amount),
    lines: rows.map((l) => ({ ...l, qty: Number(l.qty), received: Number(l.received) })),
  };
}

/**
 * The service-provider old-parts return list (服务商旧件返厂清单) as a PDF (A4), the same fields and
 * order as the web print view: header (company, station, number, state, logistics, freight), the
 * lines (part code, name, count, received, work order, serial number, cost centre), the totals and
 * both sides' signature areas. Built on the shared A4 form frame (pdf/a4-form.ts).
 */
export async function renderReturnListPdf(d: ReturnListData, lang: Lang, now = new Date()): Promise<Buffer> {
  const t = (k: MessageKey, p?: Record<string, string | number>) => msg(k, lang, p);
  const f = (e: typeof RETURN, name: string) => e.allFields[name].label[lang];
  const title = t('partsReturn.print.title');
  const { doc, section, pairs, row, finish } = await openA4Form(lang, title, { Title: `${title} ${d.name}`, Subject: d.stationName });
  pairs([
    [f(RETURN, 'new_station_id'), d.stationName],
    [f(RETURN, 'new_name'), d.name],
    [f(RETURN, 'new_state'), d.state],
    [f(RETURN, 'new_verifystatus'), d.verify],
    [f(RETURN, 'new_logisticscorp'), d.logisticsCorp],
    [f(RETURN, 'new_trackingno'), d.trackingNo],
    [f(RETURN, 'new_freight'), yuan(d.freight)],
    [f(RETURN, 'new_deliveredon'), d.deliveredOn],
  ]);

  section(t('partsReturn.print.lines'));
  // Part number, name, count, received, work order, serial number, cost centre.
  const widths = [78, 120, 40, 40, 95, 70, WIDTH - 443];
  const align = ['left', 'left', 'right', 'right', 'left', 'left', 'left'] as const;
  row(
    RETURN_LIST_COLUMNS.map((c) => f(LINE, c)),
    widths,
    { head: true },
  );
  for (const l of d.lines)
    row([l.code, l.name, String(l.qty), String(l.received), l.workOrder, l.serialNo, l.costCenter], widths, { align: [...align] });
  row([t('partsReturn.print.total'), '', String(d.totalQty), String(d.receivedQty), '', '', ''], widths, { align: [...align] });
  pairs([
    [f(RETURN, 'new_totalamount'), yuan(d.totalAmount)],
    [f(RETURN, 'new_linecount'), String(d.lines.length)],
  ]);
  doc.moveDown(0.5).fontSize(9.5).text(t('partsReturn.print.statement'), M, doc.y, { width: WIDTH });

  return finish([{ sign: 'partsReturn.print.stationSign' }, { sign: 'partsReturn.print.hqSign' }], now);
}
