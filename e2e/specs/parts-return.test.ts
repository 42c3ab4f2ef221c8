import { describe, expect, it } from 'vitest';
import { EntityListPage } from '../pages/entity-list-page.ts';
import { PartsReturnPage, ReturnListPrintPage } from '../pages/parts-return-pages.ts';
import { waitForPath } from '../support/session.ts';
import { portalSuite, signedInPage } from '../support/suite.ts';

// Old parts from completed work orders go back to the factory: station1 picks two owed old parts
// into a new return and delivers it; head office receives and confirms it; the printed
// service-provider old-parts return list shows them and downloads as a PDF. Rules, refusals and
// the concurrency of picks are proven in packages/server/src/routes/parts-return.test.ts.
const suite = portalSuite();

describe('old parts back to factory (/partsReturn)', () => {
  it('station1 picks owed old parts and delivers; hq receives and confirms; the printed list shows them', async () => {
    const station = await signedInPage(suite, 'station1', '/partsReturn/list');
    const list = new EntityListPage(station);
    await list.waitFor('new_srv_partsreturn');
    await list.clickNew();
    await waitForPath(station, '/partsReturn/create');
    const doc = new PartsReturnPage(station);
    await doc.create({ contact: '陈志强', phone: '13800138001' });
    const no = await doc.number();
    expect(no).toMatch(/^JF\d{8}-\d{4}$/);
    expect(await doc.stateLabel()).toBe('待提交');
    const id = doc.idFromUrl();

    await doc.openLines();
    const orders = await doc.pickOwed(2, 'CC-SH-4100 售后维修');
    expect(orders.every((o) => o.length > 0)).toBe(true);
    await doc.deliver({ corp: '顺丰速运', tracking: 'SF1402887765512', freight: 42 });
    expect(await doc.stateLabel()).toBe('已发货');

    const hq = await signedInPage(suite, 'hq', '/partsReturn/list');
    const office = new PartsReturnPage(hq);
    await office.open(suite.portal.standardUrl, id);
    await office.receiveAll();
    await office.confirmReturn();
    expect(await office.stateLabel()).toBe('已确认');

    await office.openPrint();
    const sheet = new ReturnListPrintPage(hq);
    expect(await sheet.text('pr-print-form')).toContain('服务商旧件返厂清单');
    expect(await sheet.text('pr-print-meta')).toContain('上海');
    const printed = await sheet.lines();
    expect(printed).toHaveLength(2);
    for (const o of orders) expect(printed.some((cells) => cells.includes(o))).toBe(true);
    expect(printed.every((cells) => cells.includes('CC-SH-4100 售后维修'))).toBe(true);
    expect(await sheet.text('pr-print-sign-station')).toContain('服务站发货人签字');
    const pdf = await sheet.downloadPdf();
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.name).toBe(`服务商旧件返厂清单-${no}.pdf`);
  });
});
