import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session/store.ts';
import { stubServer } from '../test/render-app.tsx';
import { buildRoutes } from './router.tsx';
import type { RouteDef } from './routes.ts';

function Counter({ id }: { id: string }) {
  const [n, setN] = useState(0);
  return (
    <button data-testid={id} onClick={() => setN(n + 1)}>
      {n}
    </button>
  );
}

const defs: RouteDef[] = [
  { name: 'list', path: '/workOrder/list', layout: 'shell', keepAlive: true, load: async () => ({ default: () => <Counter id="kept" /> }) },
  { name: 'edit', path: '/workOrder/edit/:id', layout: 'shell', load: async () => ({ default: () => <Counter id="plain" /> }) },
];

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

describe('keep-alive screens', () => {
  it('a "keep" screen keeps its state when the user leaves and comes back; others start afresh', async () => {
    stubServer();
    useSession.getState().setTokens({ accessToken: 'a', refreshToken: 'r' });
    const router = createMemoryRouter(buildRoutes(defs), { initialEntries: ['/workOrder/list'] });
    render(<RouterProvider router={router} />);
    fireEvent.click(await screen.findByTestId('kept'));
    fireEvent.click(screen.getByTestId('kept'));
    expect(screen.getByTestId('kept').textContent).toBe('2');

    await act(() => router.navigate('/workOrder/edit/1'));
    fireEvent.click(await screen.findByTestId('plain'));
    expect(screen.getByTestId('plain').textContent).toBe('1');
    // Hidden, not unmounted.
    expect(screen.getByTestId('kept').textContent).toBe('2');

    await act(() => router.navigate('/workOrder/list'));
    expect((await screen.findByTestId('kept')).textContent).toBe('2');
    // Every screen with an open page tab is kept now (decisions: page tabs): the record is hidden, not gone.
    expect(screen.getByTestId('plain').closest<HTMLElement>('[data-testid="page-panel"]')?.style.display).toBe('none');

    await act(() => router.navigate('/workOrder/edit/2'));
    // Another record is another screen: it starts afresh beside the first one's hidden copy.
    await waitFor(() => expect(screen.getAllByTestId('plain').map((b) => b.textContent)).toEqual(['1', '0']));
  });
});
