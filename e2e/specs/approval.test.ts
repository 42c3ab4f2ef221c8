import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ApprovalControls, MyApprovals } from '../pages/approval-pages.ts';
import { pageApi, portalSuite, signedInPage } from '../support/suite.ts';
import { chooseOption } from '../pages/work-order-pages.ts';
import { MessageCentre } from '../pages/message-pages.ts';

const suite = portalSuite();

/** Opens a claim fine (奖惩单) found by its check item, as `user`. */
async function openClaimFine(user: string, checkItem: string): Promise<{ page: Page; id: string; name: string }> {
  const page = await signedInPage(suite, user, '/claimFine/list');
  const api = pageApi(page);
  const found = await api<{ value: { new_srv_claimfineid: string; new_name: string }[] }>(
    `/api/crmdata/Retrieve/new_srv_claimfines?$filter=${encodeURIComponent(`new_checkitem eq '${checkItem}'`)}&$select=new_name`,
  );
  const { new_srv_claimfineid: id, new_name: name } = found.value[0];
  await page.goto(`${suite.portal.standardUrl}/claimFine/detail/${id}`);
  return { page, id, name };
}

describe('approval of a bonus and punishment order', () => {
  it('submits through two steps, rejects, resubmits and approves through, with progress and log', async () => {
    const item = '10月新增签约客户 5 家';
    // Head office submits the station's draft order, choosing the approvers.
    let { page, name, id } = await openClaimFine('hq', item);
    let doc = new ApprovalControls(page);
    expect(await doc.status()).toBe('1');
    await doc.openSubmit();
    const chosen = await doc.chosenApprovers();
    expect(chosen).toHaveLength(2);
    expect(chosen[0]).toContain('张伟');
    await doc.chooseApprover(1, '王建国');
    await doc.confirmSubmit();
    await doc.waitForStatus(2);

    // Step 1: the branch approver sees it waiting and approves.
    const branch = await signedInPage(suite, 'branch1');
    const mine = new MyApprovals(branch);
    expect(await mine.waitForCount(1)).toBeGreaterThanOrEqual(1);
    await mine.open(suite.portal.standardUrl, name);
    // The approver sees what is approved: a reward, how much, and why.
    const amount = await mine.amount();
    expect(amount.label).toBe('奖励金额');
    expect(amount.value).toMatch(/^¥[\d,]+\.\d{2}$/);
    expect(await branch.getByTestId('myapproval-content').innerText()).toContain(item);
    await mine.act('approve', '情况属实，同意奖励');

    // Step 2: the administrator rejects: asked for the reason (required) and to confirm.
    const admin = await signedInPage(suite, 'admin');
    const adminMine = new MyApprovals(admin);
    await adminMine.open(suite.portal.standardUrl, name);
    expect(await adminMine.decideWithoutReason('reject')).toBe('请填写驳回原因');
    expect(await adminMine.decisionText()).toBe(`确定驳回 ${name}？单据退回提交人修改后可重新提交。`);
    await adminMine.cancelDecision();
    await adminMine.act('reject', '请补充签约合同编号');

    // The submitter's message says why.
    const inbox = await signedInPage(suite, 'hq', '/message/message');
    const told = new MessageCentre(inbox);
    expect(await (await told.waitForItem(id, false)).innerText()).toContain(`您提交的奖惩单 ${name} 被驳回：请补充签约合同编号`);

    // Head office resubmits; both steps approve; the order is approved.
    ({ page } = await openClaimFine('hq', item));
    doc = new ApprovalControls(page);
    await doc.waitForStatus(4);
    await doc.openSubmit();
    await doc.chooseApprover(1, '王建国');
    await doc.confirmSubmit();
    await doc.waitForStatus(2);
    await mine.open(suite.portal.standardUrl, name);
    await mine.act('approve', '已补充合同编号，同意');
    await adminMine.open(suite.portal.standardUrl, name);
    await adminMine.act('approve', '同意');

    ({ page } = await openClaimFine('hq', item));
    doc = new ApprovalControls(page);
    await doc.waitForStatus(3);
    await doc.openProgress();
    const steps = page.getByTestId('approval-step');
    expect(await steps.count()).toBe(2);
    expect(await steps.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual(['2', '2']);
    const log = (await page.getByTestId('approval-log-row').allInnerTexts()).join('\n');
    for (const memo of ['情况属实，同意奖励', '请补充签约合同编号', '已补充合同编号，同意']) expect(log).toContain(memo);
  });

  it('shows a parts application’s amount and lines to its approver; 返回 from 查看单据 comes back to the approval', async () => {
    const branch = await signedInPage(suite, 'branch1');
    const waiting = await pageApi(branch)<{ items: { EntityName: string; EntityId: string; DocumentName: string }[] }>(
      '/api/CrmFlow/MyApprovalList?page=1&count=50',
    );
    const app = waiting.items.find((i) => i.EntityName === 'new_srv_partsapply')!;
    const mine = new MyApprovals(branch);
    await mine.open(suite.portal.standardUrl, app.DocumentName);
    const amount = await mine.amount();
    expect(amount.label).toBe('金额');
    expect(amount.value).toMatch(/^¥[\d,]+\.\d{2}$/);
    expect(amount.value).not.toBe('¥0.00');
    expect(await mine.lineCount()).toBe(3);
    const trip = await mine.openDocumentAndBack();
    expect(trip.document).toBe(`/partsApply/edit/${app.EntityId}`);
    expect(trip.back).toBe(`/myapproval/edit?entityName=new_srv_partsapply&id=${app.EntityId}`);
  });

  it('lets the submitter revoke while under review', async () => {
    const { page } = await openClaimFine('hq', '10月客户满意度回访全部满分，给予奖励');
    const doc = new ApprovalControls(page);
    await doc.openSubmit();
    await doc.confirmSubmit();
    await doc.waitForStatus(2);
    await page.getByTestId('claimfine-revoke').click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await doc.waitForStatus(1);
  });

  it('shows a station its own orders only', async () => {
    const page = await signedInPage(suite, 'station1', '/claimFine/list');
    const rows = page.getByTestId('list-row');
    await rows.first().waitFor();
    const texts = await rows.allInnerTexts();
    expect(texts.length).toBeGreaterThanOrEqual(6);
    expect(texts.join('\n')).not.toContain('杭州西湖');
  });
});

describe('flow definition', () => {
  it('lets an administrator define a two-step flow that submitters are then offered', async () => {
    const page = await signedInPage(suite, 'admin', '/flow/createDetail');
    await page.getByTestId('flow-form').waitFor();
    await page.getByTestId('field-new_name').fill('大额奖惩复核流程');
    // The document type is a picker of approvable documents by name (stored as new_srv_claimfine),
    // searched: the list is longer than its dropdown draws.
    await chooseOption(page, page.getByTestId('field-new_entityname'), '奖惩单', true);
    await page.getByTestId('field-new_isactive').click();
    await page.getByTestId('field-new_order').fill('9');

    const pickUser = async (step: number, name: string) => {
      await page.getByTestId('flow-step-users').nth(step).click();
      const dialog = page.getByTestId('lookup-dialog');
      await dialog.waitFor();
      await page.getByTestId('lookup-search').fill(name);
      await page.getByTestId('lookup-query').click();
      await page.getByTestId('lookup-row').filter({ hasText: name }).first().click();
      await page.getByTestId('lookup-ok').click();
      await dialog.waitFor({ state: 'hidden' });
    };
    for (const [i, [stepName, user]] of [
      ['分公司初审', '张伟'],
      ['总部终审', '王建国'],
    ].entries()) {
      if ((await page.getByTestId('flow-step-row').count()) <= i) await page.getByTestId('flow-step-add').click();
      await page.getByTestId('flow-step-name').nth(i).fill(stepName);
      await pickUser(i, user);
    }
    await page.getByTestId('flow-save').click();
    await page
      .getByText(/保存成功|创建成功/)
      .first()
      .waitFor();

    const api = pageApi(page);
    const flows = await api<{ value: { new_flowid: string; new_name: string }[] }>(
      `/api/crmdata/Retrieve/new_flows?$filter=${encodeURIComponent("new_name eq '大额奖惩复核流程'")}`,
    );
    expect(flows.value).toHaveLength(1);
    const steps = await api<{ new_name: string; new_sequence: number }[]>(
      `/api/CrmFlow/GetFlowStepList?flowId=${flows.value[0].new_flowid}&entityName=new_srv_claimfine&entityId=${(await api<{ value: { new_srv_claimfineid: string }[] }>(`/api/crmdata/Retrieve/new_srv_claimfines?$top=1`)).value[0].new_srv_claimfineid}`,
    );
    expect(steps.map((s) => s.new_name)).toEqual(['分公司初审', '总部终审']);
  });
});
