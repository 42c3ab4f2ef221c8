import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, signInAs, stubServer } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

const station1 = () => signInAs(['station.read', 'station.apply'], { departId: 'st-1', departName: '上海浦东华辰服务站', userType: 3 });

describe('station continuation and exit applications', () => {
  it("a new exit application asks for the exit date and reason only, for the user's own station", async () => {
    station1();
    stubServer();
    renderApp('/basicData/stationexitapply/create');
    expect(await screen.findByTestId('field-new_exitdate')).toBeTruthy();
    expect(screen.getByTestId('field-new_reason')).toBeTruthy();
    expect(screen.queryByTestId('field-new_newtermenddate')).toBeNull();
    expect(screen.queryByTestId('field-new_newphone')).toBeNull();
    expect(screen.getByTestId('entity-form').textContent).toContain('上海浦东华辰服务站');
  });

  it("an application opened on another kind's screen moves to its own (list rows open the change route)", async () => {
    station1();
    stubServer((url) =>
      url.startsWith('/api/crmdata/Retrieve/new_srv_stationapplys(a1)')
        ? envelope({
            new_srv_stationapplyid: 'a1',
            new_name: 'SQ202611-0009',
            new_applytype: 2,
            new_station_id: 'st-1',
            new_reason: '续约',
            new_approvalstatus: 1,
            new_newtermenddate: '2028-12-31',
          })
        : undefined,
    );
    const { router } = renderApp('/basicData/stationchangeapply/edit/a1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/basicData/stationcontinueapply/edit/a1'));
    expect(await screen.findByTestId('field-new_newtermenddate')).toBeTruthy();
    expect(screen.queryByTestId('station-change-table')).toBeNull();
  });
});
