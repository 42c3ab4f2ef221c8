import { describe, expect, it } from 'vitest';
import { sendAsPage } from '../pages/line-edit-pages.ts';
import { DocumentLines } from '../pages/parts-pages.ts';
import { LineDialog, TypedValueForm } from '../pages/typed-value-pages.ts';
import { portalSuite, signedInPage } from '../support/suite.ts';
import { openTab } from '../pages/app-shell.ts';

// Issue 24 item 2: what a user types is never changed (no clamping, rounding, dropping or cutting);
// it is refused at the field with the spec's words and stays in the box to be corrected.
const suite = portalSuite();

describe('typed values are refused at the field, never changed', () => {
  it('额度调整: -5000 and a reason over 500 characters are refused and stay as typed; nothing is saved', async () => {
    const page = await signedInPage(suite, 'hq', '/amountAdjust/create');
    const form = new TypedValueForm(page);
    await form.waitFor('new_srv_amountadjustment');
    const amount = await form.type('new_amount', '-5000');
    expect(amount).toEqual({ error: '调整金额必须大于0', shown: '-5000' });
    const reason = 'x'.repeat(501);
    expect(await form.type('new_reason', reason)).toEqual({ error: '调整原因不能超过 500 个字符', shown: reason });
    expect(await form.saveRefused('new_amount')).toBe('调整金额必须大于0');
    expect(new URL(page.url()).pathname).toBe('/amountAdjust/create');
    expect(await form.inputValue('new_amount')).toBe('-5,000');
  });

  it('配件申请: a 收货人 over 60 characters is refused, not cut; a quantity of 1.5 or abc is refused, not rounded or dropped', async () => {
    const page = await signedInPage(suite, 'station1', '/partsApply/create');
    const form = new TypedValueForm(page);
    await form.waitFor('new_srv_partsapply');
    const recipient = '陈'.repeat(61);
    expect(await form.type('new_recipient', recipient)).toEqual({ error: '收货人不能超过 60 个字符', shown: recipient });

    const wh = await sendAsPage<{ value: { new_srv_warehouseid: string }[] }>(
      page,
      'GET',
      `/api/crmdata/Retrieve/new_srv_warehouses?$select=new_srv_warehouseid&$filter=${encodeURIComponent("new_code eq 'WH-HD'")}`,
    );
    const created = await sendAsPage<{ id: string }>(page, 'POST', '/api/crmdata/create/new_srv_partsapplies', {
      new_type: 1,
      new_warehouse_id: wh.data.value[0].new_srv_warehouseid,
      new_recipient: '陈志强',
      new_phonenumber: '021-58956321',
    });
    expect(created.status, created.message).toBe(200);
    await page.goto(`${suite.portal.standardUrl}/partsApply/edit/${created.data.id}`);
    await openTab(page.getByTestId('pa-tab-lines'));
    const lines = new DocumentLines(page);
    expect(await lines.count()).toBe(0);
    const dialog = new LineDialog(page);
    await dialog.openAdd();
    expect(await dialog.typeQty('1.5', '申请数量只能输入整数')).toEqual({ error: '申请数量只能输入整数', shown: '1.5' });
    expect(await dialog.confirmRefused()).toBe('申请数量只能输入整数');
    expect(await dialog.typeQty('abc', '申请数量必须是数字')).toEqual({ error: '申请数量必须是数字', shown: 'abc' });
    expect(await dialog.typeQty('0', '申请数量必须大于0')).toEqual({ error: '申请数量必须大于0', shown: '0' });
    await dialog.cancel();
    expect(await lines.count()).toBe(0);
  });
});
