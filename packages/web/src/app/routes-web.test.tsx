import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session/store.ts';
import { envelope, jsonReply, renderApp, stubServer } from '../test/render-app.tsx';
import { findRoute } from './match-route.ts';
import { visibleMenu } from './menu.ts';
import { DEFAULT_ADDRESS_URLS, DEFAULT_CONFIG, loadPortalConfig, usePortalConfig } from './portal-config.ts';
import { routeLoader } from './page-registry.ts';
import { ROUTES } from './routes.ts';

function signIn(privilege: string[], extra: Record<string, unknown> = {}) {
  const s = useSession.getState();
  s.setTokens({ accessToken: 'acc', refreshToken: 'ref' });
  s.setUser({ userId: 'u1', userName: 'x', nickName: '测试', loginType: 'password', privilege: ['portal.login', ...privilege], ...extra });
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
  usePortalConfig.setState(DEFAULT_CONFIG);
});

describe('business routes of this issue', () => {
  it.each([
    ['/basicData/stationrecord', 'stationrecord', ['station.read']],
    ['/basicData/stationrecord/view/abc', 'stationrecordView', ['station.read']],
    ['/basicData/edit', 'stationProfile', ['station.read']],
    ['/worker/list', 'workerList', ['worker.read']],
    ['/worker/create', 'workerCreate', ['worker.write']],
    ['/worker/edit/abc', 'workerEdit', ['worker.read']],
    ['/dmsnotice/list', 'dmsnoticeList', ['notice.read']],
    ['/dmsnotice/view/abc', 'dmsnoticeView', ['notice.read']],
    ['/dmsnotice/msgview/abc', 'dmsnoticeMsgView', ['notice.read']],
    ['/servicenotice/list', 'servicenoticeList', ['notice.read']],
    ['/servicenotice/view/abc', 'servicenoticeView', ['notice.read']],
    ['/dmsnotice/manage', 'noticeManage', ['notice.publish']],
    ['/dmsnotice/manage/edit/abc', 'noticeManageEdit', ['notice.publish']],
    ['/kb/list', 'kbList', ['kb.read']],
    ['/kb/detail/abc', 'kbDetail', ['kb.read']],
    ['/systemparameter/list', 'systemparameterList', ['parameter.manage']],
    ['/shoppingmall/chooseproduct', 'chooseproduct', undefined],
    ['/shoppingmall/chooseproduct/液压系统/abc', 'chooseproduct', undefined],
    ['/shopcart/list', 'shopcart', ['shop.buy']],
    ['/confirm/tok/order', 'confirmOrder', ['shop.buy']],
    ['/order/list', 'orderList', ['sales.read']],
    ['/order/abc/detail', 'orderDetail', ['sales.read']],
  ])('%s → %s needs %j', (path, name, permissions) => {
    const r = findRoute(path);
    expect(r?.name).toBe(name);
    expect(r?.permissions).toEqual(permissions);
    expect(r?.layout).toBe('shell');
  });

  it('the notice list is kept alive; every screen loads on demand', () => {
    expect(findRoute('/dmsnotice/list')?.keepAlive).toBe(true);
    for (const r of ROUTES.filter((x) => !x.redirectTo)) expect(typeof routeLoader(r), r.name).toBe('function');
  });

  it('enables the menu items notice and station profile', () => {
    const items = visibleMenu(['notice.read', 'station.read']).flatMap((g) => g.items);
    expect(items.find((i) => i.key === 'notice')?.enabled).toBe(true);
    expect(items.find((i) => i.key === 'stationProfile')?.enabled).toBe(true);
  });

  it('a user without the privilege gets the 401 page', async () => {
    signIn(['notice.read']);
    stubServer();
    const { router } = renderApp('/worker/list');
    await screen.findByTestId('page-401');
    expect(router.state.location.pathname).toBe('/401');
  });
});

describe('station profile (/basicData/edit)', () => {
  it("a station user gets their own station's form", async () => {
    signIn(['station.read'], { userType: 3, departId: 'st-1', departName: '上海浦东华辰服务站' });
    stubServer((url) => {
      if (url === '/api/portaluser/me')
        return envelope({
          userId: 'u1',
          userName: 'x',
          nickName: '测试',
          fullName: '测试',
          loginType: 'password',
          departId: 'st-1',
          departName: '上海浦东华辰服务站',
          userType: 3,
          privilege: ['portal.login', 'station.read'],
          roles: [],
        });
      if (url.startsWith('/api/crmdata/Retrieve/new_srv_stations(st-1)'))
        return envelope({ new_srv_stationid: 'st-1', new_name: '上海浦东华辰服务站', new_code: 'SH001' });
      if (url.startsWith('/api/attachment?')) return envelope([]);
      return undefined;
    });
    renderApp('/basicData/edit');
    const form = await screen.findByTestId('entity-form');
    expect(form.getAttribute('data-entity')).toBe('new_srv_station');
    expect(form.getAttribute('data-id')).toBe('st-1');
    expect(screen.queryByTestId('form-save')).toBeNull();
  });

  it('head office gets the station list', async () => {
    signIn(['station.read', 'station.write'], { userType: 1, departId: 'hq', departName: '总部' });
    stubServer((url) => {
      if (url === '/api/portaluser/me')
        return envelope({
          userId: 'u1',
          userName: 'x',
          nickName: '测试',
          fullName: '测试',
          loginType: 'password',
          departId: 'hq',
          departName: '总部',
          userType: 1,
          privilege: ['portal.login', 'station.read', 'station.write'],
          roles: [],
        });
      if (url.startsWith('/api/crmdata/Retrieve/new_srv_stations'))
        return envelope({ value: [{ new_srv_stationid: 's1', new_name: '上海浦东华辰服务站', new_code: 'SH001' }], '@odata.count': 1 });
      return undefined;
    });
    renderApp('/basicData/edit');
    const list = await screen.findByTestId('entity-list');
    expect(list.getAttribute('data-entity')).toBe('new_srv_station');
    expect((await screen.findAllByTestId('list-row'))[0].getAttribute('data-id')).toBe('s1');
  });
});

describe('address URLs of the portal config', () => {
  it('falls back to the defaults when the server does not name them', async () => {
    stubServer((url) =>
      url === '/api/portal/config'
        ? jsonReply({ isStore: false, crmAuthorizeUrl: '/crm/authorize', externalHosts: [], defaultLangId: 2052 })
        : undefined,
    );
    expect((await loadPortalConfig()).addressUrls).toEqual(DEFAULT_ADDRESS_URLS);
    expect(DEFAULT_ADDRESS_URLS).toEqual({
      province: '/api/address/provinces',
      city: '/api/address/cities?province={code}',
      county: '/api/address/counties?city={code}',
    });
  });

  it('takes the ones it names', async () => {
    const urls = { province: '/geo/p', city: '/geo/c?p={code}', county: '/geo/d?c={code}' };
    stubServer((url) => (url === '/api/portal/config' ? jsonReply({ isStore: false, addressUrls: urls }) : undefined));
    expect((await loadPortalConfig()).addressUrls).toEqual(urls);
  });
});
