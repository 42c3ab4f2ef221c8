import { noticeStatus, noticeType, type Lang } from '@portal/model';
import type { Principal } from '../../auth/principal.ts';
import type { Sql } from '../../db/db.ts';
import { notFound } from '../../http/errors.ts';
import { writeHooks } from '../../records/write.ts';

/**
 * Publishing stamps the time: a notice saved as published without 发布时间 gets the moment it was
 * published, so lists sort it first and the home carousel shows it (issue 24). A time the
 * publisher chose is kept.
 */
export function installNotice(): void {
  writeHooks.set('new_notice', {
    after: async (sql, ids) => {
      await sql.query(
        'UPDATE new_notice SET new_publishtime = now() WHERE new_noticeid = ANY($1::uuid[]) AND new_status = $2 AND new_publishtime IS NULL',
        [ids, noticeStatus.published],
      );
    },
  });
}

export interface NoticeListQuery {
  page: number;
  count: number;
  type?: number;
  keyword?: string;
  unread?: boolean;
}

const typeText = (v: number | null, lang: Lang) => noticeType.options.find((o) => o.value === v)?.label[lang] ?? '';

/**
 * Published notices with the caller's read and reply state. Notices are global; read records are
 * the caller's own; a reply counts when anyone of the caller's business unit replied.
 */
export async function listNotices(sql: Sql, p: Principal, q: NoticeListQuery, lang: Lang) {
  const where = [`n.new_status = ${noticeStatus.published}`, `n.statecode = 0`];
  const params: unknown[] = [];
  const bind = (v: unknown) => `$${params.push(v)}`;
  if (q.type) where.push(`n.new_type = ${bind(q.type)}`);
  if (q.keyword) {
    const like = bind(`%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(n.new_name ILIKE ${like} OR n.new_summary ILIKE ${like})`);
  }
  if (q.unread)
    where.push(`NOT EXISTS (SELECT 1 FROM new_noticeread r WHERE r.new_notice_id = n.new_noticeid AND r.ownerid = ${bind(p.userId)})`);
  const filter = where.join(' AND ');
  const total = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM new_notice n WHERE ${filter}`, params);
  const user = bind(p.userId);
  const unit = bind(p.businessUnitId);
  const limit = bind(q.count);
  const offset = bind((q.page - 1) * q.count);
  const { rows } = await sql.query<{
    id: string;
    title: string;
    sub: string | null;
    type: number;
    publishtime: Date | null;
    publisher: string | null;
    needreply: boolean | null;
    isread: boolean;
    isreplied: boolean;
  }>(
    `SELECT n.new_noticeid AS id, n.new_name AS title, n.new_summary AS sub, n.new_type AS type, n.new_publishtime AS publishtime,
            n.new_publisher AS publisher, n.new_needreply AS needreply,
            EXISTS (SELECT 1 FROM new_noticeread r WHERE r.new_notice_id = n.new_noticeid AND r.ownerid = ${user}) AS isread,
            EXISTS (SELECT 1 FROM new_noticereply y WHERE y.new_notice_id = n.new_noticeid AND y.owningbusinessunit = ${unit}) AS isreplied
       FROM new_notice n WHERE ${filter}
      ORDER BY n.new_publishtime DESC NULLS LAST, n.new_noticeid
      LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  return {
    items: rows.map((r) => ({
      Id: r.id,
      Title: r.title,
      Sub: r.sub ?? '',
      Type: r.type,
      TypeText: typeText(r.type, lang),
      PublishTime: r.publishtime?.toISOString() ?? null,
      Publisher: r.publisher ?? '',
      NeedReply: !!r.needreply,
      IsRead: r.isread,
      IsReplied: r.isreplied,
    })),
    TotalRecordCount: total.rows[0].n,
  };
}

/** One published notice; opening it records that the caller read it (once). */
export async function openNotice(sql: Sql, p: Principal, id: string, subtree: string[], lang: Lang) {
  const { rows } = await sql.query<{
    id: string;
    title: string;
    sub: string | null;
    type: number;
    publishtime: Date | null;
    publisher: string | null;
    needreply: boolean | null;
    content: string;
  }>(
    `SELECT new_noticeid AS id, new_name AS title, new_summary AS sub, new_type AS type, new_publishtime AS publishtime,
            new_publisher AS publisher, new_needreply AS needreply, new_content AS content
       FROM new_notice WHERE new_noticeid = $1 AND new_status = ${noticeStatus.published} AND statecode = 0`,
    [id],
  );
  const n = rows[0];
  if (!n) throw notFound('notice.notFound');
  await sql.query(
    `INSERT INTO new_noticeread (new_name, new_notice_id, new_readtime, ownerid, owningbusinessunit, createdby, modifiedby)
     SELECT $2, $1, now(), $3, $4, $3, $3
      WHERE NOT EXISTS (SELECT 1 FROM new_noticeread WHERE new_notice_id = $1 AND ownerid = $3)`,
    [id, n.title.slice(0, 200), p.userId, p.businessUnitId],
  );
  // Replies the caller may see: those of units in the caller's subtree (head office: all).
  const replies = await sql.query<{ id: string; content: string; replier: string | null; unit: string | null; createdon: Date }>(
    `SELECT y.new_noticereplyid AS id, y.new_content AS content, y.new_name AS replier, b.name AS unit, y.createdon
       FROM new_noticereply y LEFT JOIN businessunit b ON b.businessunitid = y.owningbusinessunit
      WHERE y.new_notice_id = $1 AND y.owningbusinessunit = ANY($2::uuid[])
      ORDER BY y.createdon`,
    [id, subtree],
  );
  return {
    Id: n.id,
    Title: n.title,
    Sub: n.sub ?? '',
    Type: n.type,
    TypeText: typeText(n.type, lang),
    PublishTime: n.publishtime?.toISOString() ?? null,
    Publisher: n.publisher ?? '',
    NeedReply: !!n.needreply,
    Content: n.content,
    IsRead: true,
    IsReplied: await repliedByUnit(sql, id, p.businessUnitId),
    Replies: replies.rows.map((r) => ({
      Id: r.id,
      Content: r.content,
      ReplierName: r.replier ?? '',
      UnitName: r.unit ?? '',
      CreatedOn: r.createdon.toISOString(),
    })),
  };
}

async function repliedByUnit(sql: Sql, noticeId: string, unitId: string): Promise<boolean> {
  const { rowCount } = await sql.query('SELECT 1 FROM new_noticereply WHERE new_notice_id = $1 AND owningbusinessunit = $2 LIMIT 1', [
    noticeId,
    unitId,
  ]);
  return (rowCount ?? 0) > 0;
}

export async function replyToNotice(sql: Sql, p: Principal, id: string, content: string): Promise<string> {
  const exists = await sql.query('SELECT 1 FROM new_notice WHERE new_noticeid = $1 AND new_status = $2 AND statecode = 0', [
    id,
    noticeStatus.published,
  ]);
  if (!exists.rowCount) throw notFound('notice.notFound');
  const { rows } = await sql.query<{ id: string }>(
    `INSERT INTO new_noticereply (new_name, new_notice_id, new_content, ownerid, owningbusinessunit, createdby, modifiedby)
     VALUES ($1, $2, $3, $4, $5, $4, $4) RETURNING new_noticereplyid AS id`,
    [`${p.fullName}${p.stationName ? `（${p.stationName}）` : ''}`.slice(0, 100), id, content, p.userId, p.businessUnitId],
  );
  return rows[0].id;
}

/** The latest published notices for the home page carousel (spec 000 §3: title, sub, url). */
export async function noticeCarousel(sql: Sql) {
  const { rows } = await sql.query<{ id: string; title: string; sub: string | null }>(
    `SELECT new_noticeid AS id, new_name AS title, new_summary AS sub FROM new_notice
      WHERE new_status = ${noticeStatus.published} AND statecode = 0 ORDER BY new_publishtime DESC NULLS LAST LIMIT 5`,
  );
  return rows.map((r) => ({ title: r.title, sub: r.sub ?? '', url: `/dmsnotice/view/${r.id}` }));
}

export async function unreadCount(sql: Sql, p: Principal): Promise<number> {
  const { rows } = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM new_notice n
      WHERE n.new_status = ${noticeStatus.published} AND n.statecode = 0
        AND NOT EXISTS (SELECT 1 FROM new_noticeread r WHERE r.new_notice_id = n.new_noticeid AND r.ownerid = $1)`,
    [p.userId],
  );
  return rows[0].n;
}
