import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, signInAs, stubServer } from '../../test/render-app.tsx';
import { groupByKind } from './favourites.ts';

const FAVS = [
  { Entity: 'product', Id: 'p1', Name: '液压油滤芯', CreatedOn: '2026-11-24T02:00:00.000Z' },
  { Entity: 'new_srv_workorder', Id: 'w1', Name: 'WO-20261120-0001', CreatedOn: '2026-11-23T02:00:00.000Z' },
  { Entity: 'product', Id: 'p2', Name: '齿轮泵', CreatedOn: '2026-11-22T02:00:00.000Z' },
];

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
  sessionStorage.clear();
});

describe('favourites (收藏)', () => {
  it('signed out, /collect/list says what favourites are and signs in back to it; nothing is asked of the server', async () => {
    const f = stubServer();
    const { router } = renderApp('/collect/list');
    const intro = await screen.findByTestId('collect-intro');
    expect(intro.textContent).toContain('什么是收藏');
    expect(f.mock.calls.some(([u]) => String(u).startsWith('/api/favourites'))).toBe(false);
    fireEvent.click(screen.getByTestId('collect-sign-in'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/collect/list');
  });

  it('signed in, lists them newest first with their kind; each opens its product or document; filter by kind; unstar removes', async () => {
    signInAs(['product.read', 'workorder.read']);
    const toggles: unknown[] = [];
    stubServer((url, init) => {
      if (url === '/api/favourites') return envelope(FAVS);
      if (url === '/api/favourites/toggle') {
        toggles.push(JSON.parse(String(init.body)));
        return envelope({ Entity: 'product', Id: 'p2', Favourite: false }, '已取消收藏');
      }
      return undefined;
    });
    renderApp('/collect/list');
    await waitFor(() => expect(screen.getAllByTestId('collect-row')).toHaveLength(3));
    const rows = screen.getAllByTestId('collect-row');
    expect(rows.map((r) => r.getAttribute('data-id'))).toEqual(['p1', 'w1', 'p2']);
    expect(within(rows[0]).getByText('产品')).toBeTruthy();
    expect(within(rows[0]).getByTestId('collect-open').getAttribute('href')).toBe('/shoppingmall/productdetail?id=p1');
    expect(within(rows[1]).getByTestId('collect-open').getAttribute('href')).toMatch(/\/w1$/);
    expect(within(rows[0]).getByText('2026-11-24 10:00')).toBeTruthy(); // UTC+8

    fireEvent.click(within(rows[2]).getByTestId('favourite-star'));
    await waitFor(() => expect(screen.getAllByTestId('collect-row')).toHaveLength(2));
    expect(toggles).toEqual([{ entity: 'product', id: 'p2', on: false }]);

    fireEvent.change(screen.getByPlaceholderText('按名称查找'), { target: { value: 'WO-2026' } });
    await waitFor(() => expect(screen.getAllByTestId('collect-row').map((r) => r.getAttribute('data-id'))).toEqual(['w1']));
  });

  it('/collect/view groups them by kind with counts', async () => {
    signInAs(['product.read', 'workorder.read']);
    stubServer((url) => (url === '/api/favourites' ? envelope(FAVS) : undefined));
    renderApp('/collect/view');
    await waitFor(() => expect(screen.getAllByTestId('collect-group')).toHaveLength(2));
    const groups = screen.getAllByTestId('collect-group');
    expect(groups.map((g) => g.getAttribute('data-entity'))).toEqual(['product', 'new_srv_workorder']);
    expect(within(groups[0]).getAllByTestId('collect-item')).toHaveLength(2);
    expect(groupByKind(FAVS).map((g) => [g.entity, g.items.map((i) => i.Id)])).toEqual([
      ['product', ['p1', 'p2']],
      ['new_srv_workorder', ['w1']],
    ]);
  });
});
