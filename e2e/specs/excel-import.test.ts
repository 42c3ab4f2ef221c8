import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { EntityListPage } from '../pages/entity-list-page.ts';
import { apiAs, portalSuite, signedInPage } from '../support/suite.ts';

const suite = portalSuite();

/** A workbook of `n` engineers, headed by the labels a person sees in the template. */
async function workbook(n: number, codePrefix: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('服务人员');
  ws.addRow(['姓名', '工号', '手机号码', '岗位', '工作年限']);
  const jobs = ['初级工程师', '中级工程师', '高级工程师'];
  for (let i = 1; i <= n; i++) {
    ws.addRow([
      `导入工程师${i}`,
      `${codePrefix}${String(i).padStart(5, '0')}`,
      `139${String(10000000 + i).slice(-8)}`,
      jobs[i % 3],
      (i % 20) + 1,
    ]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function importFile(name: string, buffer: Buffer) {
  const page = await signedInPage(suite, 'station1', '/worker/list');
  await new EntityListPage(page).waitFor('new_srv_worker');
  await page.getByTestId('list-import').click();
  const dialog = page.getByTestId('excel-import-dialog');
  await dialog.waitFor();
  await page
    .getByTestId('excel-file')
    .setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
  await page.getByTestId('excel-submit').click();
  return page;
}

const workerCount = async () => {
  const api = await apiAs(suite.portal, 'station1');
  return (await api<{ '@odata.count': number }>('/api/crmdata/Retrieve/new_srv_workers?$top=1&$count=true'))['@odata.count'];
};

describe('Excel import', () => {
  it('imports 5000 engineers in one go', async () => {
    const before = await workerCount();
    const page = await importFile('5000名工程师.xlsx', await workbook(5000, 'IMP-A'));
    const result = page.getByTestId('excel-result');
    await result.waitFor({ timeout: 60_000 });
    expect(await result.innerText()).toContain('5000');
    expect(await workerCount()).toBe(before + 5000);
  });

  it('refuses 5001 rows and writes nothing', async () => {
    const before = await workerCount();
    const page = await importFile('5001名工程师.xlsx', await workbook(5001, 'IMP-B'));
    await page.getByText('最多导入 5000 条记录').first().waitFor({ timeout: 60_000 });
    expect(await workerCount()).toBe(before);
  });

  it('names the Excel row of a bad value and writes nothing', async () => {
    const before = await workerCount();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('服务人员');
    ws.addRow(['姓名', '工号', '手机号码']);
    ws.addRow(['韩雪', 'IMP-C00001', '13912345678']);
    ws.addRow(['邓超', 'IMP-C00002', '12345']);
    const page = await importFile('错误数据.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    const errors = page.getByTestId('excel-errors');
    await errors.waitFor();
    expect(await errors.innerText()).toContain('第 3 行');
    expect(await workerCount()).toBe(before);
  });
});
