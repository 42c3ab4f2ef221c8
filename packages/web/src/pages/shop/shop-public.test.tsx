import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, signInAs, stubServer } from '../../test/render-app.tsx';
import { DocumentTitle } from '../../widgets/DocumentTitle.tsx';

const card = (Id: string, ProductNumber: string, Name: string, extra: object = {}) => ({
  Id,
  ProductNumber,
  Name,
  Model: 'LF-200/10μm',
  Uom: '个',
  LineId: 'l1',
  LineName: '液压系统',
  InStock: Id !== 'p2',
  Picture: null,
  ...extra,
});
const ANON_DETAIL = {
  ...card('p1', 'HC-LF-200', '液压油滤芯'),
  Description: '回油过滤，精度 10μm',
  Specification: [
    { name: '过滤精度', value: '10μm' },
    { name: '额定流量', value: '200 L/min' },
  ],
  Pictures: [],
};
const DETAIL = { ...ANON_DETAIL, Price: '168.00' };

const headerOf = (init: RequestInit) => new Headers(init.headers as HeadersInit).get('authorization');
const path = (router: ReturnType<typeof renderApp>['router']) => router.state.location;

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
  sessionStorage.clear();
});

describe('the shop for anonymous visitors', () => {
  it("searches by the route's text without a token: cards with stock, no prices, a sign-in link instead", async () => {
    const f = stubServer((url) => {
      if (url.startsWith('/api/shop/products?'))
        return envelope({ rows: [card('p1', 'HC-LF-200', '液压油滤芯'), card('p2', 'HC-LF-350', '高压管路滤芯')], next: null });
      return undefined;
    });
    const { router } = renderApp(`/shoppingmall/searchproduct/${encodeURIComponent('滤芯')}`);
    const cards = await screen.findAllByTestId('product-card');
    expect(cards.map((c) => within(c).getByTestId('product-name').textContent)).toEqual(['液压油滤芯', '高压管路滤芯']);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('“滤芯”的搜索结果');
    expect(cards.map((c) => within(c).getByTestId('product-stock').textContent)).toEqual(['有货', '缺货']);
    expect(screen.queryByTestId('product-price')).toBeNull();
    expect(screen.getAllByTestId('product-sign-in-price')).toHaveLength(2);
    expect(screen.getByTestId('header-sign-in')).toBeTruthy();
    const [url, init] = f.mock.calls.find(([u]) => String(u).startsWith('/api/shop/products?'))!;
    expect(String(url)).toBe(`/api/shop/products?q=${encodeURIComponent('滤芯')}&limit=24`);
    expect(headerOf(init as RequestInit)).toBeNull();
    expect(f.mock.calls.some(([u]) => String(u).startsWith('/api/favourites'))).toBe(false);

    // The star asks to sign in and comes back here.
    fireEvent.click(within(cards[0]).getByTestId('favourite-star'));
    expect((await screen.findAllByText('请先登录')).length).toBeGreaterThan(0);
    fireEvent.click(await screen.findByTestId('sign-in-ask-go'));
    await waitFor(() => expect(path(router).pathname).toBe('/login'));
    expect(decodeURIComponent(new URLSearchParams(path(router).search).get('redirect')!)).toBe('/shoppingmall/searchproduct/滤芯');
  });

  it('product details from ?id=: specification, no price; add to cart asks to sign in and returns to the product', async () => {
    stubServer((url) => (url === '/api/shop/products/p1' ? envelope(ANON_DETAIL) : undefined));
    const { router } = renderApp('/shoppingmall/productdetail?id=p1');
    expect((await screen.findByTestId('product-detail-name')).textContent).toBe('液压油滤芯');
    const spec = screen.getByTestId('product-specification');
    expect(within(spec).getByText('过滤精度')).toBeTruthy();
    expect(within(spec).getByText('200 L/min')).toBeTruthy();
    expect(screen.getByTestId('product-description').textContent).toContain('回油过滤');
    expect(screen.queryByTestId('product-price')).toBeNull();
    fireEvent.click(screen.getByTestId('product-add'));
    expect((await screen.findAllByText('登录后才能加入购物车。登录后将回到此产品。')).length).toBeGreaterThan(0);
    fireEvent.click(await screen.findByTestId('sign-in-ask-go'));
    await waitFor(() => expect(path(router).pathname).toBe('/login'));
    expect(new URLSearchParams(path(router).search).get('redirect')).toBe('/shoppingmall/productdetail?id=p1');
  });

  it("an unknown product shows the server's message", async () => {
    stubServer((url) => (url === '/api/shop/products/gone' ? envelope(null, '产品不存在或已下架', 404, 'Not Found') : undefined));
    renderApp('/shoppingmall/productdetail?id=gone');
    expect((await screen.findByTestId('product-missing')).textContent).toContain('产品不存在或已下架');
  });

  it('the catalogue pages on with 加载更多 after the last part number', async () => {
    const f = stubServer((url) => {
      if (url === '/api/shop/lines') return envelope([{ Id: 'l1', Name: '液压系统', Code: 'PL-HYD' }]);
      if (url === '/api/shop/products?limit=24') return envelope({ rows: [card('p1', 'HC-1', '一')], next: 'HC-1' });
      if (url === '/api/shop/products?after=HC-1&limit=24') return envelope({ rows: [card('p3', 'HC-2', '二')], next: null });
      return undefined;
    });
    renderApp('/shoppingmall/chooseproduct');
    await screen.findAllByTestId('product-card');
    expect(await screen.findByText('液压系统')).toBeTruthy();
    fireEvent.click(screen.getByTestId('product-more'));
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(2));
    expect(screen.getByTestId('product-end').textContent).toBe('没有更多了');
    expect(f.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/shop/products'))).toEqual([
      '/api/shop/products?limit=24',
      '/api/shop/products?after=HC-1&limit=24',
    ]);
  });
});

describe('the shop for a signed-in buyer', () => {
  it('shows the price, adds to the cart and stars the product', async () => {
    signInAs(['shop.buy', 'product.read']);
    const posts: { url: string; body: unknown }[] = [];
    const f = stubServer((url, init) => {
      if (url === '/api/shop/products/p1') return envelope(DETAIL);
      if (url.startsWith('/api/favourites/state')) return envelope([]);
      if (url === '/api/ShoppingCart/GetProductList') return envelope([]);
      if (init.method === 'POST') {
        posts.push({ url, body: JSON.parse(String(init.body ?? '{}')) });
        if (url === '/api/favourites/toggle') return envelope({ Entity: 'product', Id: 'p1', Favourite: true }, '已收藏');
        return envelope({ Id: 'c1', Quantity: 3 }, '已加入购物车');
      }
      return undefined;
    });
    renderApp('/shoppingmall/productdetail?id=p1');
    expect((await screen.findByTestId('product-price')).textContent).toBe('¥168.00 / 个');
    expect(headerOf(f.mock.calls.find(([u]) => u === '/api/shop/products/p1')![1] as RequestInit)).toBe('Bearer acc');
    // A typed 1.5 stays, is refused under the box and adds nothing.
    const qty = screen.getByTestId('product-qty') as HTMLInputElement;
    fireEvent.change(qty, { target: { value: '1.5' } });
    expect(screen.getByTestId('product-qty-error').textContent).toBe('数量只能输入整数');
    expect(qty.value).toBe('1.5');
    fireEvent.click(screen.getByTestId('product-add'));
    fireEvent.change(qty, { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('product-add'));
    await waitFor(() =>
      expect(posts.find((p) => p.url === '/api/ShoppingCart/AddProduct')?.body).toEqual({ ProductId: 'p1', Quantity: 3 }),
    );
    expect(posts.filter((p) => p.url === '/api/ShoppingCart/AddProduct')).toHaveLength(1);
    const star = screen.getByTestId('favourite-star');
    await waitFor(() => expect(f.mock.calls.some(([u]) => String(u) === '/api/favourites/state?entity=product&ids=p1')).toBe(true));
    expect(star.getAttribute('data-on')).toBe('false');
    fireEvent.click(star);
    await waitFor(() => expect(screen.getByTestId('favourite-star').getAttribute('data-on')).toBe('true'));
    expect(posts.find((p) => p.url === '/api/favourites/toggle')?.body).toEqual({ entity: 'product', id: 'p1', on: true });
  });

  it('signed in without shop.buy: no price, no cart', async () => {
    signInAs(['product.read']);
    stubServer((url) =>
      url === '/api/shop/products/p1' ? envelope(ANON_DETAIL) : url.startsWith('/api/favourites/state') ? envelope([]) : undefined,
    );
    renderApp('/shoppingmall/productdetail?id=p1');
    expect((await screen.findByTestId('product-no-price')).textContent).toBe('价格仅对有下单权限的用户显示');
    expect(screen.queryByTestId('product-add')).toBeNull();
  });
});

describe('DocumentTitle', () => {
  it("stars the record its route's entity screen shows, from the route alone", async () => {
    signInAs(['parts.read']);
    const f = stubServer((url) => (url.startsWith('/api/favourites/state') ? envelope(['o1']) : undefined));
    const router = createMemoryRouter(
      [
        {
          path: '/newOrder/edit/:id',
          handle: { screen: { entity: 'new_order', kind: 'edit' } },
          element: <DocumentTitle testId="xs-header" label="配件销售单" number="XS-1" />,
        },
        { path: '/plain', element: <DocumentTitle testId="plain" label="x" number="1" /> },
      ],
      { initialEntries: ['/newOrder/edit/o1'] },
    );
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(screen.getByTestId('favourite-star').getAttribute('data-on')).toBe('true'));
    expect(String(f.mock.calls[0][0])).toBe('/api/favourites/state?entity=new_order&ids=o1');
    await router.navigate('/plain');
    await screen.findByTestId('plain');
    expect(screen.queryByTestId('favourite-star')).toBeNull();
  });
});
