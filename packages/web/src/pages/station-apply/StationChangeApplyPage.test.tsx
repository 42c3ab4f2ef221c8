import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, signInAs, stubServer } from '../../test/render-app.tsx';

const CURRENT = {
  new_name: '上海浦东华辰服务站',
  new_type: 1,
  new_level: 1,
  new_siteowner: '陈志强',
  new_province: '上海市',
  new_city: '上海市',
  new_county: '浦东新区',
  new_address: '张江高科技园区碧波路 690 号',
  new_postalcode: '201203',
  new_phone: '021-58956321',
  new_fax: '021-58956322',
  new_email: 'sh001@huachen-service.cn',
};
const snapshot = (proposed: Record<string, unknown> = {}) => {
  const row: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(CURRENT)) {
    const f = k.slice(4);
    row[`new_old${f}`] = v;
    row[`new_new${f}`] = v;
  }
  return { ...row, ...proposed };
};
const APPLY = (status: number, proposed: Record<string, unknown> = {}) => ({
  new_srv_stationapplyid: 'a1',
  new_name: 'SQ202611-0007',
  new_applytype: 1,
  new_station_id: 'st-1',
  'new_station_id@OData.Community.Display.V1.FormattedValue': '上海浦东华辰服务站',
  new_reason: '办公电话变更',
  new_approvalstatus: status,
  new_submitter_id: null,
  ...snapshot(proposed),
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

const open = (status: number, proposed: Record<string, unknown> = {}) => {
  signInAs(['station.read', 'station.apply'], { departId: 'st-1', departName: '上海浦东华辰服务站', userType: 3 });
  const fetchMock = stubServer((url) => {
    if (url.startsWith('/api/crmdata/Retrieve/new_srv_stationapplys(a1)')) return envelope(APPLY(status, proposed));
    if (url.startsWith('/api/crmdata/Update/new_srv_stationapplys(a1)')) return envelope(null);
    if (url.startsWith('/api/CrmFlow/GetFlowList')) return envelope([{ new_flowid: 'f1', new_name: '服务站申请审批流程' }]);
    if (url.startsWith('/api/CrmFlow/GetFlowStepList')) return envelope([]);
    return undefined;
  });
  renderApp('/basicData/stationchangeapply/edit/a1');
  return fetchMock;
};
const calls = (fetchMock: ReturnType<typeof stubServer>, part: string) => fetchMock.mock.calls.filter(([u]) => String(u).includes(part));

describe('station change application', () => {
  it('shows each current value beside the new one; with no changed value 提交审批 is refused and nothing is saved or submitted', async () => {
    const fetchMock = open(1);
    expect((await screen.findByTestId('change-current-new_phone')).textContent).toBe('021-58956321');
    expect(screen.getByTestId('change-current-new_level').textContent).toBe('一级');
    expect(((await screen.findByTestId('field-new_newphone')) as HTMLInputElement).value).toBe('021-58956321');
    expect(screen.getByTestId('change-row-new_phone').getAttribute('data-changed')).toBe('false');
    expect(screen.getByTestId('station-change-count').textContent).toBe('共 0 项变更');

    await act(async () => fireEvent.click(screen.getByTestId('stationchangeapply-submit')));
    expect(await screen.findByText('没有变更任何内容，不能提交')).toBeTruthy();
    expect(calls(fetchMock, '/api/crmdata/Update/')).toHaveLength(0);
    expect(calls(fetchMock, '/api/CrmFlow/GetFlowList')).toHaveLength(0);
  });

  it('a changed value is highlighted and counted; 提交审批 saves it and opens the flow dialog', async () => {
    const fetchMock = open(1);
    const phone = (await screen.findByTestId('field-new_newphone')) as HTMLInputElement;
    await act(async () => fireEvent.change(phone, { target: { value: '021-58950000' } }));
    await waitFor(() => expect(screen.getByTestId('change-row-new_phone').getAttribute('data-changed')).toBe('true'));
    expect(within(screen.getByTestId('change-row-new_phone')).getByText('已变更')).toBeTruthy();
    expect(screen.getByTestId('change-row-new_fax').getAttribute('data-changed')).toBe('false');
    expect(screen.getByTestId('station-change-count').textContent).toBe('共 1 项变更');
    // A blank proposal keeps the current value: not a change.
    await act(async () => fireEvent.change(screen.getByTestId('field-new_newfax'), { target: { value: '' } }));
    expect(screen.getByTestId('station-change-count').textContent).toBe('共 1 项变更');

    await act(async () => fireEvent.click(screen.getByTestId('stationchangeapply-submit')));
    await waitFor(() => expect(calls(fetchMock, '/api/crmdata/Update/new_srv_stationapplys(a1)')).toHaveLength(1));
    const body = JSON.parse(String(calls(fetchMock, '/api/crmdata/Update/')[0][1]?.body));
    expect(body.new_newphone).toBe('021-58950000');
    await waitFor(() => expect(calls(fetchMock, '/api/CrmFlow/GetFlowList').length).toBeGreaterThan(0));
  });

  it('under review: read-only, the new values shown beside the current ones, no save or submit', async () => {
    open(2, { new_newphone: '021-58950000', new_newlevel: 2 });
    expect((await screen.findByTestId('change-new-new_phone')).textContent).toBe('021-58950000');
    expect(screen.getByTestId('change-new-new_level').textContent).toBe('二级');
    expect(screen.getByTestId('change-row-new_level').getAttribute('data-changed')).toBe('true');
    expect(screen.getByTestId('station-change-count').textContent).toBe('共 2 项变更');
    expect(screen.getByTestId('stationchangeapply-progress')).toBeTruthy();
    expect(screen.queryByTestId('stationchangeapply-submit')).toBeNull();
    expect(screen.queryByTestId('form-save')).toBeNull();
  });
});
