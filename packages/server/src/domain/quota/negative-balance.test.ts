import { msg, quotaDocumentType, quotaUsage } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import { migrate } from '../../db/schema.ts';
import { Refusal } from '../../http/errors.ts';
import type { StartupLog } from '../../logging.ts';
import { testPortal } from '../../testing/test-portal.ts';
import { postQuota } from './ledger.ts';
import { reportNegativeQuotas } from './negative-balance.ts';

/*
 * Issue 25 item 11: a database of an earlier release whose quota-limited station is already below
 * zero. The start brings the schema up anyway, reports the station (log and head office), and
 * only new draws on it are refused; once it is back at zero the CHECK is added.
 */

let p: Portal;
let userId: string;
let stationId: string;
const CHECK = 'ck_new_srv_station_quota';

beforeAll(async () => {
  p = await testPortal();
  userId = (await p.db.one<{ u: string }>(`SELECT systemuserid AS u FROM systemuser WHERE domainname = 'admin'`))!.u;
  const unit = (await p.db.one<{ b: string }>(`SELECT businessunitid AS b FROM systemuser WHERE domainname = 'admin'`))!.b;
  // As an earlier release left it: no CHECK, a limited station at −500.
  await p.db.query(`ALTER TABLE new_srv_station DROP CONSTRAINT ${CHECK}`);
  stationId = (await p.db.one<{ id: string }>(
    `INSERT INTO new_srv_station (new_name, new_code, new_limitamount, new_currentamount, owningbusinessunit) VALUES ('负额度测试站', 'NEG01', true, -500, $1::uuid)
     RETURNING new_srv_stationid AS id`,
    [unit],
  ))!.id;
});
afterAll(() => p?.close());

const hasCheck = async () => (await p.db.query('SELECT 1 FROM pg_constraint WHERE conname = $1', [CHECK])).rowCount === 1;
let keys = 0;
const post = (change: string) =>
  p.db.tx((sql) =>
    postQuota(sql, userId, {
      stationId,
      change,
      usage: quotaUsage.opening,
      docType: quotaDocumentType.station,
      docId: stationId,
      docName: 'T',
      key: `neg:${++keys}`,
    }),
  );
const balance = async () =>
  (await p.db.one<{ cur: string }>('SELECT new_currentamount::text AS cur FROM new_srv_station WHERE new_srv_stationid = $1', [stationId]))!
    .cur;
const told = async (who: string) =>
  (
    await p.db.query<{ params: Record<string, string> }>(
      `SELECT m.params FROM portal_message m JOIN systemuser u ON u.systemuserid = m.user_id WHERE u.domainname = $1 AND m.message_key = 'message.text.quotaNegative' AND m.record_id = $2`,
      [who, stationId],
    )
  ).rows;

describe('a quota-limited station below zero at start', () => {
  it('the schema comes up without the CHECK; the station is logged and head office is told once', async () => {
    await expect(migrate(p.db.pool)).resolves.toBeUndefined();
    expect(await hasCheck()).toBe(false);
    const lines: { msg: string; fields?: Record<string, unknown> }[] = [];
    const log: StartupLog = { info: () => undefined, warn: (m, fields) => lines.push({ msg: m, fields }) };
    const found = await reportNegativeQuotas(p.db, log);
    expect(found.map((s) => [s.code, s.amount])).toEqual([['NEG01', '-500.00']]);
    expect(lines).toHaveLength(1);
    expect(lines[0].msg).toContain('below zero');
    expect(lines[0].fields?.stations).toEqual([{ code: 'NEG01', name: '负额度测试站', amount: '-500.00' }]);
    expect(await told('hq')).toEqual([{ params: { station: '负额度测试站', amount: '-500.00' } }]);
    expect(await told('station1')).toEqual([]);
    // The next start does not tell again while the message is unread.
    await reportNegativeQuotas(p.db, log);
    expect(await told('hq')).toHaveLength(1);
  });

  it('a draw is refused with the shortfall; a credit is taken; back at zero the next start adds the CHECK', async () => {
    const err = await post('-10').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Refusal);
    expect(msg((err as Refusal).key, 'zh-CN', (err as Refusal).params)).toBe('站点额度不足，还差 ¥510.00');
    expect(await balance()).toBe('-500.00');
    await post('200');
    expect(await balance()).toBe('-300.00');
    await expect(post('-1')).rejects.toMatchObject({ key: 'quota.insufficient' });
    await post('300');
    expect(await balance()).toBe('0.00');
    await migrate(p.db.pool);
    expect(await hasCheck()).toBe(true);
    await expect(p.db.query('UPDATE new_srv_station SET new_currentamount = -1 WHERE new_srv_stationid = $1', [stationId])).rejects.toThrow(
      new RegExp(CHECK),
    );
  });
});
