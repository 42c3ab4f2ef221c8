import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store.ts';
import { renderApp, signInAs, stubServer } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

const search = async (text: string) => {
  const box = screen.getByTestId('menu-grid-search').querySelector('input') ?? screen.getByTestId('menu-grid-search');
  await act(async () => fireEvent.change(box, { target: { value: text } }));
};
const tileKeys = () =>
  screen.queryAllByTestId(/^menu-tile-[A-Za-z]+$/).map((el) => el.getAttribute('data-testid')!.slice('menu-tile-'.length));

describe('function grid (/menu/menulist)', () => {
  it('signed out: every function, grouped as the menu, with a search over both languages and the path', async () => {
    stubServer();
    renderApp('/menu/menulist');
    const grid = await screen.findByTestId('menu-grid', {}, { timeout: 15_000 });
    expect(within(grid).getByTestId('menu-group-parts').textContent).toContain('配件管理');
    expect(within(screen.getByTestId('menu-tile-workOrder')).getByText('工单列表')).toBeTruthy();
    expect(screen.getByTestId('menu-tile-workOrder').textContent).toContain('服务管理');
    expect(screen.getByTestId('menu-tile-systemParameter').getAttribute('data-active')).toBe('true');
    expect(screen.getByTestId('menu-grid-signin')).toBeTruthy();
    const all = tileKeys().length;
    expect(screen.getByTestId('menu-grid-count').textContent).toBe(`共 ${all} 项功能`);

    await search('工单');
    expect(tileKeys()).toContain('workOrder');
    expect(tileKeys()).not.toContain('partsApply');
    expect(screen.queryByTestId('menu-group-parts')).toBeNull();
    await search('STOCKING RECORD');
    expect(tileKeys()).toEqual(['partStockTransaction']);
    await search('/partsapply/');
    expect(tileKeys()).toEqual(['partsApply']);
    await search('没有这个功能');
    expect(screen.getByTestId('menu-grid-empty').textContent).toContain('没有匹配的功能');
  });

  it('signed out: opening a tile asks to sign in and comes back to it', async () => {
    stubServer();
    const { router } = renderApp('/menu/menulist');
    const tile = await screen.findByTestId('menu-tile-workOrder', {}, { timeout: 15_000 });
    await act(async () => fireEvent.click(tile));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 15_000 });
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/workOrder/list');
  });

  it('signed in: held functions open, the others are greyed with the reason', async () => {
    signInAs(['workorder.read', 'notice.read']);
    stubServer();
    const { router } = renderApp('/menu/menulist');
    const parts = await screen.findByTestId('menu-tile-partsApply', {}, { timeout: 15_000 });
    expect(parts.getAttribute('data-active')).toBe('false');
    expect(screen.getByTestId('menu-tile-reason-partsApply').textContent).toBe('无权限：需要“查看配件业务”');
    await act(async () => fireEvent.click(parts));
    expect(router.state.location.pathname).toBe('/menu/menulist');
    expect(screen.queryByTestId('menu-grid-signin')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('menu-tile-workOrder')));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workOrder/list'), { timeout: 15_000 });
  });
});
