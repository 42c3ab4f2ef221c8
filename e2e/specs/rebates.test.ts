import { approvalStatus, salesOrderStatus } from '@portal/model';
import { describe, expect, it } from 'vitest';
import { MyApprovals } from '../pages/approval-pages.ts';
import { submitThroughFlow } from '../pages/parts-pages.ts';
import { OrderRebate, pageCall, RebateLedger, RebatePolicyPage, SpecialPricePage } from '../pages/rebate-pages.ts';
import { SalesDocument } from '../pages/sales-pages.ts';
import { portalSuite, signedInPage } from '../support/suite.ts';

// Special prices and rebates (issue 28, flow 3), in the months of the demo (relative to today, China
// time): finance runs last month's electric rebate — it accrues on the orders signed then, and a
// re-run changes nothing; 广州粤华 gets a special price approved, orders at it this month, uses rebate
// on the order and its rebate balance drops by what it used.
const suite = portalSuite();

/** Today and a day `n` ahead, and last month (YYYY-MM and its last day), in China time. */
const china = (n = 0) => new Date(Date.now() + 8 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
const lastMonth = (() => {
  const d = new Date(`${china().slice(0, 7)}-01T00:00:00Z`);
  d.setUTCDate(0);
  return { month: d.toISOString().slice(0, 7), last: d.toISOString().slice(0, 10) };
})();
const amountOf = (text: string) => Number(text.replace(/[¥,]/g, ''));

describe('special prices and rebates', () => {
  it("finance runs last month's electric rebate: it accrues on the orders signed then, a re-run changes nothing; the dealer sees it in its ledger", async () => {
    const fin = await signedInPage(suite, 'hqfinance', '/servicehome');
    const { value } = await pageCall<{ value: { new_rebatepolicyid: string; new_name: string }[] }>(
      fin,
      'GET',
      `/api/crmdata/Retrieve/new_rebatepolicies?$select=new_rebatepolicyid,new_name&$filter=${encodeURIComponent("contains(new_name,'电气控制')")}`,
    );
    const policy = new RebatePolicyPage(fin);
    await policy.open(suite.portal.standardUrl, value[0].new_rebatepolicyid);
    const first = await policy.accrue(lastMonth.last);
    expect(first).toMatch(new RegExp(`^已计提 ${lastMonth.month}：\\d+ 行签收明细，2 家经销商，返利 ¥[\\d,]+\\.\\d{2}$`));
    const moves = async () =>
      (
        await pageCall<{ value: unknown[] }>(
          fin,
          'GET',
          `/api/crmdata/Retrieve/new_rebatemoves?$select=new_amount&$filter=${encodeURIComponent(`new_policy_id eq ${value[0].new_rebatepolicyid}`)}`,
        )
      ).value.length;
    expect(await moves()).toBe(2);
    expect(await policy.accrue(`${lastMonth.month}-15`)).toBe(`${lastMonth.month} 没有新的可计提明细（已计提过的不会重复计提）`);
    expect(await moves()).toBe(2);

    // 广州粤华's accrual: its inverters and contactors signed last month, 1.5 % of ¥22,627.20.
    const ledger = new RebateLedger(await signedInPage(suite, 'dealer1', '/servicehome'));
    await ledger.open(suite.portal.standardUrl);
    const top = await ledger.newest();
    expect(top.text).toContain(`${lastMonth.month} `);
    expect(top.text).toContain('电气控制返利');
    expect(top.amount).toBe('¥339.41');
  });

  it('广州粤华 gets a special price approved and orders at it this month; it uses rebate on the order and its balance drops', async () => {
    const dealer = await signedInPage(suite, 'dealer1', '/proprice/create');
    const request = new SpecialPricePage(dealer);
    await request.create({
      product: '齿轮泵',
      qty: '10',
      price: '1100',
      from: china(),
      to: china(30),
      reason: '佛山陶瓷厂液压站改造，批量采购齿轮泵',
    });
    await request.approval.waitForStatus(approvalStatus.draft);
    const name = await request.number();
    expect(name).toMatch(/^TP\d{8}-\d{4}$/);
    expect(amountOf(await request.text('new_currentprice'))).toBe(1280);
    await request.submit();

    const hq = await signedInPage(suite, 'hqsales', '/myapproval/list');
    const approvals = new MyApprovals(hq);
    await approvals.open(suite.portal.standardUrl, name);
    await approvals.act('approve', '同意，限本项目期间执行');
    await dealer.reload();
    await request.approval.waitForStatus(approvalStatus.approved);

    // This month's order of 齿轮泵 from the cart (submitted as it is placed): its line at the special price.
    const [part] = (
      await pageCall<{ value: { productid: string }[] }>(
        dealer,
        'GET',
        `/api/crmdata/Retrieve/products?$select=productid&$filter=${encodeURIComponent("productnumber eq 'HC-GP-16'")}`,
      )
    ).value;
    await pageCall(dealer, 'POST', '/api/ShoppingCart/AddProduct', { ProductId: part.productid, Quantity: 4 });
    const cart = await pageCall<{ ProductList: { Id: string; ProductNumber: string }[] }[]>(
      dealer,
      'GET',
      '/api/ShoppingCart/GetProductList',
    );
    const [order] = await pageCall<{ Id: string; Submitted: boolean }[]>(dealer, 'POST', '/api/ShoppingCart/Settle', {
      ItemIds: cart.flatMap((g) => g.ProductList.filter((i) => i.ProductNumber === 'HC-GP-16').map((i) => i.Id)),
      Contact: '林国栋',
      Phone: '13600136021',
      Province: '广东省',
      City: '广州市',
      County: '白云区',
      Address: '太和镇大源北路 88 号粤华物流园 2 号仓',
    });
    expect(order.Submitted).toBe(true);

    const ledger = new RebateLedger(dealer);
    await ledger.open(suite.portal.standardUrl);
    const before = amountOf((await ledger.newest()).balance);
    expect(before).toBeGreaterThan(200);

    await dealer.goto(`${suite.portal.standardUrl}/order/${encodeURIComponent(order.Id)}/detail`);
    const doc = new SalesDocument(dealer, 'order');
    await doc.waitForState(salesOrderStatus.submitted);
    const orderName = await doc.number();
    const page = new OrderRebate(dealer);
    expect((await page.linePrices()).join('\n')).toContain('¥1,100.00');
    // Under review it is taken back to a draft, the rebate set, and submitted again.
    await doc.confirmed('revoke');
    await doc.waitForState(salesOrderStatus.draft);
    await page.useRebate('200');
    await submitThroughFlow(dealer, 'order-submit');
    await doc.waitForState(salesOrderStatus.submitted);
    expect(amountOf(await page.text('new_payableamount'))).toBe(4 * 1100 - 200);

    await ledger.open(suite.portal.standardUrl);
    const used = await ledger.newest();
    expect(used.amount).toBe('-¥200.00');
    expect(amountOf(used.balance)).toBeCloseTo(before - 200, 2);
    expect(await ledger.openNewest('new_order_id')).toBe(orderName);
  });
});
