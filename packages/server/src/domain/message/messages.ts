import {
  formatMoney,
  getEntity,
  messages,
  msg,
  MESSAGE_KINDS,
  noticeStatus,
  type Lang,
  type MessageItem,
  type MessageKey,
  type MessageKind,
  type MessageList,
  type MessageTarget,
  type Privilege,
} from '@portal/model';
import type { Principal } from '../../auth/principal.ts';
import type { Sql } from '../../db/db.ts';
import { notFound } from '../../http/errors.ts';

/**
 * The message centre. Commands leave messages with `notify` in their own transaction (one row per
 * recipient, the acting user left out); the caller reads, opens and marks only their own rows.
 * Published notices are not copied per user: they join the list with the notice module's read
 * state (new_noticeread), so reading a notice anywhere reads it here too.
 */

/** Who gets a message: users by id, the users of personnel records, of a station or business unit, or everyone; optionally only holders of a privilege. */
export interface Recipients {
  users?: (string | null | undefined)[];
  workers?: (string | null | undefined)[];
  station?: string | null;
  unit?: string | null;
  everyone?: boolean;
  privilege?: Privilege;
}

export interface NewMessage {
  kind: Exclude<MessageKind, 'notice'>;
  key: MessageKey;
  /** Placeholders of the text; `{entity}` (the entity's label) and `{by}` (the actor's name) are filled when read; `amount` (a decimal) is shown as money. */
  params?: Record<string, string | number | null | undefined>;
  entity: string;
  /** The record the message opens; null when the recipient may no longer open it (an engineer taken off an order). */
  recordId: string | null;
  target?: Exclude<MessageTarget, 'notice'>;
}

const present = (xs: (string | null | undefined)[] | undefined) => (xs ?? []).filter((x): x is string => !!x);

/** Writes the message to every active recipient but the actor; answers how many got it. */
export async function notify(sql: Sql, actorId: string | null, to: Recipients, m: NewMessage): Promise<number> {
  const users = present(to.users);
  const workers = present(to.workers);
  if (!users.length && !workers.length && !to.station && !to.unit && !to.everyone) return 0;
  const params = Object.fromEntries(Object.entries(m.params ?? {}).map(([k, v]) => [k, v ?? '']));
  const { rowCount } = await sql.query(
    `INSERT INTO portal_message (user_id, kind, message_key, params, entity, record_id, target, actor_id)
     SELECT u.systemuserid, $1, $2, $3::jsonb, $4, $5::uuid, $6, $7::uuid FROM systemuser u
      WHERE NOT COALESCE(u.isdisabled, false) AND u.systemuserid IS DISTINCT FROM $7::uuid
        AND (u.systemuserid = ANY($8::uuid[]) OR u.new_worker_id = ANY($9::uuid[]) OR u.new_station_id = $10::uuid
             OR u.businessunitid = $11::uuid OR $12::boolean)
        AND ($13::text IS NULL OR EXISTS (SELECT 1 FROM systemuserroles ur JOIN new_roleprivilege rp ON rp.new_role_id = ur.roleid
                                           WHERE ur.systemuserid = u.systemuserid AND rp.new_name = $13::text))`,
    [
      m.kind,
      m.key,
      JSON.stringify(params),
      m.entity,
      m.recordId,
      m.target ?? 'document',
      actorId,
      users,
      workers,
      to.station ?? null,
      to.unit ?? null,
      !!to.everyone,
      to.privilege ?? null,
    ],
  );
  return rowCount ?? 0;
}

export interface MessageQuery {
  page: number;
  count: number;
  kind?: MessageKind;
  unread?: boolean;
}

type Row = {
  id: string;
  kind: MessageKind;
  key: string | null;
  params: Record<string, string | number>;
  entity: string | null;
  record: string | null;
  target: MessageTarget;
  time: Date;
  read: boolean;
  actor: string | null;
};

function text(r: Row, lang: Lang): string {
  if (r.kind === 'notice' || !r.key) return String(r.params.title ?? '');
  const entity = r.entity ? (getEntity(r.entity)?.label[lang] ?? '') : '';
  // `amount` is money, stored as its decimal and shown as every amount is (-¥1,234.00), old rows too.
  const params: Record<string, string | number> = { ...r.params, entity, by: r.actor ?? '' };
  if (r.params.amount !== undefined) params.amount = formatMoney(r.params.amount) || String(r.params.amount);
  return Object.hasOwn(messages, r.key) ? msg(r.key as MessageKey, lang, params) : r.key;
}

const item = (r: Row, lang: Lang): MessageItem => ({
  Id: r.id,
  Kind: r.kind,
  Text: text(r, lang),
  Time: r.time.toISOString(),
  Read: r.read,
  EntityName: r.entity,
  RecordId: r.record,
  Target: r.target,
});

/** The caller's stored messages and (with notice.read) the published notices, as one relation. */
function messagesOf(p: Principal, params: unknown[]): string {
  const me = `$${params.push(p.userId)}::uuid`;
  const stored = `SELECT m.id::text AS id, m.kind, m.message_key AS key, m.params, m.entity, m.record_id::text AS record, m.target,
                         m.created_on AS time, m.read_on IS NOT NULL AS read, a.fullname AS actor
                    FROM portal_message m LEFT JOIN systemuser a ON a.systemuserid = m.actor_id WHERE m.user_id = ${me}`;
  if (!p.privileges.has('notice.read')) return stored;
  return `${stored} UNION ALL
          SELECT n.new_noticeid::text, 'notice', NULL, jsonb_build_object('title', n.new_name), 'new_notice', n.new_noticeid::text, 'notice',
                 COALESCE(n.new_publishtime, n.createdon),
                 EXISTS (SELECT 1 FROM new_noticeread r WHERE r.new_notice_id = n.new_noticeid AND r.ownerid = ${me}), NULL
            FROM new_notice n WHERE n.new_status = ${noticeStatus.published} AND n.statecode = 0`;
}

/** The caller's messages of a kind (or all), unread first, newest first; with the unread count per kind. */
export async function listMessages(sql: Sql, p: Principal, q: MessageQuery, lang: Lang): Promise<MessageList> {
  const params: unknown[] = [];
  const all = messagesOf(p, params);
  const where: string[] = [];
  if (q.kind) where.push(`x.kind = $${params.push(q.kind)}`);
  if (q.unread) where.push('NOT x.read');
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const lim = params.push(q.count);
  const off = params.push((q.page - 1) * q.count);
  const { rows } = await sql.query<Row & { total: number }>(
    `SELECT x.*, count(*) OVER ()::int AS total FROM (${all}) x ${filter}
      ORDER BY x.read, x.time DESC, x.id LIMIT $${lim} OFFSET $${off}`,
    params,
  );
  let total = rows[0]?.total ?? 0;
  // A page past the end: the total still answers.
  if (!rows.length && q.page > 1)
    total = (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${all}) x ${filter}`, params.slice(0, lim - 1))).rows[0].n;
  return { items: rows.map((r) => item(r, lang)), TotalRecordCount: total, Unread: await unreadByKind(sql, p) };
}

/** Unread messages per kind: one query over the unread index and the notices. */
export async function unreadByKind(sql: Sql, p: Principal): Promise<Record<MessageKind, number>> {
  const out = Object.fromEntries(MESSAGE_KINDS.map((k) => [k, 0])) as Record<MessageKind, number>;
  const notices = p.privileges.has('notice.read')
    ? ` UNION ALL SELECT 'notice', count(*)::int FROM new_notice n WHERE n.new_status = ${noticeStatus.published} AND n.statecode = 0
          AND NOT EXISTS (SELECT 1 FROM new_noticeread r WHERE r.new_notice_id = n.new_noticeid AND r.ownerid = $1::uuid)`
    : '';
  const { rows } = await sql.query<{ kind: MessageKind; n: number }>(
    `SELECT kind, count(*)::int AS n FROM portal_message WHERE user_id = $1::uuid AND read_on IS NULL GROUP BY kind${notices}`,
    [p.userId],
  );
  for (const r of rows) if (Object.hasOwn(out, r.kind)) out[r.kind] += r.n;
  return out;
}

/** The bell's count: every unread message of the caller. */
export async function unreadCount(sql: Sql, p: Principal): Promise<number> {
  return Object.values(await unreadByKind(sql, p)).reduce((a, b) => a + b, 0);
}

/** One of the caller's stored messages (404 for anyone else's, or none). */
export async function getMessage(sql: Sql, p: Principal, id: string, lang: Lang): Promise<MessageItem> {
  const params: unknown[] = [];
  const all = messagesOf({ ...p, privileges: new Set<string>() }, params);
  const { rows } = await sql.query<Row>(`SELECT x.* FROM (${all}) x WHERE x.id = $${params.push(id)}`, params);
  if (!rows[0]) throw notFound('message.notFound');
  return item(rows[0], lang);
}

/** Opens one of the caller's messages: marks it read (once) and answers it. */
export async function readMessage(sql: Sql, p: Principal, id: string, lang: Lang): Promise<MessageItem> {
  const { rowCount } = await sql.query(
    'UPDATE portal_message SET read_on = COALESCE(read_on, now()) WHERE id = $1::uuid AND user_id = $2::uuid',
    [id, p.userId],
  );
  if (!rowCount) throw notFound('message.notFound');
  return getMessage(sql, p, id, lang);
}

/** Marks every unread message of the caller read (of a kind, or all), unread notices included. */
export async function readAll(sql: Sql, p: Principal, kind?: MessageKind): Promise<number> {
  let n = 0;
  if (kind !== 'notice') {
    const r = await sql.query(
      `UPDATE portal_message SET read_on = now() WHERE user_id = $1::uuid AND read_on IS NULL AND ($2::text IS NULL OR kind = $2::text)`,
      [p.userId, kind ?? null],
    );
    n += r.rowCount ?? 0;
  }
  if ((!kind || kind === 'notice') && p.privileges.has('notice.read')) {
    const r = await sql.query(
      `INSERT INTO new_noticeread (new_name, new_notice_id, new_readtime, ownerid, owningbusinessunit, createdby, modifiedby)
       SELECT left(n.new_name, 200), n.new_noticeid, now(), $1::uuid, $2::uuid, $1::uuid, $1::uuid FROM new_notice n
        WHERE n.new_status = ${noticeStatus.published} AND n.statecode = 0
          AND NOT EXISTS (SELECT 1 FROM new_noticeread r WHERE r.new_notice_id = n.new_noticeid AND r.ownerid = $1::uuid)`,
      [p.userId, p.businessUnitId],
    );
    n += r.rowCount ?? 0;
  }
  return n;
}
