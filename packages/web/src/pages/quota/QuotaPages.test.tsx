import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, signInAs, stubServer } from '../../test/render-app.tsx';

const STATION = {
  new_srv_stationid: 's1',
  new_code: 'SH001',
  new_name: '上海浦东华辰服务站',
  new_phone: '021-58956321',
  new_limitamount: true,
  new_beginamount: 200000,
  new_currentamount: 236800.5,
};
const ADJUSTMENT = (status: number) => ({
  new_srv_amountadjustmentid: 'a1',
  new_name: 'ED202611-0001',
  new_station_id: 's1',
  'new_station_id@OData.Community.Display.V1.FormattedValue': '上海浦东华辰服务站',
  new_amounttype: 1,
  new_amount: 50000,
  new_adjuststatus: 1,
  new_reason: '新机型上市',
  new_approvalstatus: status,
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

describe('station quota screen', () => {
  it('shows only the station and its quota; a quota adjuster saves the opening quota (the current quota is the ledger’s, not sent)', async () => {
    signInAs(['station.read', 'station.write', 'quota.read', 'quota.adjust']);
    let body: Record<string, unknown> = {};
    stubServer((url, init) => {
      if (url.startsWith('/api/crmdata/Retrieve/new_srv_stations(s1)')) return envelope(STATION);
      if (url === '/api/crmdata/Update/new_srv_stations(s1)') {
        body = JSON.parse(String(init.body));
        return envelope(null, '保存成功');
      }
      return undefined;
    });
    renderApp('/stationAmount/edit?id=s1');
    await waitFor(() => expect((screen.getByTestId('field-new_code') as HTMLInputElement).value).toBe('SH001'));
    expect(screen.getByTestId('field-new_beginamount')).toBeTruthy();
    expect(screen.getByTestId('field-new_limitamount')).toBeTruthy();
    expect(screen.queryByTestId('field-new_phone')).toBeNull();
    expect((screen.getByTestId('field-new_currentamount') as HTMLInputElement).disabled).toBe(true);
    await act(async () => fireEvent.click(screen.getByTestId('form-save')));
    await waitFor(() => expect(body.new_beginamount).toBeDefined());
    expect('new_currentamount' in body).toBe(false);
  });

  it('a station user without an id sees its own station, read-only', async () => {
    signInAs(['station.read', 'quota.read'], { userType: 3, departId: 's1', departName: '上海浦东华辰服务站' });
    stubServer((url) => (url.startsWith('/api/crmdata/Retrieve/new_srv_stations(s1)') ? envelope(STATION) : undefined));
    renderApp('/stationAmount/edit');
    // Read-only records are description panels.
    await waitFor(() => expect(screen.getByTestId('view-new_code').textContent).toBe('SH001'));
    expect(screen.queryByTestId('form-save')).toBeNull();
  });
});

describe('quota adjustment screen', () => {
  it('a draft offers submit for approval to quota adjusters', async () => {
    signInAs(['quota.read', 'quota.adjust']);
    stubServer((url) => (url.startsWith('/api/crmdata/Retrieve/new_srv_amountadjustments(a1)') ? envelope(ADJUSTMENT(1)) : undefined));
    renderApp('/amountAdjust/edit/a1');
    expect(await screen.findByTestId('amountadjust-submit')).toBeTruthy();
    expect(screen.getByTestId('form-save')).toBeTruthy();
  });

  it('an approved one is read-only, without submit', async () => {
    signInAs(['quota.read', 'quota.adjust']);
    stubServer((url) => (url.startsWith('/api/crmdata/Retrieve/new_srv_amountadjustments(a1)') ? envelope(ADJUSTMENT(3)) : undefined));
    renderApp('/amountAdjust/edit/a1');
    expect(await screen.findByTestId('amountadjust-progress')).toBeTruthy();
    expect(screen.queryByTestId('amountadjust-submit')).toBeNull();
    expect(screen.queryByTestId('form-save')).toBeNull();
  });
});
