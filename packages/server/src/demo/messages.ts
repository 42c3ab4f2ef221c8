import { approvalStatus, expenseFormStatus, IN_SERVICE_STATUSES, receiptState } from '@portal/model';
import { OUTCOME, OUTCOME_BECAUSE, outcomeKind } from '../domain/message/approval.ts';
import { flowDocuments } from '../flow/documents.ts';
import { q } from '../records/sql.ts';
import type { Sql } from '../db/db.ts';

/**
 * Demo messages for the message centre, left for what the demo documents went through (the demo
 * inserts most of them directly, not through the commands that notify): dispatches and appointments
 * of engineers' orders, supervised orders and settlement statements to confirm for the stations,
 * deliveries on their way, documents waiting for approval and outcomes for their submitters, doubts
 * for head office. Older ones are read, the last days' unread. Documents the commands already told
 * about (the demo's approvals through the engine) are not told twice. Run last.
 */
export async function seedMessageDemo(sql: Sql): Promise<void> {
  const recent = (col: string) => `CASE WHEN ${col} < now() - interval '2 days' THEN ${col} + interval '3 hours' END`;
  const told = (kind: string, key: string) =>
    `NOT EXISTS (SELECT 1 FROM portal_message m WHERE m.record_id = x.record AND m.user_id = x.who AND m.kind = '${kind}' AND m.message_key = '${key}')`;
  const insert = (select: string, kind: string, key: string) =>
    sql.query(
      `INSERT INTO portal_message (user_id, kind, message_key, params, entity, record_id, target, actor_id, created_on, read_on)
     SELECT x.who, '${kind}', '${key}', x.params, x.entity, x.record, x.target, x.actor, x.at, x.readon FROM (${select}) x
      WHERE x.who IS NOT NULL AND x.at IS NOT NULL AND ${told(kind, key)}`,
    );
  const holders = (privilege: string) =>
    `SELECT u.systemuserid FROM systemuser u WHERE NOT COALESCE(u.isdisabled, false)
        AND EXISTS (SELECT 1 FROM systemuserroles ur JOIN new_roleprivilege rp ON rp.new_role_id = ur.roleid WHERE ur.systemuserid = u.systemuserid AND rp.new_name = '${privilege}')`;

  // Engineers: each order dispatched to them; an order still open and dispatched in the last two days is unread.
  await insert(
    `SELECT u.systemuserid AS who, jsonb_build_object('name', o.new_name) AS params, 'new_srv_workorder' AS entity, o.new_srv_workorderid AS record,
            'document' AS target, o.createdby AS actor, o.new_dispatchtime AS at,
            CASE WHEN o.new_status IN (${IN_SERVICE_STATUSES.join(', ')}) AND o.new_dispatchtime > now() - interval '2 days' THEN NULL ELSE o.new_dispatchtime + interval '20 minutes' END AS readon
       FROM new_srv_workorder o JOIN systemuser u ON u.new_worker_id = o.new_worker_id
      WHERE o.new_dispatchtime IS NOT NULL`,
    'workOrder',
    'message.text.dispatched',
  );
  // Engineers: appointments of their open orders (today and later unread).
  await insert(
    `SELECT u.systemuserid AS who,
            jsonb_build_object('name', o.new_name, 'date', to_char(o.new_appointmenttime, 'YYYY-MM-DD'),
              'begin', to_char(make_time(o.new_appointmentbegin / 100, o.new_appointmentbegin % 100, 0), 'HH24:MI'),
              'end', to_char(make_time(o.new_appointmentend / 100, o.new_appointmentend % 100, 0), 'HH24:MI')) AS params,
            'new_srv_workorder' AS entity, o.new_srv_workorderid AS record, 'document' AS target, o.createdby AS actor,
            COALESCE(o.new_dispatchtime, o.createdon) + interval '1 hour' AS at,
            CASE WHEN o.new_appointmenttime >= ((now() AT TIME ZONE 'UTC') + interval '8 hours')::date THEN NULL ELSE o.new_dispatchtime + interval '2 hours' END AS readon
       FROM new_srv_workorder o JOIN systemuser u ON u.new_worker_id = o.new_worker_id
      WHERE o.new_status IN (${IN_SERVICE_STATUSES.join(', ')}) AND o.new_appointmenttime IS NOT NULL AND o.new_appointmentbegin IS NOT NULL AND o.new_appointmentend IS NOT NULL`,
    'workOrder',
    'message.text.appointment',
  );
  // Stations (dispatchers) and the engineer: supervised orders.
  await insert(
    `SELECT u.systemuserid AS who, jsonb_build_object('name', o.new_name, 'reason', o.new_supervisereason) AS params, 'new_srv_workorder' AS entity,
            o.new_srv_workorderid AS record, 'document' AS target, NULL::uuid AS actor, o.new_supervisetime AS at, ${recent('o.new_supervisetime')} AS readon
       FROM new_srv_workorder o JOIN systemuser u ON (u.new_station_id = o.new_station_id AND u.systemuserid IN (${holders('workorder.dispatch')}))
                                                   OR u.new_worker_id = o.new_worker_id
      WHERE o.new_supervisetime IS NOT NULL AND o.new_supervisereason IS NOT NULL`,
    'workOrder',
    'message.text.supervised',
  );
  // Stations: statements waiting for their confirmation (unread).
  await insert(
    `SELECT u.systemuserid AS who,
            jsonb_build_object('name', c.new_name, 'amount', to_char(COALESCE(c.new_approvalamount, c.new_totalamount), 'FM999999990.00'),
              'deadline', to_char(((c.new_confirmdeadline - interval '1 second') AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD') || ' 24:00') AS params,
            'new_srv_expense_claim' AS entity, c.new_srv_expense_claimid AS record, 'document' AS target, c.modifiedby AS actor, c.modifiedon AS at, NULL::timestamptz AS readon
       FROM new_srv_expense_claim c JOIN systemuser u ON u.new_station_id = c.new_station_id AND u.systemuserid IN (${holders('expense.read')})
      WHERE c.new_formstatus = ${expenseFormStatus.toConfirm} AND c.new_confirmdeadline IS NOT NULL`,
    'settlement',
    'message.text.settlementToConfirm',
  );
  // Head office: the stations' doubts.
  await insert(
    `SELECT u.systemuserid AS who, jsonb_build_object('name', c.new_name, 'doubt', c.new_doubt) AS params, 'new_srv_expense_claim' AS entity,
            c.new_srv_expense_claimid AS record, 'document' AS target, NULL::uuid AS actor, c.new_doubttime AS at, ${recent('c.new_doubttime')} AS readon
       FROM new_srv_expense_claim c JOIN systemuser u ON u.systemuserid IN (${holders('expense.write')})
      WHERE c.new_formstatus = ${expenseFormStatus.toCalculate} AND c.new_doubt IS NOT NULL AND c.new_doubttime IS NOT NULL`,
    'settlement',
    'message.text.settlementDoubt',
  );
  // Receivers: deliveries on their way to them.
  await insert(
    `SELECT u.systemuserid AS who, jsonb_build_object('name', d.new_name, 'corp', COALESCE(d.new_logisticscorp, ''), 'tracking', COALESCE(d.new_trackingno, '')) AS params,
            'new_stockoutorder' AS entity, d.new_stockoutorderid AS record, 'document' AS target, d.new_shipper_id AS actor, d.new_shiptime AS at,
            ${recent('d.new_shiptime')} AS readon
       FROM new_stockoutorder d JOIN systemuser u ON u.businessunitid = d.new_tounit_id AND u.systemuserid IN (${holders('parts.receive')})
      WHERE d.new_shiptime IS NOT NULL AND d.new_receiptstate IN (${receiptState.toReceive}, ${receiptState.semiReceived})`,
    'parts',
    'message.text.shipped',
  );
  // Approvals: documents waiting for their current approver (unread); outcomes for the submitters.
  for (const d of flowDocuments()) {
    const e = d.entity;
    const base = `t.${q(e.primaryKey)} AS record, '${e.logicalName}' AS entity`;
    await insert(
      `SELECT t.new_stepuser_id AS who, jsonb_build_object('name', t.${q(e.primaryName)}, 'step', t.new_stepname) AS params, ${base},
              'approval' AS target, t.new_submitter_id AS actor, t.new_submittime AS at, NULL::timestamptz AS readon
         FROM ${q(e.logicalName)} t WHERE t.new_approvalstatus = ${approvalStatus.underReview}`,
      'approval',
      'message.text.approvalWaiting',
    );
    for (const [status, key] of Object.entries(OUTCOME)) {
      const at = `COALESCE(t.new_approvedtime, t.modifiedon)`;
      // A rejection or veto says why (the last reject/veto memo of its log); one told either way is not told again.
      const because = OUTCOME_BECAUSE[Number(status)];
      const reason = `(SELECT l.new_memo FROM new_approvallog l WHERE l.new_entityname = '${e.logicalName}' AND l.new_recordid = t.${q(e.primaryKey)}::text
                        AND l.new_action IN ('reject', 'veto') ORDER BY l.createdon DESC LIMIT 1)`;
      if (because) {
        await insert(
          `SELECT t.new_submitter_id AS who, jsonb_build_object('name', t.${q(e.primaryName)}, 'reason', ${reason}) AS params, ${base}, 'document' AS target,
                  t.modifiedby AS actor, ${at} AS at, ${recent(at)} AS readon
             FROM ${q(e.logicalName)} t WHERE t.new_approvalstatus = ${Number(status)} AND COALESCE(${reason}, '') <> ''
              AND NOT EXISTS (SELECT 1 FROM portal_message m WHERE m.record_id = t.${q(e.primaryKey)} AND m.message_key = '${key}')`,
          outcomeKind(e.logicalName),
          because,
        );
      }
      await insert(
        `SELECT t.new_submitter_id AS who, jsonb_build_object('name', t.${q(e.primaryName)}) AS params, ${base}, 'document' AS target,
                t.modifiedby AS actor, ${at} AS at, ${recent(at)} AS readon
           FROM ${q(e.logicalName)} t WHERE t.new_approvalstatus = ${Number(status)}
            ${because ? `AND NOT EXISTS (SELECT 1 FROM portal_message m WHERE m.record_id = t.${q(e.primaryKey)} AND m.message_key = '${because}')` : ''}`,
        outcomeKind(e.logicalName),
        key,
      );
    }
    // What the demo's approvers already acted on (through the engine) they have read.
    await sql.query(
      `UPDATE portal_message m SET read_on = m.created_on + interval '1 hour' FROM ${q(e.logicalName)} t
        WHERE m.entity = $1 AND m.record_id = t.${q(e.primaryKey)} AND m.message_key = 'message.text.approvalWaiting' AND m.read_on IS NULL
          AND NOT (t.new_approvalstatus = ${approvalStatus.underReview} AND t.new_stepuser_id = m.user_id)`,
      [e.logicalName],
    );
  }
  // Deliveries the receiver has taken in were read.
  await sql.query(
    `UPDATE portal_message m SET read_on = COALESCE(d.new_receivetime, m.created_on + interval '1 hour') FROM new_stockoutorder d
      WHERE m.entity = 'new_stockoutorder' AND m.record_id = d.new_stockoutorderid AND m.read_on IS NULL AND d.new_receiptstate = ${receiptState.received}`,
  );
}
