import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearRegionCache } from '../../api/address.ts';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, signInAs, stubServer } from '../../test/render-app.tsx';

const STATION = {
  new_srv_stationid: 's1',
  new_name: '上海浦东华辰服务站',
  new_code: 'ST-SH001',
  new_province: '上海市',
  new_city: '上海市',
  new_county: '浦东新区',
  new_address: '张江路 88 号',
};

function server() {
  return stubServer((url) => {
    if (url === '/api/address/provinces')
      return envelope([
        { id: '31', name: '上海市' },
        { id: '33', name: '浙江省' },
      ]);
    if (url === '/api/address/cities?province=31') return envelope([{ id: '3101', name: '上海市' }]);
    if (url === '/api/address/cities?province=33') return envelope([{ id: '3301', name: '杭州市' }]);
    if (url === '/api/address/counties?city=3101') return envelope([{ id: '310115', name: '浦东新区' }]);
    if (url.startsWith('/api/crmdata/Retrieve/new_srv_stations(s1)')) return envelope(STATION);
    if (url.startsWith('/api/attachment?')) return envelope([]);
    return undefined;
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearRegionCache();
  useSession.getState().clearAll();
});

describe('station form (issue 12: the address picker, not free text)', () => {
  it('a station record shows province, city and county as the address picker with its saved names', async () => {
    signInAs(['station.read', 'station.write']);
    server();
    renderApp('/basicData/stationrecord/view/s1');
    await screen.findByTestId('entity-form', undefined, { timeout: 15_000 });
    expect(await screen.findByTestId('field-new_province-province')).toBeTruthy();
    expect(screen.getByTestId('field-new_province-city')).toBeTruthy();
    expect(screen.getByTestId('field-new_province-county')).toBeTruthy();
    // No free-text inputs for the parts the picker holds.
    expect(screen.queryByTestId('field-new_city')).toBeNull();
    expect(screen.queryByTestId('field-new_county')).toBeNull();
    expect(screen.queryByTestId('field-new_address')).toBeNull();
    await waitFor(() => expect((screen.getByTestId('field-new_province-detail') as HTMLInputElement).value).toBe('张江路 88 号'));
    await waitFor(() => expect(screen.getByTestId('field-new_province').textContent).toContain('浦东新区'));
  }, 30_000);

  it("a station user's own profile uses the picker too", async () => {
    signInAs(['station.read', 'station.write'], { userType: 3, departId: 's1' });
    server();
    renderApp('/basicData/edit');
    await screen.findByTestId('entity-form', undefined, { timeout: 15_000 });
    expect(await screen.findByTestId('field-new_province-province')).toBeTruthy();
    expect(screen.queryByTestId('field-new_city')).toBeNull();
    await act(async () => undefined);
    fireEvent.change(screen.getByTestId('field-new_province-detail'), { target: { value: '张江路 99 号' } });
    expect((screen.getByTestId('field-new_province-detail') as HTMLInputElement).value).toBe('张江路 99 号');
  }, 30_000);

  it("keeps head office's quota fields locked for a maintainer without quota.adjust, and does not send them (the model's field grants)", async () => {
    signInAs(['station.read', 'station.write']);
    let body: Record<string, unknown> = {};
    stubServer((url, init) => {
      if (url.startsWith('/api/crmdata/Retrieve/new_srv_stations(s1)'))
        return envelope({ ...STATION, new_limitamount: true, new_beginamount: 200000 });
      if (url === '/api/crmdata/Update/new_srv_stations(s1)') {
        body = JSON.parse(String(init.body));
        return envelope({ id: 's1' }, '保存成功');
      }
      if (url.startsWith('/api/address/') || url.startsWith('/api/attachment?')) return envelope([]);
      return undefined;
    });
    renderApp('/basicData/stationrecord/view/s1');
    await waitFor(() => expect((screen.getByTestId('field-new_code') as HTMLInputElement).value).toBe('ST-SH001'), { timeout: 15_000 });
    expect((screen.getByTestId('field-new_name') as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByTestId('field-new_beginamount') as HTMLInputElement).disabled).toBe(true);
    expect(
      screen.getByTestId('field-new_limitamount').hasAttribute('disabled') ||
        screen.getByTestId('field-new_limitamount').classList.contains('ant-switch-disabled'),
    ).toBe(true);
    await act(async () => fireEvent.click(screen.getByTestId('form-save')));
    await waitFor(() => expect(body.new_name).toBe('上海浦东华辰服务站'));
    expect('new_beginamount' in body || 'new_limitamount' in body).toBe(false);
  }, 30_000);
});
