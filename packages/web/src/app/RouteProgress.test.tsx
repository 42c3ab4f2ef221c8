import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session/store.ts';
import { stubServer } from '../test/render-app.tsx';
import { buildRoutes } from './router.tsx';
import type { PageModule } from './page-registry.ts';
import type { RouteDef } from './routes.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

describe('loading the next screen', () => {
  it('keeps the current screen while the next one loads, shows the bar only when it takes a while, and no spinner', async () => {
    stubServer();
    useSession.getState().setTokens({ accessToken: 'a', refreshToken: 'r' });
    let arrive: (m: PageModule) => void = () => {};
    const defs: RouteDef[] = [
      { name: 'list', path: '/workOrder/list', layout: 'shell', load: async () => ({ default: () => <p data-testid="first">list</p> }) },
      {
        name: 'edit',
        path: '/workOrder/edit/:id',
        layout: 'shell',
        load: () => new Promise<PageModule>((r) => (arrive = r)),
      },
    ];
    const router = createMemoryRouter(buildRoutes(defs), { initialEntries: ['/workOrder/list'] });
    render(<RouterProvider router={router} />);
    await screen.findByTestId('first');
    const shown = (id: string) => screen.getByTestId(id).closest<HTMLElement>('[data-testid="page-panel"]')?.style.display !== 'none';

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      act(() => void router.navigate('/workOrder/edit/1'));
      await act(async () => vi.advanceTimersByTime(100));
      // A quick load shows nothing but the screen it leaves.
      expect(screen.queryByTestId('route-progress')).toBeNull();
      expect(shown('first')).toBe(true);
      // The content region says it is about to change.
      expect(document.querySelector('.portal-content')?.getAttribute('aria-busy')).toBe('true');
      await act(async () => vi.advanceTimersByTime(100));
      expect(screen.getByRole('progressbar', { name: '加载中…' })).toBeTruthy();
      expect(shown('first')).toBe(true);
    } finally {
      vi.useRealTimers();
    }

    await act(async () => arrive({ default: () => <p data-testid="second">edit</p> }));
    expect(await screen.findByTestId('second')).toBeTruthy();
    expect(screen.queryByTestId('route-progress')).toBeNull();
    expect(document.querySelector('.portal-content')?.hasAttribute('aria-busy')).toBe(false);
    expect(document.querySelector('.ant-spin')).toBeNull();
  });
});
