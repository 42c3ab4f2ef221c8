import { describe, expect, it } from 'vitest';
import { CatalogPage, ConfigListPage, DetailsPage, LinkRefusal } from '../pages/configurator-pages.ts';
import { PhonePass, phoneReport } from '../pages/phone-pass.ts';
import { portalSuite, signedInPage } from '../support/suite.ts';

// The product configurator (issue 29, proof 3). A visitor who is not signed in, on a phone,
// configures a chiller from /product/catalog: a rule disables 460V until the export cabinet is
// chosen, a variable-speed compressor brings the group control along, the price runs; saving
// answers a signed link, which returns through /config/page to the configuration's details. A
// forged token is refused. A salesman given the link puts it on his draft quote. The rules themselves (every rule kind, refusals sent straight to the
// API, expiry, the save limit, whose list) are proven in packages/server/src/domain/configurator.
const suite = portalSuite();

describe('the product configurator (/product/catalog → /quotationconfig/create → /config/page → /quote/details)', () => {
  it('a signed-out visitor on a phone configures, a rule disables an option, saves and returns by the link; a forged token is refused; a salesman puts it on his quote', async () => {
    const page = await suite.open({ mobile: true });
    const phone = new PhonePass(page);
    const catalog = new CatalogPage(page);
    await catalog.open(suite.portal.standardUrl);
    expect(await catalog.names()).toEqual(['螺杆式冷水机组', '风冷热泵模块机组', '组合式空气处理机组']);
    const problems = await phone.problems('/product/catalog');

    const cfg = await catalog.configure('螺杆式冷水机组');
    expect(await cfg.priceFen()).toBe(486_000_00);
    // 460V/60Hz is not offered with the domestic cabinet chosen by default: the rule says why.
    expect(await cfg.disabled('V460')).toBe(true);
    expect(await cfg.ruleText('V460')).toBe('不可选：460V/60Hz 电源不能配国内标准电控柜，请先选择出口型 UL 认证电控柜');
    expect(await cfg.disabled('BMS')).toBe(true);
    problems.push(...(await phone.problems('/quotationconfig/create')));
    await cfg.choose('ULCAB');
    expect(await cfg.disabled('V460')).toBe(false);
    await cfg.choose('V460');
    // The variable-speed compressor brings the group control system along (replacing the UL cabinet).
    await cfg.choose('VSD');
    expect(await cfg.chosen('GROUP')).toBe(true);
    expect(await cfg.chosen('ULCAB')).toBe(false);
    expect(await cfg.disabled('STDCAB')).toBe(true);
    await cfg.choose('BMS');
    expect(await cfg.priceFen()).toBe((486_000 + 18_500 + 86_000 + 35_000 + 6_500) * 100);
    await cfg.fillContact('赵敏', '13911112222');
    const link = await cfg.save();
    expect(link).toMatch(/\/config\/page\?token=[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]{43}$/);

    const details = await cfg.openSaved();
    const id = await details.id();
    expect(new URL(page.url()).pathname).toBe(`/quote/details/${id}`);
    expect(await details.price()).toBe('¥632,000.00');
    expect(await details.summary()).toEqual(
      expect.arrayContaining([expect.stringContaining('比泽尔变频螺杆'), expect.stringContaining('460V/3/60Hz')]),
    );
    const bom = await details.bomPartNumbers();
    expect(bom).toEqual(expect.arrayContaining(['CMP-BZ-CSV', 'VFD-160', 'CTL-GRP-10', 'ACC-BMS-01']));
    expect(bom).not.toContain('CAB-STD-380');
    problems.push(...(await phone.problems('/quote/details')));
    expect(problems, phoneReport(problems)).toEqual([]);

    // Reopened with the link this tab keeps: a flow switch added, saved again, the same configuration.
    const again = await details.edit();
    expect(new URL(page.url()).pathname).toBe(`/quotationconfig/edit/${id}`);
    expect(await again.chosen('BMS')).toBe(true);
    await again.choose('FLOWSW');
    await again.save();
    const changed = await again.openSaved();
    expect(await changed.id()).toBe(id);
    expect(await changed.price()).toBe('¥633,200.00');

    // The same link with one character of its signature changed.
    const token = new URL(link).searchParams.get('token')!;
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(await new LinkRefusal(page).open(suite.portal.standardUrl, forged)).toBe('链接无效：签名校验失败，请使用保存配置时获得的链接');

    // The visitor sends the link to 韩冬, who puts the configuration on a draft quote of his as a configured line.
    const url = new URL(link);
    const salesman = await signedInPage(suite, 'salesman1', `${url.pathname}${url.search}`);
    const his = new DetailsPage(salesman);
    await his.root().waitFor();
    const quote = await his.attachToFirstDraft();
    expect(quote).not.toBe('');
    expect(await salesman.getByTestId('cpq-attach').count()).toBe(0);

    // Signed out, the list asks to sign in.
    const list = new ConfigListPage(page);
    await list.open(suite.portal.standardUrl);
    await list.signedOut().waitFor();
  });

  it("a signed-in salesman's list shows his own configurations", async () => {
    const page = await signedInPage(suite, 'salesman1', '/quotationconfig/list');
    const list = new ConfigListPage(page);
    await page.getByTestId('cpq-list').waitFor();
    // His two demo configurations, and the visitor's he put on his quote (now his).
    expect(new Set(await list.products())).toEqual(new Set(['螺杆式冷水机组', '风冷热泵模块机组']));
  });
});
