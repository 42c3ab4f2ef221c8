import { describe, expect, it } from 'vitest';
import { LoginPage } from '../pages/login-page.ts';
import { PublicEntries } from '../pages/public-entries.ts';
import { FavouritesPage, ProductDetailPage, ShopSearchPage, SignInPrompt } from '../pages/shop-pages.ts';
import { portalSuite } from '../support/suite.ts';

// An anonymous visitor searches the shop and opens a product: no price, only in stock / out of
// stock. Starring it asks them to sign in; signed in they come back to the product, see its price,
// and the star works: /collect/list shows it. The rules (no prices for anonymous callers, buyers
// only, favourites per user, 404 for records the caller cannot read) are proven in
// packages/server/src/routes/shop-public.test.ts.
const suite = portalSuite();

describe('the shop for an anonymous visitor (/shoppingmall/searchproduct, /productdetail, /collect/list)', () => {
  it('searches, opens a product without a price, stars it → sign in → back, price shown, starred, in the favourites', async () => {
    const page = await suite.open();
    const shop = new ShopSearchPage(page);
    await shop.open(suite.portal.standardUrl);
    await shop.search('滤芯');
    expect(await shop.names()).toEqual(['液压油滤芯', '高压管路滤芯']);
    expect(await shop.prices().count()).toBe(0);

    const product = await shop.openProduct('高压管路滤芯');
    expect(await product.price().count()).toBe(0);
    await product.signInForPrice().waitFor();
    const id = product.productId();
    expect(id).toBeTruthy();

    await product.toggleStar();
    const prompt = new SignInPrompt(page);
    expect(await prompt.text()).toContain('请先登录');
    await prompt.accept();
    await new LoginPage(page, suite.portal).signInWithPassword('station1');

    const back = new ProductDetailPage(page);
    await page.waitForURL((u) => u.pathname === '/shoppingmall/productdetail' && u.searchParams.get('id') === id);
    await back.waitFor('高压管路滤芯');
    expect(await back.priceAmount()).toBe(246);
    expect(await back.starred()).toBe(false);
    await back.toggleStar(true);

    const favourites = new FavouritesPage(page);
    await favourites.open(suite.portal.standardUrl);
    await favourites.waitForName('高压管路滤芯');
    expect(await favourites.names()).toContain('高压管路滤芯');
  });

  // Issue 24: the shop, quick order and 全部功能 were reachable only by typing their URLs.
  it('finds the shop from the sign-in page, then quick order and 全部功能 in the signed-out menu', async () => {
    const page = await suite.open();
    await page.goto(`${suite.portal.standardUrl}/login`);
    await new LoginPage(page, suite.portal).waitForForm();
    const entries = new PublicEntries(page);
    expect(await entries.signInLink('shopMall').innerText()).toBe('配件商城');
    expect(await entries.signInLink('quickOrder').innerText()).toBe('快速订购');
    expect(await entries.signInLink('menuGrid').innerText()).toBe('全部功能');
    await entries.openShopFromSignIn();
    expect(new URL(page.url()).pathname).toBe('/shoppingmall/chooseproduct');
    await entries.openQuickOrderFromMenu();
    expect(new URL(page.url()).pathname).toBe('/quickorder/list');
    await entries.openAllFunctionsFromMenu();
    expect(new URL(page.url()).pathname).toBe('/menu/menulist');
  });
});
