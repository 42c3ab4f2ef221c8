import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, stubServer } from '../../test/render-app.tsx';
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

function signIn() {
  const s = useSession.getState();
  s.setTokens({ accessToken: 'acc', refreshToken: 'ref' });
  s.setUser({
    userId: 'u-me',
    userName: 'station1',
    nickName: '陈志强',
    loginType: 'password',
    privilege: ['portal.login', 'shop.buy', 'sales.read'],
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
  sessionStorage.clear();
});

const box = (testId: string) => screen.getByTestId(testId).closest('.ant-checkbox-wrapper')!;
const state = (testId: string) => {
  const w = box(testId);
  return w.querySelector('.ant-checkbox-indeterminate') ? 'some' : w.querySelector('.ant-checkbox-checked') ? 'all' : 'none';
};

describe('cart checkout bar (issue 12 item 8)', () => {
  it('select-all, the selected count and the total sit beside 去结算; partial selection shows indeterminate', async () => {
    signIn();
    stubServer((url) =>
      url === '/api/ShoppingCart/GetProductList' ? envelope(CART) : url.startsWith('/api/ShoppingCart/') ? envelope(null) : undefined,
    );
    const { router } = renderApp('/shopcart/list');
    await screen.findAllByTestId('cart-item', undefined, { timeout: 10_000 });
    const bar = screen.getByTestId('cart-bar');
    // Everything the user needs to settle is in one bar, at the bottom (sticky) and at the top.
    for (const id of ['cart-check-all', 'cart-total', 'cart-settle']) expect(within(bar).getByTestId(id)).toBeTruthy();
    expect(bar.className).toContain('cart-checkout-bar-sticky');
    expect(screen.getByTestId('cart-top-bar')).toBeTruthy();
    // Items start unchecked (spec 000 §3): the bar says what to do instead of 0 selected.
    expect(state('cart-check-all')).toBe('none');
    expect(within(bar).getByTestId('cart-hint').textContent).toBe('请勾选要结算的商品');
    expect(within(bar).getByTestId('cart-total').getAttribute('data-amount')).toBe('0.00');

    fireEvent.click(within(screen.getAllByTestId('cart-item')[0]).getByTestId('cart-item-check'));
    expect(state('cart-check-all')).toBe('some');
    expect(state('cart-top-check-all')).toBe('some');
    expect(within(bar).getByTestId('cart-selected').textContent).toBe('已选 1 件，合计：');
    expect(within(bar).getByText('已选 1/3')).toBeTruthy();
    expect(within(bar).getByTestId('cart-total').getAttribute('data-amount')).toBe('337.00');

    fireEvent.click(screen.getByTestId('cart-check-all'));
    expect(state('cart-check-all')).toBe('all');
    expect(screen.getAllByTestId('cart-item').map((r) => r.getAttribute('data-checked'))).toEqual(['true', 'true', 'true']);
    expect(within(bar).getByTestId('cart-selected').getAttribute('data-count')).toBe('3');
    expect(within(bar).getByTestId('cart-total').getAttribute('data-amount')).toBe('8617.00');
    expect(screen.getByTestId('cart-top-total').getAttribute('data-amount')).toBe('8617.00');

    // The top bar's select-all clears them all again.
    fireEvent.click(screen.getByTestId('cart-top-check-all'));
    expect(state('cart-check-all')).toBe('none');
    fireEvent.click(screen.getByTestId('cart-check-all'));
    await act(async () => fireEvent.click(within(bar).getByTestId('cart-settle')));
    // The router moves once the confirmation screen's chunk is in.
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/confirm\/[^/]+\/order$/));
    const m = /^\/confirm\/([^/]+)\/order$/.exec(router.state.location.pathname);
    expect(readSettleToken(m![1])?.itemIds).toEqual(['1', '2', '3']);
  });
});

describe('confirm: the delivery address starts from the station (issue 12 item 8)', () => {
  it("prefills contact, phone and the station's address from the server; all stay editable", async () => {
    signIn();
    sessionStorage.setItem('portal.settle.tok9', JSON.stringify({ itemIds: ['1'] }));
    let settle: Record<string, unknown> = {};
    stubServer((url, init) => {
      if (url === '/api/ShoppingCart/GetProductList') return envelope(CART);
      if (url === '/api/ShoppingCart/DefaultDelivery') {
        return envelope({
          Contact: '陈志强',
          Phone: '021-58956321',
          Province: '上海市',
          City: '上海市',
          County: '浦东新区',
          Address: '张江高科技园区碧波路 690 号',
        });
      }
      if (url === '/api/address/provinces')
        return envelope([
          { id: '44', name: '广东省' },
          { id: '31', name: '上海市' },
        ]);
      if (url === '/api/address/cities?province=31') return envelope([{ id: '3101', name: '上海市' }]);
      if (url === '/api/address/counties?city=3101')
        return envelope([
          { id: '310115', name: '浦东新区' },
          { id: '310104', name: '徐汇区' },
        ]);
      if (url === '/api/ShoppingCart/Settle') {
        settle = JSON.parse(String(init.body));
        return envelope([{ Id: 'o1', Name: 'SO20261121-0001', TotalAmount: 337, LineCount: 1 }]);
      }
      return undefined;
    });
    renderApp('/confirm/tok9/order');
    await screen.findByTestId('confirm-form', undefined, { timeout: 10_000 });
    const detail = screen.getByTestId('confirm-address-detail') as HTMLInputElement;
    await waitFor(() => expect(detail.value).toBe('张江高科技园区碧波路 690 号'), { timeout: 5000 });
    expect((screen.getByTestId('confirm-contact') as HTMLInputElement).value).toBe('陈志强');
    expect((screen.getByTestId('confirm-phone') as HTMLInputElement).value).toBe('021-58956321');
    const picked = (id: string) => screen.getByTestId(id).closest('.ant-select')!.textContent;
    expect(picked('confirm-address-province')).toBe('上海市');
    expect(picked('confirm-address-city')).toBe('上海市');
    await waitFor(() => expect(picked('confirm-address-county')).toBe('浦东新区'));
    expect(screen.getByTestId('confirm-address-from-station').textContent).toBe('已按本站地址或上次下单的地址填写，可修改');

    // Editable: another county, another street, another consignee.
    fireEvent.mouseDown(screen.getByTestId('confirm-address-county').closest('.ant-select')!.querySelector('.ant-select-selector, input')!);
    const opts = await screen.findAllByText('徐汇区', { selector: '.ant-select-item-option-content' });
    fireEvent.click(opts[opts.length - 1]);
    // A street address over 100 characters is kept whole and refused at the field, not cut.
    fireEvent.change(detail, { target: { value: '路'.repeat(101) } });
    expect(detail.value).toHaveLength(101);
    await act(async () => fireEvent.click(screen.getByTestId('confirm-submit')));
    expect(await screen.findByText('详细地址不能超过 100 个字符')).toBeTruthy();
    expect(settle).toEqual({});
    fireEvent.change(detail, { target: { value: '漕溪北路 88 号' } });
    fireEvent.change(screen.getByTestId('confirm-contact'), { target: { value: '王芳' } });
    await act(async () => fireEvent.click(screen.getByTestId('confirm-submit')));
    await screen.findByTestId('settle-result');
    expect(settle).toMatchObject({
      ItemIds: ['1'],
      Contact: '王芳',
      Phone: '021-58956321',
      Province: '上海市',
      City: '上海市',
      County: '徐汇区',
      Address: '漕溪北路 88 号',
    });
  });
});
