import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, signInAs, stubServer } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

const CURRENT = { fullname: '陈志强', mobilephone: '13800138001', internalemailaddress: null, title: '站长' };
const APPLY = (status: number) => ({
  new_srv_accountapplyid: 'aa1',
  new_name: 'ZH202611-0002',
  new_user_id: 'u1',
  'new_user_id@OData.Community.Display.V1.FormattedValue': '陈志强',
  new_reason: '更换手机号码',
  new_approvalstatus: status,
  new_submitter_id: status === 2 ? 'u1' : null,
  new_oldfullname: '陈志强',
  new_newfullname: '陈志强',
  new_oldmobilephone: '13800138001',
  new_newmobilephone: '13800138071',
  new_oldemail: null,
  new_newemail: null,
  new_oldtitle: '站长',
  new_newtitle: '站长',
});

const open = (mine: Record<string, unknown>[] = [], status = 1) => {
  signInAs([], { userId: 'u1', nickName: '陈志强' });
  return stubServer((url) => {
    if (url.startsWith('/api/accountapply/current')) return envelope(CURRENT);
    if (url.startsWith('/api/crmdata/Retrieve/new_srv_accountapplys(aa1)')) return envelope(APPLY(status));
    if (url.startsWith('/api/crmdata/Retrieve/new_srv_accountapplys')) return envelope({ value: mine });
    if (url.startsWith('/api/crmdata/create/new_srv_accountapplys')) return envelope({ id: 'aa1' });
    return undefined;
  });
};
const calls = (fetchMock: ReturnType<typeof stubServer>, part: string) => fetchMock.mock.calls.filter(([u]) => String(u).includes(part));

describe('account change application (/edit/apply)', () => {
  it("a new application starts from the user's own values; a changed one is counted and saved as the user's", async () => {
    const fetchMock = open();
    const { router } = renderApp('/edit/apply');
    expect((await screen.findByTestId('change-current-mobilephone', {}, { timeout: 15_000 })).textContent).toBe('13800138001');
    expect(screen.getByTestId('account-change-station').textContent).toContain('陈志强');
    expect(((await screen.findByTestId('field-new_newmobilephone')) as HTMLInputElement).value).toBe('13800138001');
    expect(screen.getByTestId('account-change-count').textContent).toBe('共 0 项变更');
    expect(screen.queryByTestId('accountapply-submit')).toBeNull();

    await act(async () => fireEvent.change(screen.getByTestId('field-new_newmobilephone'), { target: { value: '13800138071' } }));
    await waitFor(() => expect(screen.getByTestId('change-row-mobilephone').getAttribute('data-changed')).toBe('true'));
    expect(screen.getByTestId('account-change-count').textContent).toBe('共 1 项变更');
    await act(async () => fireEvent.change(screen.getByTestId('field-new_reason'), { target: { value: '更换手机号码' } }));
    await act(async () => fireEvent.click(screen.getByTestId('form-save')));
    await waitFor(() => expect(calls(fetchMock, '/api/crmdata/create/new_srv_accountapplys')).toHaveLength(1));
    const body = JSON.parse(String(calls(fetchMock, '/api/crmdata/create/')[0][1]?.body));
    expect(body).toMatchObject({ new_newmobilephone: '13800138071', new_reason: '更换手机号码' });
    expect(body.new_user_id).toBeUndefined();
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/edit/apply?id=aa1'));
  });

  it('signing out with the page open asks nothing more of the server', async () => {
    const fetchMock = open();
    renderApp('/edit/apply');
    await waitFor(() => expect(calls(fetchMock, '/api/crmdata/Retrieve/new_srv_accountapplys')).toHaveLength(1));
    await act(async () => useSession.getState().clearAll());
    await new Promise((r) => setTimeout(r, 200));
    const filters = calls(fetchMock, '/api/crmdata/Retrieve/new_srv_accountapplys').map(([u]) =>
      new URL(String(u), 'http://x').searchParams.get('$filter'),
    );
    expect(filters).toEqual(['new_user_id eq u1']);
  });

  it("opens the user's open application; with nothing changed 提交审批 is refused and nothing is sent", async () => {
    const fetchMock = open([
      { new_srv_accountapplyid: 'aa1', new_name: 'ZH202611-0002', new_approvalstatus: 1, new_reason: '更换手机号码' },
    ]);
    const { router } = renderApp('/edit/apply');
    await waitFor(() => expect(router.state.location.search).toBe('?id=aa1'), { timeout: 15_000 });
    // The application's own screen (the new one it replaced is gone).
    await screen.findByTestId('accountapply-submit', {}, { timeout: 15_000 });
    expect(screen.getByTestId('change-current-mobilephone').textContent).toBe('13800138001');
    const mobile = screen.getByTestId('field-new_newmobilephone') as HTMLInputElement;
    expect(mobile.value).toBe('13800138071');
    await act(async () => fireEvent.change(mobile, { target: { value: '13800138001' } }));
    await act(async () => fireEvent.click(screen.getByTestId('accountapply-submit')));
    expect(await screen.findByText('没有变更任何内容，不能提交')).toBeTruthy();
    expect(calls(fetchMock, '/api/crmdata/Update/')).toHaveLength(0);
    expect(calls(fetchMock, '/api/CrmFlow/GetFlowList')).toHaveLength(0);
    expect(screen.getByTestId('account-apply-history').textContent).toContain('ZH202611-0002');
  });

  it('under review: read-only, the new value beside the current one', async () => {
    open([], 2);
    renderApp('/edit/apply?id=aa1');
    expect((await screen.findByTestId('change-new-mobilephone', {}, { timeout: 15_000 })).textContent).toBe('13800138071');
    expect(screen.getByTestId('change-row-mobilephone').getAttribute('data-changed')).toBe('true');
    expect(screen.getByTestId('accountapply-progress')).toBeTruthy();
    expect(screen.queryByTestId('accountapply-submit')).toBeNull();
    expect(screen.queryByTestId('form-save')).toBeNull();
  });
});
