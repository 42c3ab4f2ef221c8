import { describe, expect, it } from 'vitest';
import { MyApprovals } from '../pages/approval-pages.ts';
import { EntityFormPage } from '../pages/entity-form-page.ts';
import { StationChangeApplyPage } from '../pages/station-apply-pages.ts';
import { portalSuite, signedInPage } from '../support/suite.ts';

// station1 files a change of its station: with nothing changed 提交审批 is refused; with a new phone
// it is submitted, head office approves, and the station profile shows the new phone. Every
// transition and refusal is proven in server domain/station-apply/station-apply.test.ts.
const suite = portalSuite();
const NEW_PHONE = '021-58950000';

describe('station applications (/basicData/stationapplylist)', () => {
  it('a change with no changed value is refused; with a change it is approved and the station shows it', async () => {
    const page = await signedInPage(suite, 'station1', '/basicData/stationapplylist');
    const apply = new StationChangeApplyPage(page);
    await apply.createFromList();
    expect(await apply.current('new_phone')).toBe('021-58956321');
    await apply.reason('办公室搬迁，总机号码变更');
    const number = await apply.saveNew();
    expect(await apply.submitRefused('没有变更任何内容，不能提交')).toBe(true);
    await apply.approval.waitForStatus(1);

    await apply.propose('new_phone', NEW_PHONE);
    expect(await apply.submit()).toEqual([expect.stringContaining('李慧敏')]);

    const hq = await signedInPage(suite, 'hq');
    const inbox = new MyApprovals(hq);
    await inbox.open(suite.portal.standardUrl, number);
    await inbox.act('approve', '同意变更');

    await page.goto(`${suite.portal.standardUrl}/basicData/edit`);
    const profile = new EntityFormPage(page);
    await profile.waitForReadOnly('new_srv_station');
    expect(await profile.shown('new_phone')).toBe(NEW_PHONE);
  });
});
