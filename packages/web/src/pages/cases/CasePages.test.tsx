import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, signInAs, stubServer } from '../../test/render-app.tsx';

const CASE = (state: number) => ({
  new_srv_caseid: 'c1',
  new_name: 'KS202611-0001',
  new_casetype: 1,
  new_priority: 3,
  new_casestate: state,
  new_station_id: 's1',
  'new_station_id@OData.Community.Display.V1.FormattedValue': '上海浦东华辰服务站',
  new_customer: '上海新沪精密机械有限公司',
  new_phone: '021-58321166',
  new_subject: '维修后仍有异响',
  new_description: '更换轴承后仍有异响',
});

/** The first screen of a file loads its lazy chunks: more than the default second under a busy machine. */
const LOAD = { timeout: 10_000 };

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

const calls: { url: string; body: unknown }[] = [];
const openCase = (state: number, privileges = ['workorder.read', 'workorder.write'], refuse?: string) => {
  calls.length = 0;
  signInAs(privileges);
  stubServer((url, init) => {
    if (url.startsWith('/api/crmdata/Retrieve/new_srv_cases(c1)')) return envelope(CASE(state));
    if (url.startsWith('/api/cases/c1/')) {
      calls.push({ url, body: JSON.parse(String(init.body ?? '{}')) });
      return refuse ? envelope(null, refuse, 400, 'Bad Request') : envelope({ id: 'c1', message: '案件已解决' });
    }
    return undefined;
  });
  renderApp('/case/CaseViewDetail/c1');
};

describe('customer case detail', () => {
  it('an open case offers respond, resolve and link, not close; it is editable', async () => {
    openCase(1);
    expect(await screen.findByTestId('case-respond', undefined, LOAD)).toBeTruthy();
    expect(screen.getByTestId('case-resolve')).toBeTruthy();
    expect(screen.getByTestId('case-link')).toBeTruthy();
    expect(screen.queryByTestId('case-close')).toBeNull();
    expect(screen.getByTestId('case-state').textContent).toContain('待处理');
    expect(screen.getByTestId('form-save')).toBeTruthy();
    expect(screen.getByTestId('case-tab-orders').textContent).toContain('关联工单');
  });

  it('a resolved case is read-only and offers only close and link', async () => {
    openCase(3);
    expect(await screen.findByTestId('case-close', undefined, LOAD)).toBeTruthy();
    expect(screen.getByTestId('case-link')).toBeTruthy();
    expect(screen.queryByTestId('case-respond')).toBeNull();
    expect(screen.queryByTestId('case-resolve')).toBeNull();
    expect(screen.queryByTestId('form-save')).toBeNull();
    expect(screen.getByTestId('case-readonly')).toBeTruthy();
  });

  it('a closed case offers nothing; a reader without write sees no command', async () => {
    openCase(4);
    expect(await screen.findByTestId('case-readonly', undefined, LOAD)).toBeTruthy();
    for (const b of ['case-respond', 'case-resolve', 'case-close', 'case-link']) expect(screen.queryByTestId(b)).toBeNull();
  });

  it('a reader without write sees no command', async () => {
    openCase(1, ['workorder.read']);
    expect(await screen.findByTestId('case-state', undefined, LOAD)).toBeTruthy();
    for (const b of ['case-respond', 'case-resolve', 'case-close', 'case-link']) expect(screen.queryByTestId(b)).toBeNull();
  });

  it('resolve asks for the resolution before sending, then sends it; a refusal shows in the dialog', async () => {
    openCase(2, undefined, '只有待处理或处理中的案件可以解决');
    await screen.findByTestId('case-state', undefined, LOAD);
    await act(async () => fireEvent.click(screen.getByTestId('case-resolve')));
    await act(async () => fireEvent.click(await screen.findByTestId('case-dialog-ok')));
    expect(await screen.findByText('解决说明不能为空')).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.change(screen.getByTestId('case-note'), { target: { value: '重新校正联轴器后异响消除' } });
    await act(async () => fireEvent.click(screen.getByTestId('case-dialog-ok')));
    await waitFor(() => expect(calls).toEqual([{ url: '/api/cases/c1/resolve', body: { resolution: '重新校正联轴器后异响消除' } }]));
    expect((await screen.findByTestId('case-dialog-error')).textContent).toContain('只有待处理或处理中的案件可以解决');
  });
});

const EXC = (approval: number, publish: number) => ({
  new_srv_excellentcaseid: 'x1',
  new_name: '空压机频繁高温停机的快速排查',
  new_code: 'YXAL202611-0001',
  new_station_id: 's1',
  'new_station_id@OData.Community.Display.V1.FormattedValue': '上海浦东华辰服务站',
  new_symptom: '排气高温停机',
  new_cause: '油冷却器堵塞',
  new_solution: '清洗油冷却器',
  new_approvalstatus: approval,
  new_publishstatus: publish,
});

describe('excellent case', () => {
  const openExc = (approval: number, publish: number) => {
    signInAs(['kb.read', 'workorder.read', 'workorder.write']);
    stubServer((url) =>
      url.startsWith('/api/crmdata/Retrieve/new_srv_excellentcases(x1)') ? envelope(EXC(approval, publish)) : undefined,
    );
    renderApp('/excellentcase/caseview/x1');
  };
  it('a draft is editable and offers submit; not marked published', async () => {
    openExc(1, 1);
    expect(await screen.findByTestId('excase-submit', undefined, LOAD)).toBeTruthy();
    expect(screen.getByTestId('form-save')).toBeTruthy();
    expect(screen.queryByTestId('excase-published')).toBeNull();
  });
  it('a published case reads as published, read-only, without submit', async () => {
    openExc(3, 2);
    expect((await screen.findByTestId('excase-published', undefined, LOAD)).textContent).toContain('本案例已发布');
    expect(screen.queryByTestId('excase-submit')).toBeNull();
    expect(screen.queryByTestId('form-save')).toBeNull();
  });
});
