import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartCount, getCart, type CartGroup } from '../../api/cart.ts';
import { useCounters } from '../../app/counters.ts';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, stubServer } from '../../test/render-app.tsx';
import { checkedTotal, removeItem, setChecked, setQuantity } from './cart-math.ts';
import { readSettleToken } from './settle-token.ts';

const item = (Id: string, Price: number, Quantity: number) => ({
  Id,
  ProductId: `p-${Id}`,
  ProductNumber: `HY-${Id}`,
  ProductName: `配件${Id}`,
  Model: 'M',
  Uom: '个',
  Price,
  Quantity,
  Amount: Price * Quantity,
});
const CART = [
  { GroupId: 'g1', GroupName: '液压系统', CurrentIndex: 0, ProductList: [item('1', 168.5, 2), item('2', 3280, 1)] },
  { GroupId: 'g2', GroupName: '电气系统', CurrentIndex: 3, ProductList: [item('3', 1250, 4)] },
];

function signIn(privilege: string[]) {
  const s = useSession.getState();
  s.setTokens({ accessToken: 'acc', refreshToken: 'ref' });
  s.setUser({ userId: 'u-buyer', userName: 'store1', nickName: '周婷', loginType: 'password', privilege: ['portal.login', ...privilege] });
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
  sessionStorage.clear();
});

describe('cart (spec 000 §3, §4, §9)', () => {
  it('loads groups with every item unchecked and the current index -1; count = items over all groups', async () => {
    stubServer((url) => (url === '/api/ShoppingCart/GetProductList' ? envelope(CART) : undefined));
    const groups = await getCart();
    expect(groups.map((g) => g.CurrentIndex)).toEqual([-1, -1]);
    expect(groups.flatMap((g) => g.ProductList).every((i) => i.checked === false)).toBe(true);
    expect(cartCount(groups)).toBe(3);
    expect(cartCount([])).toBe(0);
  });

  it('totals the checked items exactly', async () => {
    stubServer((url) => (url === '/api/ShoppingCart/GetProductList' ? envelope(CART) : undefined));
    let g: CartGroup[] = await getCart();
    expect(checkedTotal(g)).toBe(0);
    g = setChecked(g, (grp) => grp.GroupId === 'g1', true);
    expect(checkedTotal(g)).toBe(3617);
    g = setQuantity(g, '1', 3);
    expect(checkedTotal(g)).toBe(3785.5);
    g = removeItem(g, '3');
    expect(g.map((x) => x.GroupId)).toEqual(['g1']);
  });

  it('the header shows the cart count for buyers', async () => {
    signIn(['shop.buy']);
    stubServer((url) => (url === '/api/ShoppingCart/GetProductList' ? envelope(CART) : undefined));
    renderApp('/about');
    await waitFor(() => expect(screen.getByTestId('cart-count').getAttribute('data-count')).toBe('3'));
    expect(screen.getByTestId('cart-count').textContent).toBe('3');
  });

  it('no cart in the header without shop.buy', async () => {
    signIn([]);
    const f = stubServer();
    renderApp('/about');
    await screen.findByTestId('app-header');
    expect(screen.queryByTestId('cart-count')).toBeNull();
    expect(f.mock.calls.some(([u]) => u === '/api/ShoppingCart/GetProductList')).toBe(false);
  });

  it('cart screen: check, quantity, delete, total, then settle to /confirm/{token}/order', async () => {
    signIn(['shop.buy']);
    const f = stubServer((url) => {
      if (url === '/api/ShoppingCart/GetProductList') return envelope(CART);
      if (url.startsWith('/api/ShoppingCart/')) return envelope(null);
      return undefined;
    });
    const { router } = renderApp('/shopcart/list');
    const items = await screen.findAllByTestId('cart-item');
    expect(screen.getAllByTestId('cart-group')).toHaveLength(2);
    expect(items.map((i) => i.getAttribute('data-id'))).toEqual(['1', '2', '3']);
    fireEvent.click(screen.getByTestId('cart-settle'));
    expect((await screen.findAllByText('请至少选择一个商品')).length).toBeGreaterThan(0);

    fireEvent.click(within(items[0]).getByTestId('cart-item-check'));
    fireEvent.click(within(items[2]).getByTestId('cart-item-check'));
    expect(screen.getByTestId('cart-total').getAttribute('data-amount')).toBe('5337.00');
    fireEvent.change(within(items[0]).getByTestId('cart-item-qty'), { target: { value: '4' } });
    expect(screen.getByTestId('cart-total').getAttribute('data-amount')).toBe('5674.00');
    await waitFor(
      () =>
        expect(f.mock.calls.find(([u]) => u === '/api/ShoppingCart/UpdateProduct')?.[1]?.body).toBe(
          JSON.stringify({ Id: '1', Quantity: 4 }),
        ),
      { timeout: 2000 },
    );
    // A typed quantity is never changed: 1.5 stays, is refused under the box, is not saved, and holds back settling.
    const qty = within(items[0]).getByTestId('cart-item-qty') as HTMLInputElement;
    fireEvent.change(qty, { target: { value: '1.5' } });
    expect(within(items[0]).getByTestId('cart-item-qty-error').textContent).toBe('数量只能输入整数');
    expect(qty.value).toBe('1.5');
    expect(screen.getByTestId('cart-total').getAttribute('data-amount')).toBe('5674.00');
    fireEvent.click(screen.getByTestId('cart-settle'));
    expect((await screen.findAllByText('数量只能输入整数')).length).toBeGreaterThan(1);
    expect(router.state.location.pathname).not.toMatch(/^\/confirm\//);
    // Nor on its way there (the router moves once the next screen's chunk is in).
    expect(router.state.navigation.state).toBe('idle');
    fireEvent.change(qty, { target: { value: '0' } });
    expect(within(items[0]).getByTestId('cart-item-qty-error').textContent).toBe('数量必须大于0');
    fireEvent.click(within(items[0]).getByTestId('cart-item-qty-more'));
    expect(qty.value).toBe('5');
    expect(within(items[0]).queryByTestId('cart-item-qty-error')).toBeNull();
    await waitFor(
      () =>
        expect(
          f.mock.calls
            .filter(([u]) => u === '/api/ShoppingCart/UpdateProduct')
            .map(([, init]) => init?.body)
            .at(-1),
        ).toBe(JSON.stringify({ Id: '1', Quantity: 5 })),
      { timeout: 2000 },
    );

    await act(async () => fireEvent.click(within(screen.getAllByTestId('cart-item')[1]).getByTestId('cart-item-delete')));
    await waitFor(() => expect(screen.getAllByTestId('cart-item')).toHaveLength(2));
    expect(f.mock.calls.map(([u]) => u)).toContain('/api/ShoppingCart/DeleteProduct?id=2');
    expect(screen.getByTestId('cart-count').getAttribute('data-count')).toBe('2');

    await act(async () => fireEvent.click(screen.getByTestId('cart-settle')));
    // The router moves once the confirmation screen's chunk is in.
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/confirm\/[^/]+\/order$/));
    const m = /^\/confirm\/([^/]+)\/order$/.exec(router.state.location.pathname);
    expect(m).not.toBeNull();
    expect(readSettleToken(m![1])?.itemIds).toEqual(['1', '3']);
  });

  it('confirm: delivery form, Settle with the checked items, the created orders listed, the cart reloaded', async () => {
    signIn(['shop.buy', 'sales.read']);
    sessionStorage.setItem('portal.settle.tok1', JSON.stringify({ itemIds: ['1', '3'] }));
    let settle: Record<string, unknown> = {};
    let loads = 0;
    stubServer((url, init) => {
      if (url === '/api/ShoppingCart/GetProductList') {
        loads++;
        return envelope(CART);
      }
      if (url === '/api/portaluser/me')
        return envelope({
          userId: 'u-buyer',
          fullName: '周婷',
          mobilephone: '18800188005',
          privilege: ['portal.login', 'shop.buy', 'sales.read'],
          roles: [],
        });
      if (url === '/api/address/provinces') return envelope([{ id: '44', name: '广东省' }]);
      if (url === '/api/address/cities?province=44') return envelope([{ id: '4403', name: '深圳市' }]);
      if (url === '/api/address/counties?city=4403') return envelope([{ id: '440305', name: '南山区' }]);
      if (url === '/api/ShoppingCart/Settle') {
        settle = JSON.parse(String(init.body));
        return envelope([
          { Id: 'o1', Name: 'SO20261121-0001', TotalAmount: 337, LineCount: 1 },
          { Id: 'o2', Name: 'SO20261121-0002', TotalAmount: 5000, LineCount: 1 },
        ]);
      }
      return undefined;
    });
    renderApp('/confirm/tok1/order');
    expect(await screen.findByTestId('confirm-form')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('confirm-total').textContent).toBe('¥5,337.00'));
    await waitFor(() => expect((screen.getByTestId('confirm-contact') as HTMLInputElement).value).toBe('周婷'));
    const pick = async (id: string, text: string) => {
      fireEvent.mouseDown(screen.getByTestId(id).closest('.ant-select')!.querySelector('.ant-select-selector, input')!);
      const opts = await screen.findAllByText(text, { selector: '.ant-select-item-option-content' });
      fireEvent.click(opts[opts.length - 1]);
    };
    expect(screen.getByTestId('confirm-address')).toBeTruthy();
    await pick('confirm-address-province', '广东省');
    await pick('confirm-address-city', '深圳市');
    await pick('confirm-address-county', '南山区');
    fireEvent.change(screen.getByTestId('confirm-address-detail'), { target: { value: '科技园南区 8 栋' } });
    fireEvent.change(screen.getByTestId('confirm-remark'), { target: { value: '工作日送货' } });
    const before = loads;
    await act(async () => fireEvent.click(screen.getByTestId('confirm-submit')));
    const result = await screen.findByTestId('settle-result');
    expect(
      within(result)
        .getAllByTestId('settle-order')
        .map((o) => o.getAttribute('data-id')),
    ).toEqual(['o1', 'o2']);
    expect(settle).toEqual({
      ItemIds: ['1', '3'],
      Contact: '周婷',
      Phone: '18800188005',
      Province: '广东省',
      City: '深圳市',
      County: '南山区',
      Address: '科技园南区 8 栋',
      Remark: '工作日送货',
    });
    await waitFor(() => expect(loads).toBeGreaterThan(before));
    expect(useCounters.getState().cartLoaded).toBe(true);
  });

  it('confirm: a remark over 100 characters and a bad phone are refused', async () => {
    signIn(['shop.buy']);
    sessionStorage.setItem('portal.settle.tok2', JSON.stringify({ itemIds: ['1'] }));
    const f = stubServer((url) =>
      url === '/api/ShoppingCart/GetProductList' ? envelope(CART) : url === '/api/address/provinces' ? envelope([]) : undefined,
    );
    renderApp('/confirm/tok2/order');
    await screen.findByTestId('confirm-form');
    fireEvent.change(screen.getByTestId('confirm-contact'), { target: { value: '周婷' } });
    fireEvent.change(screen.getByTestId('confirm-phone'), { target: { value: '1234' } });
    // The remark is not cut at 100: it stays whole and is refused.
    fireEvent.change(screen.getByTestId('confirm-remark'), { target: { value: '备'.repeat(101) } });
    await act(async () => fireEvent.click(screen.getByTestId('confirm-submit')));
    expect(await screen.findByText('联系电话格式不正确')).toBeTruthy();
    expect(await screen.findByText('请先选择省份')).toBeTruthy();
    expect(await screen.findByText('备注最多 100 字')).toBeTruthy();
    expect((screen.getByTestId('confirm-remark') as HTMLTextAreaElement).value).toHaveLength(101);
    expect(f.mock.calls.some(([u]) => u === '/api/ShoppingCart/Settle')).toBe(false);
  });

  it('confirm without a valid token sends the user back to the cart', async () => {
    signIn(['shop.buy']);
    stubServer((url) => (url === '/api/ShoppingCart/GetProductList' ? envelope(CART) : undefined));
    renderApp('/confirm/unknown/order');
    expect(await screen.findByText('结算信息已失效，请回到购物车重新选择商品')).toBeTruthy();
  });
});
