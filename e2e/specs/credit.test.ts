import { approvalStatus, formatChinaDate, formatMoney } from '@portal/model';
import { describe, expect, it } from 'vitest';
import { MyApprovals } from '../pages/approval-pages.ts';
import { DealerAccountPage, TempCreditPage } from '../pages/credit-pages.ts';
import { CartPage, ConfirmOrderPage } from '../pages/shop-pages.ts';
import { waitForPath } from '../support/session.ts';
import { pageApi, portalSuite, signedInPage } from '../support/suite.ts';

// A dealer's credit (issue 28, proof flow 1), as its people walk it: head-office finance leaves
// 广州粤华 ¥5,000.00 of credit; its order of a 柱塞变量泵 is refused with the shortfall; it applies for
// ¥20,000.00 of temporary credit, finance approves it and the order goes through; the temporary
// credit ended, what is available drops back below zero (the order stays).
const suite = portalSuite();

type Credit = { limit: string; temporary: string; openOrders: string; receivable: string; used: string; available: string };
/** '¥9,860.00' / '9860.00' → cents. */
const cents = (text: string) => {
  const [i, d = ''] = text.replace(/[¥,\s]/g, '').split('.');
  return BigInt(i) * 100n + BigInt(`${d}00`.slice(0, 2)) * (i.startsWith('-') ? -1n : 1n);
};
const plain = (c: bigint) => `${c < 0n ? '-' : ''}${(c < 0n ? -c : c) / 100n}.${String((c < 0n ? -c : c) % 100n).padStart(2, '0')}`;
const day = (offset: number) => formatChinaDate(Date.now() + offset * 86_400_000);

describe('credit and temporary credit', () => {
  it('an order beyond the credit left is refused with the shortfall; an approved temporary credit lets it through; ended, available drops back', async () => {
    const base = suite.portal.standardUrl;
    // Head-office finance sets 广州粤华's limit so that exactly ¥5,000.00 is left (/dealeraccount/edit).
    const fin = await signedInPage(suite, 'hqfinance', '/dealeraccount/list');
    const finApi = pageApi(fin);
    const [acct] = (
      await finApi<{ value: { new_dealeraccountid: string; new_unit_id?: string; _new_unit_id_value?: string }[] }>(
        `/api/crmdata/Retrieve/new_dealeraccounts?$select=new_dealeraccountid,new_unit_id&$filter=${encodeURIComponent("new_name eq '广州粤华机电设备有限公司'")}`,
      )
    ).value;
    const unit = String(acct.new_unit_id ?? acct._new_unit_id_value);
    const credit = () => finApi<Credit>(`/api/credit?unit=${unit}`);
    const before = await credit();
    const limit = cents(before.limit) + 5000_00n - cents(before.available);
    await new DealerAccountPage(fin).setLimit(base, acct.new_dealeraccountid, plain(limit));
    expect((await credit()).available).toBe('5000.00');

    // dealer1 orders a 柱塞变量泵 from the shop: 提交订单 is refused with what it is short.
    const shop = await signedInPage(suite, 'dealer1', `/shoppingmall/searchproduct/${encodeURIComponent('柱塞变量泵')}`);
    const card = shop.getByTestId('product-card').filter({ hasText: '柱塞变量泵' }).first();
    await card.waitFor();
    await card.getByTestId('product-add').click();
    const settle = async () => {
      await shop.goto(`${base}/shopcart/list`);
      const cart = new CartPage(shop);
      await cart.items().first().waitFor();
      await cart.items().filter({ hasText: '柱塞变量泵' }).first().getByTestId('cart-item-check').check();
      await cart.settle();
      const confirm = new ConfirmOrderPage(shop);
      await confirm.waitForPrefill();
      return confirm;
    };
    await settle();
    const total = cents(await shop.getByTestId('confirm-total').innerText());
    expect(total).toBeGreaterThan(5000_00n);
    await shop.getByTestId('confirm-submit').click();
    await shop
      .locator('.ant-message-notice')
      .filter({ hasText: `信用额度不足，还差 ${formatMoney(plain(total - 5000_00n))}` })
      .waitFor();
    expect((await credit()).available).toBe('5000.00');

    // dealer1 applies for ¥20,000.00 of temporary credit for the month and submits it.
    await shop.goto(`${base}/tempcredit/create`);
    const temp = new TempCreditPage(shop);
    const tempId = await temp.apply({ amount: '20000', from: day(0), to: day(30), reason: '年底备货旺季，发电机组订单集中' });
    await temp.waitForStatus(approvalStatus.draft);
    const name = await temp.number();
    expect(name).toMatch(/^LS\d{6}-\d{4}$/);
    await temp.submit();
    await temp.waitForStatus(approvalStatus.underReview);
    expect((await credit()).temporary).toBe('0.00');

    // Head-office finance approves it in 我的审批: it counts.
    const approvals = new MyApprovals(fin);
    await approvals.open(base, name);
    await approvals.act('approve', '同意，请按期回款');
    expect((await credit()).temporary).toBe('20000.00');

    // The same order now goes through.
    await (await settle()).submit();
    await waitForPath(shop, /^\/order\/[^/]+\/SO\d{8}-\d{4}\/\d{14}\/complete$/);
    expect((await credit()).available).toBe(plain(25000_00n - total));

    // Finance ends the temporary credit (提前终止): from today it counts no more; the order stays placed.
    await fin.goto(`${base}/tempcredit/view/${encodeURIComponent(tempId)}`);
    const ending = new TempCreditPage(fin);
    await ending.waitFor('new_tempcredit');
    await ending.terminate('客户回款计划调整，额度提前收回');
    await fin
      .getByTestId('view-new_terminatedon')
      .filter({ hasText: day(0) })
      .waitFor();
    const after = await credit();
    expect(after.temporary).toBe('0.00');
    expect(after.available).toBe(plain(5000_00n - total));
  });
});
