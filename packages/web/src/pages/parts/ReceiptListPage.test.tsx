import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, signInAs, stubServer } from '../../test/render-app.tsx';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

/** The $filter of the receipt list's data call, once it was made. */
async function listFilter(user: Parameters<typeof signInAs>[1]): Promise<string> {
  signInAs(['parts.read', 'parts.receive'], user);
  const calls: string[] = [];
  stubServer((url) => {
    if (!url.startsWith('/api/crmdata/Retrieve/new_stockoutorders')) return undefined;
    calls.push(decodeURIComponent(url));
    return envelope({ value: [], '@odata.count': 0 });
  });
  renderApp('/partsSign/list');
  await screen.findByTestId('list-empty', undefined, { timeout: 20_000 });
  await waitFor(() => expect(calls.length).toBeGreaterThan(0));
  return new URL(calls[0], 'http://x').searchParams.get('$filter') ?? '';
}

describe('receipt list', () => {
  it('a station user sees what comes to the station', async () => {
    expect(await listFilter({ userType: 3, departId: '11111111-1111-1111-1111-111111111111' })).toContain(
      'new_station_id eq 11111111-1111-1111-1111-111111111111',
    );
  });
  it("a warehouse user sees what comes to the warehouse's unit, not what it sends", async () => {
    expect(await listFilter({ userType: 2, departId: '22222222-2222-2222-2222-222222222222' })).toContain(
      'new_tounit_id eq 22222222-2222-2222-2222-222222222222',
    );
  });
});
