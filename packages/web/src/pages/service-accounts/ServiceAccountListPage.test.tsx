import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findRoute } from '../../app/match-route.ts';
import { visibleMenu } from '../../app/menu.ts';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, signInAs, stubServer } from '../../test/render-app.tsx';

// The first screen of a file loads the shell and antd (slow on a shared 2-core machine).
vi.setConfig({ testTimeout: 120_000 });
const LONG = { timeout: 30_000 };

const ROW = {
  new_serviceaccountid: 'sa1',
  new_name: '金蝶K3 ERP 接口',
  new_clientid: 'svc-0123456789abcdef01234567',
  new_unitnames: '华辰智能装备股份有限公司',
  new_rolenames: '总部服务管理',
  new_state: 1,
  new_ratelimit: 600,
};
const OPTIONS = { roles: [{ id: 'r2', name: '总部服务管理', code: 'R02-HQ' }], units: [{ id: 'u1', name: '华东分公司', type: 2 }] };
const SECRET = 'Zk3vJx0m9yQ2c8nT5r1bW7aE4dL6hG0pS3uF9iK2oN8';

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

async function choose(testId: string, label: string) {
  const root = screen.getByTestId(testId).closest('.ant-select') as HTMLElement;
  await act(async () => fireEvent.mouseDown(root.querySelector('.ant-select-selector, input') as Element));
  const option = await waitFor(() => {
    const o = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find(
      (el) => el.getAttribute('title') === label || el.textContent === label,
    );
    if (!o) throw new Error(`no option ${label}`);
    return o as HTMLElement;
  });
  await act(async () => fireEvent.click(option));
}

describe('service accounts (/systemparameter/serviceaccount)', () => {
  it('is a system administrator’s screen under 系统', () => {
    expect(findRoute('/systemparameter/serviceaccount')?.permissions).toEqual(['system.admin']);
    const system = visibleMenu(['system.admin']).find((g) => g.key === 'system');
    expect(system?.items.find((i) => i.key === 'serviceAccount')).toMatchObject({ path: '/systemparameter/serviceaccount', enabled: true });
    expect(
      visibleMenu(['parameter.manage'])
        .flatMap((g) => g.items)
        .some((i) => i.key === 'serviceAccount'),
    ).toBe(false);
  });

  it('新建 sends name, roles, units and limit; the secret is shown once, then gone', async () => {
    signInAs(['system.admin']);
    const sent: unknown[] = [];
    stubServer((url, init) => {
      if (url.startsWith('/api/crmdata/Retrieve/new_serviceaccounts')) return envelope({ value: [ROW], '@odata.count': 1 });
      if (url.startsWith('/api/service-accounts/options')) return envelope(OPTIONS);
      if (url === '/api/service-accounts' && init.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return envelope({ id: 'sa2', clientId: 'svc-new', clientSecret: SECRET, message: '服务账号已创建，请立即保存密钥' });
      }
      return undefined;
    });
    renderApp('/systemparameter/serviceaccount');
    const rows = await screen.findAllByTestId('list-row', {}, LONG);
    expect(within(rows[0]).getByText('金蝶K3 ERP 接口')).toBeTruthy();
    fireEvent.click(screen.getByTestId('sa-new'));
    fireEvent.change(await screen.findByTestId('sa-name', {}, LONG), { target: { value: '华东大区 Power BI 报表' } });
    await choose('sa-roles', '总部服务管理');
    await choose('sa-units', '华东分公司');
    fireEvent.click(screen.getByTestId('sa-save'));
    expect((await screen.findByTestId('sa-client-secret', {}, LONG)).textContent).toContain(SECRET);
    expect(sent).toEqual([{ name: '华东大区 Power BI 报表', roles: ['r2'], units: ['u1'], rateLimit: 600 }]);
    fireEvent.click(screen.getByTestId('sa-secret-done'));
    await waitFor(() => expect(screen.queryByTestId('sa-client-secret')).toBeNull(), LONG);
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('修改 starts from the account as it is and saves it; no secret is shown', async () => {
    signInAs(['system.admin']);
    const sent: unknown[] = [];
    stubServer((url, init) => {
      if (url.startsWith('/api/crmdata/Retrieve/new_serviceaccounts')) return envelope({ value: [ROW], '@odata.count': 1 });
      if (url.startsWith('/api/service-accounts/options')) return envelope(OPTIONS);
      if (url === '/api/service-accounts/sa1' && init.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return envelope({ id: 'sa1', clientId: ROW.new_clientid, message: '服务账号已保存' });
      }
      if (url.startsWith('/api/service-accounts/sa1'))
        return envelope({ id: 'sa1', name: ROW.new_name, roles: ['r2'], units: ['u1'], rateLimit: 600 });
      return undefined;
    });
    renderApp('/systemparameter/serviceaccount');
    const rows = await screen.findAllByTestId('list-row', {}, LONG);
    fireEvent.click(within(rows[0]).getByTestId('sa-edit'));
    const rate = (await screen.findByTestId('sa-rate', {}, LONG)) as HTMLInputElement;
    expect((screen.getByTestId('sa-name') as HTMLInputElement).value).toBe('金蝶K3 ERP 接口');
    fireEvent.change(rate, { target: { value: '1200' } });
    fireEvent.click(screen.getByTestId('sa-save'));
    await waitFor(() => expect(sent).toEqual([{ name: '金蝶K3 ERP 接口', roles: ['r2'], units: ['u1'], rateLimit: 1200 }]), LONG);
    await waitFor(() => expect(screen.queryByTestId('sa-form')).toBeNull(), LONG);
    expect(screen.queryByTestId('sa-client-secret')).toBeNull();
  });
});
