import { getEntity } from '@portal/model';
import { screen as dom, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session/store.ts';
import { envelope, renderApp, signInAs, stubServer } from '../test/render-app.tsx';
import { findRoute } from './match-route.ts';
import { ROUTES } from './routes.ts';
import { screenPath } from './screen-path.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

describe('generic screens declared in the route table', () => {
  it('take their permissions from the entity: read for lists and records, write for create', () => {
    const generic = ROUTES.filter((r) => r.screen?.generic);
    expect(generic.length).toBeGreaterThan(5);
    for (const r of generic) {
      const access = getEntity(r.screen!.entity)!.access!;
      expect(r.permissions, r.name).toEqual([r.screen!.kind === 'create' ? access.write : access.read]);
      expect(r.layout).toBe('shell');
    }
  });

  it('find each other: record paths with the id in the path or the query, create falling back to a query-id edit screen', () => {
    expect(screenPath('new_srv_siteinv', 'list')).toBe('/siteInv/list');
    expect(screenPath('new_srv_siteinv', 'view', 'a b')).toBe('/siteInv/line/a%20b');
    expect(screenPath('new_srv_siteinv', 'create')).toBeUndefined();
    expect(screenPath('new_srv_stationpart', 'edit', 'x1')).toBe('/stationPart/edit?id=x1');
    expect(screenPath('new_srv_stationpart', 'create')).toBe('/stationPart/edit');
    expect(findRoute('/siteInv/list')?.keepAlive).toBe(true);
  });

  it('where two screens stand for one, the one the user may open', () => {
    signInAs(['parts.receive']);
    expect(screenPath('new_stockoutorder', 'edit', 'd1')).toBe('/partsSign/edit/d1');
    signInAs(['delivery.read', 'parts.receive']);
    expect(screenPath('new_stockoutorder', 'edit', 'd1')).toBe('/partsDispatch/edit/d1');
  });

  it('a list without a create screen offers no "new", and its rows open the record screen', async () => {
    signInAs(['stock.read']);
    const calls: string[] = [];
    stubServer((url) => {
      if (!url.startsWith('/api/crmdata/Retrieve/new_srv_siteinvs')) return undefined;
      calls.push(url);
      return envelope({
        value: [
          { new_srv_siteinvid: 's1', new_name: '液压油滤芯', new_code: 'HC-LF-200', new_quantity: 24, new_frozen: 4, new_available: 20 },
        ],
        '@odata.count': 1,
      });
    });
    const { router } = renderApp('/siteInv/list');
    const row = await dom.findByText('HC-LF-200', undefined, { timeout: 15_000 });
    expect(dom.queryByTestId('list-new')).toBeNull();
    const link = within(row.closest('tr')!).getByRole('link');
    expect(link.getAttribute('href')).toBe('/siteInv/line/s1');
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(router.state.location.pathname).toBe('/siteInv/list');
  }, 60_000);
});
