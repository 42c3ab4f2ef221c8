import type pg from 'pg';
import { approvalStatus, salesOrderStatus } from '@portal/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../../boot.ts';
import type { Db } from '../../db/db.ts';
import { placeOrder } from '../../demo/sales-orders.ts';
import { flowDocument } from '../../flow/documents.ts';
import { flowList, flowStepList, submit } from '../../flow/engine.ts';
import { Refusal } from '../../http/errors.ts';
import { widePortal } from '../../testing/wide-pool.ts';
import { buyerPriceSql } from '../sales/price-list.ts';
import { formatCents, toCents } from '../money.ts';
import { creditOf } from './credit.ts';

// 50 connections submitting at once: only PostgreSQL has them (PGlite is one session).
let p: Portal;
let wide: Db;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ p, wide, close } = await widePortal('credit-wide'));
});
afterAll(() => close?.());

describe('credit under concurrency (PostgreSQL, 50 connections)', () => {
  it('50 orders of one dealer submitted at once against credit that fits 10: exactly 10 go through, available never below zero', async () => {
    const one = <T>(sql: string, params: unknown[] = []) => p.db.one<T & pg.QueryResultRow>(sql, params).then((r) => r!);
    const dealer = await one<{ id: string }>(`SELECT businessunitid AS id FROM businessunit WHERE new_code = 'DL-GZ001'`);
    const user = await one<{ id: string }>(`SELECT systemuserid AS id FROM systemuser WHERE domainname = 'dealer1'`);
    const { price } = await one<{ price: string }>(
      `SELECT ${buyerPriceSql('$1::uuid')}::text AS price FROM product p WHERE p.productnumber = 'HC-LF-200'`,
      [dealer.id],
    );
    const ids = await p.db.tx(async (sql) => {
      const out: string[] = [];
      for (let i = 0; i < 50; i++) out.push(await placeOrder(sql, 'dealer1', [['HC-LF-200', 1]], `并发 ${i}`));
      return out;
    });
    // Credit set to ten orders and a half: the eleventh does not fit.
    const each = toCents(price);
    const now = await p.db.tx((sql) => creditOf(sql, dealer.id));
    const limit = toCents(now.limit) - toCents(now.available) + each * 10n + each / 2n;
    await p.db.query('UPDATE new_dealeraccount SET new_creditlimit = $2::numeric WHERE new_unit_id = $1', [dealer.id, formatCents(limit)]);

    const d = flowDocument('salesorder')!;
    const [flow] = await p.db.tx((sql) => flowList(sql, d, ids[0]));
    const steps = await p.db.tx((sql) => flowStepList(sql, d, ids[0], flow.new_flowid, user.id));
    const input = {
      flowId: flow.new_flowid,
      approvers: steps.map((s) => ({ StepId: s.new_flowstepsid, ApproveUserId: s.new_stepusers[0].systemuserid })),
    };
    const results = await Promise.all(
      ids.map((id) =>
        wide
          .tx((sql) => submit(sql, d, id, user.id, input))
          .then(
            () => true,
            (e) => {
              if (e instanceof Refusal && e.key === 'credit.short') return false;
              throw e;
            },
          ),
      ),
    );
    expect(results.filter(Boolean).length).toBe(10);
    const after = await one<{ submitted: number; drafts: number }>(
      `SELECT count(*) FILTER (WHERE new_status = $2 AND new_approvalstatus = $3)::int AS submitted,
              count(*) FILTER (WHERE new_status = $4 AND COALESCE(new_approvalstatus, $5) = $5)::int AS drafts
         FROM salesorder WHERE salesorderid = ANY($1::uuid[])`,
      [ids, salesOrderStatus.submitted, approvalStatus.underReview, salesOrderStatus.draft, approvalStatus.draft],
    );
    expect(after).toEqual({ submitted: 10, drafts: 40 });
    const c = await p.db.tx((sql) => creditOf(sql, dealer.id));
    expect(toCents(c.available)).toBe(each / 2n);
  });
});
