import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findRoute } from '../../app/match-route.ts';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, stubServer } from '../../test/render-app.tsx';
import { incompleteStep, moveStep, newStep } from './FlowFormPage.tsx';
import { claimFineDefaults } from '../claimfine/ClaimFineFormPage.tsx';

function signIn(privilege: string[], userId = 'u-me') {
  const s = useSession.getState();
  s.setTokens({ accessToken: 'acc', refreshToken: 'ref' });
  s.setUser({ userId, userName: 'me', nickName: '我', loginType: 'password', privilege: ['portal.login', ...privilege] });
}

const CLAIM = (status: number, submitter = 'u-me') => ({
  new_srv_claimfineid: 'c1',
  new_name: 'JC-0001',
  new_station_id: 'st-1',
  'new_station_id@OData.Community.Display.V1.FormattedValue': '上海浦东华辰服务站',
  new_finetype: 2,
  new_amount: 500,
  new_year: 2026,
  new_checkmonth: 11,
  new_checkitem: '工单超时',
  new_approvalstatus: status,
  new_submitter_id: status === 1 ? null : submitter,
  'new_submitter_id@OData.Community.Display.V1.FormattedValue': '陈志强',
  new_stepname: '区域经理',
  new_submittime: '2026-11-20T01:00:00Z',
});

function server(status: number, submitter?: string, extra?: (url: string, init: RequestInit) => Response | undefined) {
  const posts: { url: string; body: unknown }[] = [];
  const f = stubServer((url, init) => {
    const own = extra?.(url, init);
    if (own) return own;
    if (init.method === 'POST' && url.startsWith('/api/CrmFlow/')) {
      posts.push({ url, body: JSON.parse(String(init.body)) });
      return envelope(true);
    }
    if (url.startsWith('/api/crmdata/Retrieve/new_srv_claimfines(c1)')) return envelope(CLAIM(status, submitter));
    if (url.startsWith('/api/CrmFlow/MyApprovalCount')) return envelope(3);
    if (url.startsWith('/api/CrmFlow/MyApprovalList'))
      return envelope({
        items: [
          {
            EntityName: 'new_srv_claimfine',
            EntityLabel: '奖惩单',
            EntityId: 'c1',
            DocumentName: 'JC-0001',
            StepName: '区域经理',
            SubmitterName: '陈志强',
            SubmitTime: '2026-11-20T01:00:00Z',
          },
        ],
        TotalRecordCount: 1,
      });
    if (url.startsWith('/api/attachment')) return envelope([]);
    if (url.startsWith('/api/crmpicklist/')) return envelope([]);
    if (url.startsWith('/api/notice/')) return envelope(0);
    return undefined;
  });
  return { f, posts };
}

const okConfirm = async () => {
  const ok = await waitFor(() => {
    const b = document.querySelector('.ant-modal-confirm .ant-btn-primary');
    if (!b) throw new Error('no confirm');
    return b as HTMLElement;
  });
  await act(async () => fireEvent.click(ok));
};

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

describe('routes', () => {
  it.each([
    ['/claimFine/list', 'claimFineList', ['expense.read']],
    ['/claimFine/detail/abc', 'claimFineDetail', ['expense.read']],
    ['/claimFine/create', 'claimFineCreate', ['expense.write']],
    ['/myapproval/list', 'myapprovalList', ['approval.act']],
    ['/myapproval/edit', 'myapprovalEdit', ['approval.act']],
    ['/flow/list', 'flowList', ['flow.manage']],
    ['/flow/createDetail', 'flowCreate', ['flow.manage']],
    ['/flow/edit/abc', 'flowEdit', ['flow.manage']],
    ['/flow/role', 'flowRole', ['flow.manage']],
    ['/flow/createRoleDetail', 'flowRoleCreate', ['flow.manage']],
    ['/flow/roleedit/abc', 'flowRoleEdit', ['flow.manage']],
  ])('%s → %s needs %j', (path, name, permissions) => {
    const r = findRoute(path);
    expect(r?.name).toBe(name);
    expect(r?.permissions).toEqual(permissions);
  });
});

describe('claimFine detail buttons by status', () => {
  it('status 1, writer: submit and progress, editable; no revoke', async () => {
    signIn(['expense.read', 'expense.write']);
    server(1);
    renderApp('/claimFine/detail/c1');
    expect((await screen.findByTestId('claimfine-status')).getAttribute('data-status')).toBe('1');
    expect(screen.getByTestId('claimfine-submit')).toBeTruthy();
    expect(screen.getByTestId('claimfine-progress')).toBeTruthy();
    expect(screen.queryByTestId('claimfine-revoke')).toBeNull();
    expect(screen.getByTestId('form-save')).toBeTruthy();
  });

  it('status 1, reader only: no submit, read-only', async () => {
    signIn(['expense.read']);
    server(1);
    renderApp('/claimFine/detail/c1');
    await screen.findByTestId('claimfine-status');
    expect(screen.queryByTestId('claimfine-submit')).toBeNull();
    expect(screen.queryByTestId('form-save')).toBeNull();
  });

  it('status 2, the submitter: revoke after confirmation; read-only, no submit', async () => {
    signIn(['expense.read', 'expense.write']);
    const { posts } = server(2, 'u-me');
    renderApp('/claimFine/detail/c1');
    expect((await screen.findByTestId('claimfine-status')).getAttribute('data-status')).toBe('2');
    expect(screen.queryByTestId('claimfine-submit')).toBeNull();
    expect(screen.queryByTestId('form-save')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('claimfine-revoke')));
    expect(posts).toHaveLength(0);
    await okConfirm();
    await waitFor(() =>
      expect(posts).toEqual([{ url: '/api/CrmFlow/revoke', body: { EntityId: 'c1', EntityTypeName: 'new_srv_claimfine' } }]),
    );
    expect(await screen.findByText('已撤回')).toBeTruthy();
  });

  it('status 2, someone else submitted: no revoke', async () => {
    signIn(['expense.read', 'expense.write']);
    server(2, 'u-other');
    renderApp('/claimFine/detail/c1');
    await screen.findByTestId('claimfine-status');
    expect(screen.queryByTestId('claimfine-revoke')).toBeNull();
    expect(screen.getByTestId('claimfine-progress')).toBeTruthy();
  });

  it('status 4 (rejected): submit again', async () => {
    signIn(['expense.read', 'expense.write']);
    server(4);
    renderApp('/claimFine/detail/c1');
    expect((await screen.findByTestId('claimfine-status')).getAttribute('data-status')).toBe('4');
    expect(screen.getByTestId('claimfine-submit')).toBeTruthy();
  });
});

describe('my approvals', () => {
  it('lists the waiting documents with the header count; a row opens the edit screen', async () => {
    signIn(['approval.act']);
    server(2, 'u-other');
    const { router } = renderApp('/myapproval/list');
    const rows = await screen.findAllByTestId('myapproval-row');
    expect(rows.map((r) => r.getAttribute('data-id'))).toEqual(['c1']);
    await waitFor(() => expect(screen.getByTestId('myapproval-count').getAttribute('data-count')).toBe('3'));
    await act(async () => fireEvent.click(rows[0]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/myapproval/edit'));
    expect(router.state.location.search).toBe('?entityName=new_srv_claimfine&id=c1');
  });

  it('approve sends the memo and goes back to the list', async () => {
    signIn(['approval.act']);
    const { posts } = server(2, 'u-other');
    const { router } = renderApp('/myapproval/edit?entityName=new_srv_claimfine&id=c1');
    expect((await screen.findByTestId('myapproval-summary')).textContent).toContain('JC-0001');
    expect(screen.getByTestId('myapproval-summary').textContent).toContain('上海浦东华辰服务站');
    // A memo over 500 is kept whole (never cut), refused, and not sent.
    const memo = screen.getByTestId('myapproval-memo') as HTMLTextAreaElement;
    fireEvent.change(memo, { target: { value: '意'.repeat(501) } });
    expect(memo.value).toHaveLength(501);
    expect(screen.getByTestId('myapproval-memo-error').textContent).toBe('审批意见不能超过 500 个字');
    await act(async () => fireEvent.click(screen.getByTestId('myapproval-approve')));
    expect(posts).toEqual([]);
    fireEvent.change(memo, { target: { value: '同意' } });
    await act(async () => fireEvent.click(screen.getByTestId('myapproval-approve')));
    await waitFor(() =>
      expect(posts).toEqual([
        { url: '/api/CrmFlow/approve', body: { EntityId: 'c1', EntityTypeName: 'new_srv_claimfine', Action: 'approve', Memo: '同意' } },
      ]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/myapproval/list'));
    // The toast says what happened (issue 12), not 操作成功.
    expect(await screen.findByText('已同意')).toBeTruthy();
    expect(screen.queryByText('操作成功')).toBeNull();
  });

  it('shows what is approved: the amount as a punishment, the check item; 查看单据 returns to the approval', async () => {
    signIn(['approval.act', 'expense.read']);
    server(2, 'u-other');
    const { router } = renderApp('/myapproval/edit?entityName=new_srv_claimfine&id=c1');
    const summary = await screen.findByTestId('myapproval-summary');
    expect(summary.textContent).toContain('处罚金额');
    expect(screen.getByTestId('myapproval-amount').textContent).toBe('¥500.00');
    expect(screen.getByTestId('myapproval-content').textContent).toContain('工单超时');
    await act(async () => fireEvent.click(screen.getByTestId('myapproval-open-document')));
    await waitFor(() => expect(router.state.location.pathname).toBe('/claimFine/detail/c1'));
    await screen.findByTestId('claimfine-status');
    // The approval screen stays open in its page tab: the document's own 返回 is the other one.
    const back = screen.getAllByTestId('form-back').find((b) => !b.closest('[data-testid="myapproval-edit"]'))!;
    await act(async () => fireEvent.click(back));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/myapproval/edit?entityName=new_srv_claimfine&id=c1',
      ),
    );
  });

  it('reject asks for the reason (required, the memo typed so far to start) and sends it', async () => {
    signIn(['approval.act']);
    const { posts } = server(2, 'u-other');
    renderApp('/myapproval/edit?entityName=new_srv_claimfine&id=c1');
    await screen.findByTestId('myapproval-summary');
    await act(async () => fireEvent.click(screen.getByTestId('myapproval-reject')));
    const dialog = await screen.findByTestId('myapproval-decision');
    expect(dialog.textContent).toContain('确定驳回 JC-0001？');
    await act(async () => fireEvent.click(screen.getByTestId('myapproval-decision-ok')));
    expect(await screen.findByText('请填写驳回原因')).toBeTruthy();
    expect(posts).toEqual([]);
    fireEvent.change(screen.getByTestId('myapproval-reason'), { target: { value: '请补充现场照片' } });
    await act(async () => fireEvent.click(screen.getByTestId('myapproval-decision-ok')));
    await waitFor(() => expect(posts[0]?.body).toMatchObject({ Action: 'reject', Memo: '请补充现场照片' }));
    expect(await screen.findByText('已驳回')).toBeTruthy();
  });

  it('veto asks for the reason and confirms, then says 已否决', async () => {
    signIn(['approval.act']);
    const { posts } = server(2, 'u-other');
    renderApp('/myapproval/edit?entityName=new_srv_claimfine&id=c1');
    await screen.findByTestId('myapproval-summary');
    fireEvent.change(screen.getByTestId('myapproval-memo'), { target: { value: '不予处罚' } });
    await act(async () => fireEvent.click(screen.getByTestId('myapproval-veto')));
    expect((await screen.findByTestId('myapproval-decision')).textContent).toContain('确定否决 JC-0001？');
    expect((screen.getByTestId('myapproval-reason') as HTMLTextAreaElement).value).toBe('不予处罚');
    await act(async () => fireEvent.click(screen.getByTestId('myapproval-decision-ok')));
    await waitFor(() => expect(posts[0]?.body).toMatchObject({ Action: 'veto', Memo: '不予处罚' }));
    expect(await screen.findByText('已否决')).toBeTruthy();
  });

  it('a workflow error on veto stays on the screen', async () => {
    signIn(['approval.act']);
    const { router } = renderApp_veto();
    await screen.findByTestId('myapproval-summary');
    await act(async () => fireEvent.click(screen.getByTestId('myapproval-veto')));
    fireEvent.change(await screen.findByTestId('myapproval-reason'), { target: { value: '不予处罚' } });
    await act(async () => fireEvent.click(screen.getByTestId('myapproval-decision-ok')));
    await waitFor(() => expect(screen.getAllByText('您不是当前步骤的审批人').length).toBeGreaterThan(0));
    expect(router.state.location.pathname).toBe('/myapproval/edit');
  });
});

function renderApp_veto() {
  server(2, 'u-other', (url, init) =>
    init.method === 'POST' && url === '/api/CrmFlow/approve'
      ? envelope(null, 'WorkflowException: 您不是当前步骤的审批人', 500, 'Error')
      : undefined,
  );
  return renderApp('/myapproval/edit?entityName=new_srv_claimfine&id=c1');
}

describe('claimFine create', () => {
  it('考核年度 starts at the current year at UTC+8 (already the new year in China)', async () => {
    // 2026-12-31 20:00 UTC: a browser in UTC still has 2026, China has 2027.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 11, 31, 20, 0, 0));
    try {
      expect(claimFineDefaults()).toEqual({ new_year: 2027 });
      signIn(['expense.read', 'expense.write']);
      server(1);
      renderApp('/claimFine/create');
      const year = (await screen.findByTestId('field-new_year', {}, { timeout: 15_000 })) as HTMLInputElement;
      await waitFor(() => expect(year.value).toBe('2027'));
      // Only the year: the month stays the user's to choose.
      expect((screen.getByTestId('field-new_checkmonth') as HTMLInputElement).value).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('flow steps editor helpers', () => {
  it('reorders and finds incomplete steps', () => {
    const a = { ...newStep(), name: 'A', users: [{ id: 'u1', name: 'x' }] };
    const b = { ...newStep(), name: 'B', approverType: 2 as const, role: null };
    expect(moveStep([a, b], 1, -1).map((s) => s.name)).toEqual(['B', 'A']);
    expect(moveStep([a, b], 0, -1).map((s) => s.name)).toEqual(['A', 'B']);
    expect(incompleteStep([a, b])).toBe(2);
    expect(incompleteStep([a, { ...b, role: { id: 'r1', name: 'R' } }])).toBe(0);
  });
});

describe('flow list', () => {
  it("names each flow's document in the user's language, not by its logical name", async () => {
    signIn(['flow.manage']);
    stubServer((url) => {
      if (url.startsWith('/api/crmdata/Retrieve/new_flows')) {
        return envelope({
          value: [{ new_flowid: 'f1', new_name: '奖惩单审批', new_entityname: 'new_srv_claimfine', new_isactive: true, new_order: 1 }],
          '@odata.count': 1,
        });
      }
      return undefined;
    });
    renderApp('/flow/list');
    const cell = await screen.findByTitle('new_srv_claimfine', {}, { timeout: 40_000 });
    expect(cell.textContent).toBe('奖惩单');
  }, 60_000);
});
