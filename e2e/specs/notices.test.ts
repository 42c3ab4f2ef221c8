import { describe, expect, it } from 'vitest';
import { portalSuite, signedInPage } from '../support/suite.ts';

const suite = portalSuite();

describe('notices', () => {
  it('lists notices with read state, marks one read when opened and takes a reply', async () => {
    const page = await signedInPage(suite, 'station1', '/dmsnotice/list');
    const items = page.getByTestId('notice-item');
    await items.first().waitFor();
    expect(await items.count()).toBe(6);
    const unread = await page.locator('[data-testid="notice-item"][data-read="false"]').count();
    expect(unread).toBe(5);

    const training = items.filter({ hasText: 'HC-X6 系列新机型上市及售后培训安排' });
    const id = await training.getAttribute('data-id');
    await training.getByRole('link').first().click();
    await page.getByTestId('notice-view').waitFor();
    expect(await page.getByTestId('notice-content').innerText()).toContain('HC-X6 系列智能装备');
    await page.getByTestId('notice-reply-input').fill('我站参训人员：赵磊（高级工程师）、周志伟（高级工程师）。');
    await page.getByTestId('notice-reply-submit').click();
    await page.getByTestId('notice-reply').filter({ hasText: '赵磊（高级工程师）' }).waitFor();
    // Replies of other stations stay with head office: station1 sees its own only.
    expect(await page.getByTestId('notice-reply').count()).toBe(1);

    await page.goto(`${suite.portal.standardUrl}/dmsnotice/list`);
    await page.locator(`[data-testid="notice-item"][data-id="${id}"][data-read="true"]`).waitFor();
  });

  it('shows the latest notices in the carousel of the service home', async () => {
    const page = await signedInPage(suite, 'station2');
    const carousel = page.getByTestId('notice-carousel');
    await carousel.waitFor();
    expect(await carousel.innerText()).toContain('关于2026年第四季度服务备件价格调整的通知');
  });

  it('lets head office read every station’s replies', async () => {
    const page = await signedInPage(suite, 'hq', '/dmsnotice/list');
    await page.getByTestId('notice-item').filter({ hasText: 'HC-X6 系列新机型上市及售后培训安排' }).getByRole('link').first().click();
    await page.getByTestId('notice-view').waitFor();
    await page.getByTestId('notice-reply').first().waitFor();
    const replies = await page.getByTestId('notice-reply').allInnerTexts();
    expect(replies.join('\n')).toContain('杭州西湖华辰服务站');
    expect(replies.join('\n')).toContain('上海浦东华辰服务站');
    // Each reply names its station once (issue 12: the name was shown twice).
    for (const station of ['杭州西湖华辰服务站', '上海浦东华辰服务站']) {
      for (const r of replies) expect(r.split(station).length).toBeLessThanOrEqual(2);
    }
  });
});
