import { describe, expect, it } from 'vitest';
import { ContractPage } from '../pages/contract-pages.ts';
import { EntityListPage } from '../pages/entity-list-page.ts';
import { WorkOrderPage } from '../pages/work-order-pages.ts';
import { waitForPath } from '../support/session.ts';
import { portalSuite, signedInPage } from '../support/suite.ts';

// station1 makes a maintenance contract with a line for a machine's serial number and activates it;
// a new work order for that serial number, entered as 保外, is under warranty and shows the contract,
// whose link opens it. The rules (states, refusals, coverage) are proven in server domain/contract/contract.test.ts.
const suite = portalSuite();

const day = (n: number) => new Date(Date.now() + 8 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10);
const SERIAL = `HCE2E${Date.now().toString(36).toUpperCase()}`;

describe('maintenance contract (/contract, /contractline)', () => {
  it('an active contract line makes a new work order of that serial number in-warranty, showing the contract', async () => {
    const base = suite.portal.standardUrl;
    const page = await signedInPage(suite, 'station1', '/contract/list');
    const list = new EntityListPage(page);
    await list.waitFor('new_srv_contract');
    await list.clickNew();
    await waitForPath(page, '/contract/create');
    const contract = new ContractPage(page);
    await contract.create({
      customer: '上海浦东曹路蔬菜种植合作社',
      phone: '13817726610',
      level: '标准维保',
      start: day(-10),
      end: day(355),
      amount: '12800',
    });
    const id = contract.idFromUrl();
    const no = await contract.number();
    expect(no).toMatch(/^HT\d{8}-\d{4}$/);
    expect(await contract.statusLabel()).toBe('草稿');
    await contract.addLine(SERIAL);
    await contract.activate();
    expect(await contract.statusLabel()).toBe('生效中');

    // A new order for the machine, entered out of warranty (a fresh load: only the order screen is mounted).
    await page.goto(`${base}/workOrder/create`);
    const wo = new WorkOrderPage(page);
    await wo.waitFor('new_srv_workorder');
    await wo.fillNew({
      customer: '上海浦东曹路蔬菜种植合作社',
      contact: '陆建华',
      phone: '13817726610',
      province: '上海市',
      city: '上海市',
      county: '浦东新区',
      address: '曹路镇民冬路 288 号',
      type: '维修',
      warranty: '保外',
      fault: '灌溉泵启动后跳闸',
    });
    await wo.fill('new_serialnumber', SERIAL);
    await wo.save();
    await page.waitForURL((u) => u.pathname.startsWith('/workOrder/edit/'));
    await wo.waitForOrder();
    const tag = page.getByTestId('wo-contract');
    expect((await tag.innerText()).trim()).toBe(`维保合同 ${no}`);
    expect(await tag.getAttribute('data-contract')).toBe(id);
    expect((await wo.field('new_warranty').innerText()).trim()).toBe('保内');
    expect(await wo.field('new_contract_id').innerText()).toContain(no);

    await tag.locator('a').click();
    await waitForPath(page, `/contract/edit/${id}`);
    await contract.waitForContract();
    expect(await contract.statusLabel()).toBe('生效中');
  });
});
