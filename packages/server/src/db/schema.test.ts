import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { testPortal } from '../testing/test-portal.ts';
import { migrate } from './schema.ts';

let p: Portal;
beforeAll(async () => {
  p = await testPortal();
});
afterAll(() => p?.close());

const INDEX = 'ix_new_srv_workorder_new_station_id';
const hasIndex = async () => (await p.db.query('SELECT 1 FROM pg_indexes WHERE indexname = $1', [INDEX])).rowCount === 1;
const noted = async () =>
  (await p.db.one<{ fingerprint: string; at: string }>('SELECT fingerprint, migrated_at::text AS at FROM schema_state WHERE id = 1')) ??
  null;

describe('migrate on a database that is up to the model', () => {
  it('runs no DDL when the database last ran this model’s and every check is there', async () => {
    const before = await noted();
    expect(before?.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(await hasIndex()).toBe(true);
    await migrate(p.db.pool);
    expect(await noted()).toEqual(before);
  });

  it('runs it all again for another model (a new fingerprint), which restores what is missing', async () => {
    const before = await noted();
    await p.db.query(`DROP INDEX ${INDEX}`);
    await p.db.query(`UPDATE schema_state SET fingerprint = repeat('0', 64)`);
    await migrate(p.db.pool);
    expect(await hasIndex()).toBe(true);
    const after = await noted();
    expect(after?.fingerprint).toBe(before?.fingerprint);
    expect(after?.at).not.toBe(before?.at);
  });

  it('runs it again when an entity table is missing, and creates it', async () => {
    await p.db.query('DROP TABLE new_noticereply');
    await migrate(p.db.pool);
    expect((await p.db.query(`SELECT 1 FROM pg_tables WHERE tablename = 'new_noticereply'`)).rowCount).toBe(1);
    expect((await p.db.query(`SELECT 1 FROM pg_indexes WHERE tablename = 'new_noticereply'`)).rowCount).toBeGreaterThan(1);
  });

  it('runs it again while a declared check is missing, and notes nothing until the check is in', async () => {
    await p.db.query('ALTER TABLE new_srv_station DROP CONSTRAINT ck_new_srv_station_quota');
    const station = await p.db.one<{ id: string }>(
      `SELECT new_srv_stationid AS id FROM new_srv_station WHERE new_limitamount ORDER BY new_code LIMIT 1`,
    );
    const was = await p.db.one<{ cur: string }>('SELECT new_currentamount::text AS cur FROM new_srv_station WHERE new_srv_stationid = $1', [
      station!.id,
    ]);
    await p.db.query('UPDATE new_srv_station SET new_currentamount = -1 WHERE new_srv_stationid = $1', [station!.id]);
    await migrate(p.db.pool);
    expect(await noted()).toBeNull();
    await p.db.query('UPDATE new_srv_station SET new_currentamount = $2 WHERE new_srv_stationid = $1', [station!.id, was!.cur]);
    await migrate(p.db.pool);
    expect((await noted())?.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect((await p.db.query(`SELECT 1 FROM pg_constraint WHERE conname = 'ck_new_srv_station_quota'`)).rowCount).toBe(1);
  });

  it('rebuilds a computed column whose expression the model changed, and its rows read the new one', async () => {
    // The column as an older model had it: open = total − paid (before the rebate credit).
    await p.db.query('ALTER TABLE invoice DROP COLUMN new_openamount');
    await p.db.query(
      'ALTER TABLE invoice ADD COLUMN new_openamount numeric(18,2) GENERATED ALWAYS AS (totalamount - new_paidamount) STORED',
    );
    await p.db.query(`UPDATE schema_state SET fingerprint = repeat('0', 64)`);
    const inv = await p.db.one<{ id: string; credit: string }>(
      `SELECT invoiceid AS id, new_rebatecredit::text AS credit FROM invoice WHERE new_state = 1 AND totalamount > 1 ORDER BY name LIMIT 1`,
    );
    await p.db.query('UPDATE invoice SET new_rebatecredit = new_rebatecredit + 1 WHERE invoiceid = $1', [inv!.id]);
    const stale = 'SELECT count(*)::int AS n FROM invoice WHERE new_openamount <> totalamount - new_paidamount - new_rebatecredit';
    expect((await p.db.one<{ n: number }>(stale))?.n).toBeGreaterThan(0);
    await migrate(p.db.pool);
    const expr = await p.db.one<{ e: string }>(
      `SELECT generation_expression AS e FROM information_schema.columns WHERE table_name = 'invoice' AND column_name = 'new_openamount'`,
    );
    expect(expr?.e).toContain('new_rebatecredit');
    expect(await p.db.one(stale)).toEqual({ n: 0 });
    // A later start with the model unchanged leaves it be.
    await p.db.query(`UPDATE schema_state SET fingerprint = repeat('0', 64)`);
    const before = await p.db.one<{ attnum: number }>(
      `SELECT attnum FROM pg_attribute WHERE attrelid = 'invoice'::regclass AND attname = 'new_openamount'`,
    );
    await migrate(p.db.pool);
    expect(await p.db.one(`SELECT attnum FROM pg_attribute WHERE attrelid = 'invoice'::regclass AND attname = 'new_openamount'`)).toEqual(
      before,
    );
    await p.db.query('UPDATE invoice SET new_rebatecredit = $2 WHERE invoiceid = $1', [inv!.id, inv!.credit]);
  });
});
