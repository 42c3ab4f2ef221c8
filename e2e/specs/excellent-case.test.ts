import { describe, expect, it } from 'vitest';
import { MyApprovals } from '../pages/approval-pages.ts';
import { EntityListPage } from '../pages/entity-list-page.ts';
import { ExcellentCasePage } from '../pages/excellent-case-pages.ts';
import { waitForPath } from '../support/session.ts';
import { portalSuite, signedInPage } from '../support/suite.ts';

// station1 writes up an excellent repair case and submits it; hq approves it; station2 then finds it
// in its list and opens it, read-only. Scope (unseen before approval), refusals and the publishing
// hook are proven in server domain/cases/cases.test.ts.
const suite = portalSuite();

describe('excellent repair case (/excellentcase)', () => {
  it('station1 submits, hq approves, station2 sees it published', async () => {
    const base = suite.portal.standardUrl;
    const title = `液压泵异响的排查与处理 ${Date.now().toString(36)}`;
    const station1 = await signedInPage(suite, 'station1', '/excellentcase/caselist');
    const list1 = new EntityListPage(station1);
    await list1.waitFor('new_srv_excellentcase');
    await list1.clickNew();
    await waitForPath(station1, '/excellentcase/create');
    const draft = new ExcellentCasePage(station1);
    await draft.waitFor('new_srv_excellentcase');
    expect(await draft.lookupShows('new_station_id', '上海浦东华辰服务站')).toEqual({ locked: true });
    await draft.create({
      title,
      productLine: '液压系统',
      symptom: '液压泵高速运转时出现周期性异响',
      cause: '泵轴前轴承润滑不足导致滚道点蚀',
      solution: '更换前轴承并按规定加注高速润滑脂，复测振动合格',
    });
    expect(await draft.text('new_code')).toMatch(/^YXAL\d{6}-\d{4}$/);
    const id = draft.idFromUrl();
    expect(await draft.submit()).toEqual(['李慧敏']);

    const hq = await signedInPage(suite, 'hq');
    const inbox = new MyApprovals(hq);
    await inbox.open(base, title);
    await inbox.act('approve', '案例典型，同意发布');

    const station2 = await signedInPage(suite, 'station2', '/excellentcase/caselist');
    const list2 = new EntityListPage(station2);
    await list2.waitFor('new_srv_excellentcase');
    await list2.search(title);
    expect(await list2.cell(title, '服务站')).toBe('上海浦东华辰服务站');
    await list2.openRow(title);
    await waitForPath(station2, `/excellentcase/caseview/${id}`);
    const view = new ExcellentCasePage(station2);
    await view.waitForDocument();
    await view.waitForPublished();
    await view.waitForReadOnly('new_srv_excellentcase');
    expect(await view.shown('new_solution')).toBe('更换前轴承并按规定加注高速润滑脂，复测振动合格');
  });
});
