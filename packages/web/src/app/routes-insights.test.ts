import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session/store.ts';
import { envelope, signInAs, stubServer } from '../test/render-app.tsx';
import { routeLoader } from './page-registry.ts';
import { ROUTES } from './routes.ts';

const route = (name: string) => ({ load: routeLoader(ROUTES.find((r) => r.name === name)!) });
const mapCalls = (f: ReturnType<typeof stubServer>) =>
  f.mock.calls.map((c) => String(c[0])).filter((u) => u.startsWith('/api/workorders/map'));

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

// main.tsx runs the route's loader at start-up, before the guards and right after a stale session
// was dropped: the early map call must wait for a signed-in session with the screen's privileges.
describe('map screens’ early call', () => {
  it('does not go out without a session (a reload after the session was dropped)', async () => {
    const f = stubServer((url) =>
      url.startsWith('/api/workorders/map') ? envelope({ orders: [], workers: [], toAssign: 0, truncated: false }) : undefined,
    );
    useSession.getState().clearAll();
    await route('workOrderMap').load!();
    expect(mapCalls(f)).toEqual([]);
  });

  it('does not go out for a user the guards will turn away', async () => {
    const f = stubServer(() => envelope({ orders: [], workers: [], toAssign: 0, truncated: false }));
    signInAs(['workorder.read']);
    await route('workOrderNewMapAssign').load!();
    expect(mapCalls(f)).toEqual([]);
  });

  it('goes out once for a signed-in user, however often start-up and the router ask', async () => {
    const f = stubServer(() => envelope({ orders: [], workers: [], toAssign: 0, truncated: false }));
    signInAs(['workorder.read']);
    await route('workOrderMap').load!();
    await route('workOrderNewMap').load!();
    // The tile settings go out beside the data (the screen needs both before it draws).
    expect(mapCalls(f)).toEqual(['/api/workorders/map?range=all', '/api/workorders/map/config']);
  });
});
