import { getEntity } from '@portal/model';
import type { Sql } from '../db/db.ts';
import { renumberDemo } from './renumber.ts';
import { creditOf } from '../domain/credit/credit.ts';
import { runCommand } from '../documents/kernel.ts';
import { tempCreditController } from '../domain/credit/temp-credit.controller.ts';
import { chinaDate } from '../domain/china-time.ts';
import { lockAccount } from '../domain/dealer-account/ledger.ts';
import { submitOrderAuto } from '../domain/sales/order-submit.ts';
import { buyerPriceSql } from '../domain/sales/price-list.ts';
import { toCents } from '../domain/money.ts';
import { insertRecords, updateRecord } from '../records/write.ts';
import { fileForApproval, seedHeadOfficeFlow } from './head-office-flow.ts';
import { callerOf } from './parts.ts';
import { placeOrder } from './sales-orders.ts';
import type { DemoContext } from './service.ts';

/*
 * A dealer's credit in the demo (issue 28), through the same record service, approval engine and
 * order submit as the portal's users. Before the first orders, head-office finance opens both
 * dealers' credit (so their orders pass the credit check). At the end of the sales side, 广州粤华
 * places its year-end stocking order after finance raised its limit, and stands at about 95 % of
 * it, its request for temporary credit under review; 苏州恒达 has room, an active temporary credit
 * and one ended early. Temporary credit in every state: draft, under review, approved and active,
 * approved and expired, rejected, ended early.
 */

const LANG = 'zh-CN';
const ACCOUNT = getEntity('new_dealeraccount')!;
const TEMP = getEntity('new_tempcredit')!;

/** Head-office finance sets a dealer's standing limit on its account (opened first), as on /dealeraccount/edit. */
async function setLimit(sql: Sql, unitCode: string, ctx: DemoContext, limit: string): Promise<void> {
  const unit = ctx.unitIds.get(unitCode)!;
  const account = await lockAccount(sql, unit);
  await updateRecord(sql, ACCOUNT, await callerOf(sql, 'hqfinance'), account.id, { new_creditlimit: limit }, LANG);
}

/** Stage before the sales orders: both dealers' credit limits as signed with them. */
export async function seedCreditLimits(sql: Sql, ctx: DemoContext): Promise<void> {
  await setLimit(sql, 'DL-GZ001', ctx, '300000.00');
  await setLimit(sql, 'DL-SZ001', ctx, '500000.00');
}

export async function seedCreditDemo(sql: Sql, ctx: DemoContext): Promise<void> {
  const flow = await seedHeadOfficeFlow(
    sql,
    ctx,
    'new_tempcredit',
    { flow: '临时信用额度审批', step: '总部财务审批', description: '经销商申请的临时信用额度由总部财务审批' },
    ['hqfinance'],
  );
  const gz = ctx.unitIds.get('DL-GZ001')!;

  // 广州粤华: the limit raised for the season, then its year-end stocking of generator sets, sized to
  // leave it at about 95 % of the limit whatever the earlier demo orders came to.
  const limit = 800_000_00n;
  await setLimit(sql, 'DL-GZ001', ctx, '800000.00');
  const used = toCents((await creditOf(sql, gz)).used);
  const {
    rows: [p],
  } = await sql.query<{ price: string }>(
    `SELECT ${buyerPriceSql('$1::uuid')}::text AS price FROM product p WHERE p.productnumber = 'PW-GS-30'`,
    [gz],
  );
  const price = toCents(p.price);
  const qty = Math.max(1, Math.min(Math.round(Number((limit * 95n) / 100n - used) / Number(price)), Number((limit - used) / price)));
  const buyer = await callerOf(sql, 'dealer1');
  const order = await placeOrder(sql, 'dealer1', [['PW-GS-30', qty]], '年底备货：柴油发电机组，配合工地项目集中交付');
  await submitOrderAuto(sql, order, buyer.principal.userId);

  const day = (offset: number) => chinaDate(new Date(), offset);
  const apply = async (login: string, amount: string, from: number, to: number, reason: string) =>
    (
      await insertRecords(
        sql,
        TEMP,
        await callerOf(sql, login),
        [{ new_amount: amount, new_validfrom: day(from), new_validto: day(to), new_reason: reason }],
        LANG,
      )
    )[0];
  const by = (login: string) => ({ submitter: ctx.userIds.get(login)!, approver: ctx.userIds.get('hqfinance')! });

  // 广州粤华: last quarter's credit, approved and since expired (numbered in its month); one rejected; this season's under review.
  const expired = await apply('dealer1fin', '150000.00', 0, 30, '三季度工程项目集中回款前的备货周转');
  await fileForApproval(sql, flow, expired, by('dealer1fin'), 'approve', '同意，到期自动失效');
  await sql.query(
    `UPDATE new_tempcredit SET new_validfrom = $2::date, new_validto = $3::date,
            createdon = createdon - interval '95 days',
            new_submittime = new_submittime - interval '95 days', new_approvedtime = new_approvedtime - interval '94 days'
      WHERE new_tempcreditid = $1::uuid`,
    [expired, day(-95), day(-35)],
  );
  await renumberDemo(sql, 'new_tempcredit', expired, `LS${day(-95).slice(0, 7).replace('-', '')}`);
  const rejected = await apply('dealer1', '300000.00', 0, 90, '新开佛山展厅，申请增加临时额度');
  await fileForApproval(sql, flow, rejected, by('dealer1'), 'reject', '金额过大，请结合回款计划调整后重新申请');
  const review = await apply('dealer1fin', '100000.00', 0, 45, '年底备货旺季，发电机组订单集中，申请临时额度至一月中旬');
  await fileForApproval(sql, flow, review, by('dealer1fin'), 'review');

  // 苏州恒达: a project's credit approved and running; one ended early by finance; next quarter's still a draft.
  const active = await apply('dealer2fin', '80000.00', -10, 50, '苏州工业园区改造项目设备集中采购');
  await fileForApproval(sql, flow, active, by('dealer2fin'), 'approve', '同意');
  const ended = await apply('dealer2', '50000.00', -5, 25, '展会样机备货');
  await fileForApproval(sql, flow, ended, by('dealer2'), 'approve', '同意');
  await runCommand(
    sql,
    await callerOf(sql, 'hqfinance'),
    tempCreditController,
    'terminate',
    ended,
    { new_terminatereason: '展会取消，样机不再备货' },
    LANG,
  );
  await apply('dealer2fin', '60000.00', 30, 120, '一季度开工旺季备货');
}
