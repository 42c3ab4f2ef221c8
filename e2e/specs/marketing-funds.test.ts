import { approvalStatus } from '@portal/model';
import { describe, expect, it } from 'vitest';
import { MyApprovals } from '../pages/approval-pages.ts';
import { ActivityApplyPage, ActivityUsePage } from '../pages/marketing-funds-pages.ts';
import { pageApi, portalSuite, signedInPage } from '../support/suite.ts';

// Marketing funds (issue 28, flow 2): an activity applied at 50,000 and approved at 40,000; a 45,000
// claim is refused with what is left, a 38,000 claim with photos is approved and credited to the
// dealer's account, and a further claim is capped at the 2,000 left. Every rule, refusal and scope
// is proven in the server's domain/marketing-funds/marketing-funds.test.ts.
const suite = portalSuite();

type Page = Parameters<typeof pageApi>[0];
const day = (d: number) => new Date(Date.now() + 8 * 3600_000 + d * 86_400_000).toISOString().slice(0, 10);

/** dealer1's account balance (what it owes head office), read with the page's own session. */
async function balance(page: Page): Promise<number> {
  const { value } = await pageApi(page)<{ value: { new_balance: string | number }[] }>(
    '/api/crmdata/Retrieve/new_dealeraccounts?$select=new_balance',
  );
  expect(value.length).toBe(1);
  return Number(value[0].new_balance);
}

describe('marketing funds', () => {
  it('50,000 applied, 40,000 approved: 45,000 refused, 38,000 with photos approved and credited, then capped at 2,000', async () => {
    const base = suite.portal.standardUrl;
    const dealer = await signedInPage(suite, 'dealer1', '/activityapply/create');
    const activity = new ActivityApplyPage(dealer);
    const activityId = await activity.create({
      theme: '海珠店双十二促销',
      type: '节日促销',
      start: day(-2),
      end: day(5),
      place: '广州海珠区江南大道中 168 号',
      sales: '300000',
    });
    const name = await activity.number();
    expect(name).toMatch(/^HD\d{6}-\d{4}$/);
    expect(await activity.addLine({ new_name: '外场搭建与物料', new_amount: '30000' })).toBeNull();
    expect(await activity.addLine({ new_name: '满额赠礼', new_amount: '20000' })).toBeNull();
    await activity.submit();
    await activity.waitForStatus(approvalStatus.underReview);

    // Head-office sales cuts it to 40,000 on the document, then approves it in 我的审批.
    const hq = await signedInPage(suite, 'hqsales', `/activityapply/view/${activityId}`);
    const review = new ActivityApplyPage(hq);
    await review.waitFor('new_activityapply');
    await review.cut('40000');
    await review.waitForShown('new_approvedamount', '40,000.00');
    const approvals = new MyApprovals(hq);
    await approvals.open(base, name);
    await approvals.act('approve', '方案可行，按 40,000 元核定');

    // The dealer claims from the activity (申请核销).
    await dealer.goto(`${base}/activityapply/view/${activityId}`);
    await activity.waitForStatus(approvalStatus.approved);
    await activity.command('activityapply-claim');
    const claim = new ActivityUsePage(dealer);
    await claim.createForActivity(name);
    expect(await claim.available()).toBe(40000);
    expect(await claim.addLine({ new_name: '外场搭建', new_amount: '45000', new_invoiceno: '44019876' })).toBe(
      '超出可核销金额，剩余可核销 ¥40,000.00',
    );
    expect(await claim.addLine({ new_name: '外场搭建与赠礼', new_amount: '38000', new_invoiceno: '44019876' })).toBeNull();
    await claim.attachPhoto('活动现场.png');
    const claimName = await claim.number();
    await claim.submit();
    await claim.waitForStatus(approvalStatus.underReview);
    const before = await balance(dealer);

    // Head-office finance approves it: the dealer's account is credited 38,000.
    const fin = await signedInPage(suite, 'hqfinance', '/myapproval/list');
    const finApprovals = new MyApprovals(fin);
    await finApprovals.open(base, claimName);
    await finApprovals.act('approve', '发票与照片齐全，同意核销');
    await dealer.reload();
    await claim.waitForStatus(approvalStatus.approved);
    expect(await claim.available()).toBe(2000);
    expect(await balance(dealer)).toBeCloseTo(before - 38000, 2);

    // A further claim is capped at what is left.
    await dealer.goto(`${base}/activityuse/create?activityapply=${activityId}`);
    const more = new ActivityUsePage(dealer);
    await more.createForActivity(name);
    expect(await more.addLine({ new_name: '补充物料', new_amount: '2000.01', new_invoiceno: '44020001' })).toBe(
      '超出可核销金额，剩余可核销 ¥2,000.00',
    );
    expect(await more.addLine({ new_name: '补充物料', new_amount: '2000', new_invoiceno: '44020001' })).toBeNull();
  });
});
