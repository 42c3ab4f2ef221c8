import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { createMemoryRouter, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store.ts';
import { stubServer } from '../../test/render-app.tsx';
import { App } from '../App.tsx';
import { useScreenKey } from '../page-meta.ts';
import { MAX_TABS, restoreTabs, TABS_KEY } from '../page-tabs.ts';
import { buildRoutes } from '../router.tsx';
import type { RouteDef } from '../routes.ts';
import { dirtyKeys, isDirty, markDirty } from '../unsaved-changes.ts';

function Counter({ id }: { id: string }) {
  const [n, setN] = useState(0);
  return (
    <button data-testid={id} onClick={() => setN(n + 1)}>
      {n}
    </button>
  );
}
/** A form field that marks its screen dirty while it holds text. */
function Field() {
  const key = useScreenKey();
  const [v, setV] = useState('');
  useEffect(() => markDirty(key, v !== ''), [key, v]);
  return <input data-testid="typed" value={v} onChange={(e) => setV(e.target.value)} />;
}
function Record() {
  const { id } = useParams();
  return (
    <>
      <h2>{`工单 WO-${id}`}</h2>
      <Counter id="record" />
    </>
  );
}

const page = (C: () => React.ReactNode) => async () => ({ default: C });
const defs: RouteDef[] = [
  { name: 'servicehome', path: '/servicehome', layout: 'shell', load: page(() => <Counter id="home" />) },
  { name: 'workOrderList', path: '/workOrder/list', layout: 'shell', keepAlive: true, load: page(() => <Counter id="list" />) },
  { name: 'workOrderCreate', path: '/workOrder/create', layout: 'shell', load: page(Field) },
  { name: 'workOrderEdit', path: '/workOrder/edit/:id', layout: 'shell', load: page(Record) },
  { name: 'other', path: '/p/:n', layout: 'shell', load: page(() => <Counter id="p" />) },
];

function open(path = '/servicehome') {
  stubServer();
  const router = createMemoryRouter(buildRoutes(defs), { initialEntries: [path] });
  render(<App router={router} />);
  return router;
}
const go = (router: ReturnType<typeof open>, to: string | number) =>
  act(() => (typeof to === 'number' ? router.navigate(to) : router.navigate(to)));

const tabs = () => screen.getAllByTestId('page-tab');
const tabKeys = () => tabs().map((t) => t.dataset.key);
const tab = (key: string) => {
  const t = tabs().find((x) => x.dataset.key === key);
  if (!t) throw new Error(`no tab ${key}`);
  return t;
};
const activeKey = () => tabs().find((t) => t.dataset.active)?.dataset.key;
const shown = () => screen.getAllByTestId('page-panel').find((p) => p.style.display !== 'none')!;
const closeButton = (key: string) => tab(key).closest('[data-node-key]')!.querySelector<HTMLElement>('[data-testid="page-tab-close"]')!;

beforeEach(() => {
  sessionStorage.clear();
  const s = useSession.getState();
  s.setTokens({ accessToken: 'a', refreshToken: 'r' });
  s.setUser({ userId: 'u1', userName: 'station1', privilege: ['portal.login'] });
});
afterEach(() => {
  vi.unstubAllGlobals();
  for (const k of dirtyKeys()) markDirty(k, false);
  useSession.getState().clearAll();
});

describe('page tabs', () => {
  it('opens a tab per screen, pins home, and the active tab follows the URL (menu, link, back/forward)', async () => {
    const router = open('/servicehome');
    await screen.findByTestId('home');
    await go(router, '/workOrder/list?q=abc');
    await screen.findByTestId('list');
    await go(router, '/workOrder/edit/7');
    await waitFor(() => expect(tabKeys()).toEqual(['/servicehome', '/workOrder/list', '/workOrder/edit/7']));
    expect(activeKey()).toBe('/workOrder/edit/7');
    // Menu screens are titled by their menu label, records by their heading; home has no close button.
    await waitFor(() => expect(tab('/workOrder/edit/7').textContent).toBe('工单 WO-7'));
    expect(tab('/workOrder/list').textContent).toBe('工单列表');
    expect(tab('/servicehome').closest('[data-node-key]')!.querySelector('[data-testid="page-tab-close"]')).toBeNull();

    await go(router, -1);
    await waitFor(() => expect(activeKey()).toBe('/workOrder/list'));
    await go(router, 1);
    await waitFor(() => expect(activeKey()).toBe('/workOrder/edit/7'));
  });

  it('switching tabs keeps each screen mounted with its state; a tab reopens its full URL', async () => {
    const router = open('/workOrder/list?q=abc');
    fireEvent.click(await screen.findByTestId('list'));
    fireEvent.click(screen.getByTestId('list'));
    await go(router, '/workOrder/create');
    fireEvent.change(await screen.findByTestId('typed'), { target: { value: '半填的表单' } });
    await waitFor(() => expect(isDirty('/workOrder/create')).toBe(true));

    fireEvent.click(tab('/workOrder/list'));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/workOrder/list?q=abc'));
    expect(within(shown()).getByTestId('list').textContent).toBe('2');
    // The form stays, hidden, with its value; its tab shows the dirty dot.
    expect(screen.getByTestId<HTMLInputElement>('typed').value).toBe('半填的表单');
    expect(within(tab('/workOrder/create')).getByTestId('page-tab-dirty')).toBeTruthy();

    fireEvent.click(tab('/workOrder/create'));
    await waitFor(() => expect(within(shown()).getByTestId<HTMLInputElement>('typed').value).toBe('半填的表单'));
  });

  it('closes one (× and middle click); the active tab hands over to its neighbour and its screen unmounts', async () => {
    const router = open('/workOrder/list');
    await screen.findByTestId('list');
    await go(router, '/p/1');
    await go(router, '/p/2');
    await waitFor(() => expect(tabKeys()).toHaveLength(4));

    fireEvent.click(closeButton('/p/1'));
    await waitFor(() => expect(tabKeys()).toEqual(['/servicehome', '/workOrder/list', '/p/2']));
    expect(router.state.location.pathname).toBe('/p/2');

    fireEvent.click(closeButton('/p/2'));
    await waitFor(() => expect(shown().dataset.screenKey).toBe('/workOrder/list'));
    expect(router.state.location.pathname).toBe('/workOrder/list');
    expect(tabKeys()).toEqual(['/servicehome', '/workOrder/list']);
    expect(screen.queryByTestId('p')).toBeNull();

    fireEvent(tab('/workOrder/list'), new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/servicehome'));
    // The location moves first; the closed tab leaves on the render after it (seen late under load).
    await waitFor(() => expect(tabKeys()).toEqual(['/servicehome']));
  });

  it('closes others and to the right from the context menu, all from the menu at the bar’s end', async () => {
    const router = open('/p/1');
    await screen.findByTestId('p');
    for (const p of ['/p/2', '/p/3', '/p/4']) await go(router, p);
    await waitFor(() => expect(tabKeys()).toHaveLength(5));

    fireEvent.contextMenu(tab('/p/3'));
    fireEvent.click(await screen.findByTestId('page-tabs-closeRight'));
    await waitFor(() => expect(tabKeys()).toEqual(['/servicehome', '/p/1', '/p/2', '/p/3']));
    expect(router.state.location.pathname).toBe('/p/3');

    fireEvent.contextMenu(tab('/p/2'));
    await waitFor(() => expect(screen.getAllByTestId('page-tabs-closeOthers').length).toBeGreaterThan(0));
    fireEvent.click(screen.getAllByTestId('page-tabs-closeOthers').at(-1)!);
    await waitFor(() => expect(tabKeys()).toEqual(['/servicehome', '/p/2']));
    expect(router.state.location.pathname).toBe('/p/2');

    fireEvent.click(screen.getByTestId('page-tabs-actions'));
    await waitFor(() => expect(screen.getAllByTestId('page-tabs-closeAll').length).toBeGreaterThan(0));
    fireEvent.click(screen.getAllByTestId('page-tabs-closeAll').at(-1)!);
    await waitFor(() => expect(tabKeys()).toEqual(['/servicehome']));
    expect(router.state.location.pathname).toBe('/servicehome');
  });

  it('closing a dirty tab asks first: stay keeps it, leave closes it', async () => {
    const router = open('/workOrder/create');
    fireEvent.change(await screen.findByTestId('typed'), { target: { value: 'x' } });
    await go(router, '/workOrder/list');
    await waitFor(() => expect(within(tab('/workOrder/create')).getByTestId('page-tab-dirty')).toBeTruthy());

    fireEvent.click(closeButton('/workOrder/create'));
    fireEvent.click(await screen.findByRole('button', { name: '留在此页' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: '留在此页' })).toBeNull());
    expect(tabKeys()).toContain('/workOrder/create');
    expect(screen.getByTestId<HTMLInputElement>('typed').value).toBe('x');

    fireEvent.click(closeButton('/workOrder/create'));
    expect(await screen.findByText('当前页面有未保存的修改，离开后修改将丢失。确定离开吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /离\s*开/ }));
    await waitFor(() => expect(tabKeys()).not.toContain('/workOrder/create'));
    expect(screen.queryByTestId('typed')).toBeNull();
    expect(isDirty('/workOrder/create')).toBe(false);
  });

  it(`over ${MAX_TABS} tabs the least recently used clean tab closes; a dirty one never does`, async () => {
    const router = open('/workOrder/create');
    fireEvent.change(await screen.findByTestId('typed'), { target: { value: 'x' } });
    await waitFor(() => expect(isDirty('/workOrder/create')).toBe(true));
    for (let i = 1; i <= MAX_TABS - 1; i++) await go(router, `/p/${i}`);
    // home, the dirty form and /p/1…/p/11 would be 13: /p/1 (oldest clean) went, the form stayed.
    await waitFor(() => expect(tabKeys()).toHaveLength(MAX_TABS));
    expect(tabKeys()).toContain('/workOrder/create');
    expect(tabKeys()).not.toContain('/p/1');
    expect(tabKeys()).toContain('/p/2');
    expect(screen.getByTestId<HTMLInputElement>('typed').value).toBe('x');
  });

  it('a saved new record opening as its edit screen (history replace) takes the create tab’s place', async () => {
    const router = open('/workOrder/create');
    await screen.findByTestId('typed');
    await go(router, '/p/1');
    fireEvent.click(tab('/workOrder/create'));
    await waitFor(() => expect(activeKey()).toBe('/workOrder/create'));
    await act(() => router.navigate('/workOrder/edit/5', { replace: true }));
    await waitFor(() => expect(tabKeys()).toEqual(['/servicehome', '/workOrder/edit/5', '/p/1']));
    expect(screen.queryByTestId('typed')).toBeNull();
  });

  it('keeps the tabs over a reload for the same user; a sign-out drops them', async () => {
    const router = open('/workOrder/list?q=abc');
    await screen.findByTestId('list');
    await go(router, '/p/9');
    await waitFor(() => expect(tabKeys()).toHaveLength(3));
    const saved = restoreTabs();
    expect(saved.owner).toBe('u1');
    expect(saved.tabs.map((t) => t.url)).toEqual(['/servicehome', '/workOrder/list?q=abc', '/p/9']);

    act(() => useSession.getState().setUser({ userId: 'u2' }));
    expect(restoreTabs().tabs).toEqual([]);
    act(() => useSession.getState().clearAll());
    expect(sessionStorage.getItem(TABS_KEY)).toBeNull();
  });

  it('the breadcrumb shows menu group › screen › record, the screen linking back to its list', async () => {
    const router = open('/workOrder/list');
    await screen.findByTestId('list');
    const crumbs = () => screen.getByTestId('page-breadcrumb').textContent;
    expect(crumbs()).toBe('服务管理/工单列表');
    await go(router, '/workOrder/edit/7');
    await waitFor(() => expect(crumbs()).toBe('服务管理/工单列表/工单 WO-7'));
    fireEvent.click(within(screen.getByTestId('page-breadcrumb')).getByRole('link', { name: '工单列表' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workOrder/list'));
  });
});
