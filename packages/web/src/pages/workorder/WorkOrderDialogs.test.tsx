import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/envelope.ts';
import { clearPicklistCache } from '../../api/picklist.ts';
import type { RecordRow } from '../../api/records.ts';
import * as api from '../../api/work-orders.ts';
import { findRoute } from '../../app/match-route.ts';
import { envelope, stubServer } from '../../test/render-app.tsx';
import {
  AppointmentDialog,
  AuditDialog,
  CancelDialog,
  CompleteDialog,
  DispatchDialog,
  ProgressDialog,
  SettlementDialog,
} from './WorkOrderDialogs.tsx';
import { availableActions, nextProgressStep, nextSettlementStatus, orderState } from './work-order-rules.ts';

// The dialogs' commands answer at once. Spied on the module rather than mocked with vi.mock: web
// files share one module graph per worker (isolate: false), where a module mock neither reaches a
// WorkOrderDialogs.tsx an earlier file already imported nor stays out of the files after this one.
const COMMANDS = {
  dispatchOrder: '派工成功',
  setAppointment: '处理成功',
  recordProgress: '处理成功',
  completeOrder: '完工成功',
  cancelOrder: '取消成功',
  auditOrder: '处理成功',
  revisitOrder: '处理成功',
  settleOrder: '处理成功',
  superviseOrder: '处理成功',
  addLine: '添加成功',
  updateLine: '保存成功',
  deleteLine: '删除成功',
} as const;

const ORDER: RecordRow = {
  new_srv_workorderid: 'wo1',
  new_name: 'WO202606-0001',
  new_status: 1,
  new_dealstatus: 1,
  new_station_id: 'st-1',
  'new_station_id@OData.Community.Display.V1.FormattedValue': '上海浦东华辰服务站',
  new_worker_id: null,
  new_photocount: 0,
};

const WORKERS = [
  { new_srv_workerid: 'w1', new_name: '赵磊', new_code: 'E001', new_phone: '15800158003', new_load: 3 },
  { new_srv_workerid: 'w2', new_name: '钱勇', new_code: 'E002', new_phone: '15800158004', new_load: 1 },
];

let lookupQueries: URLSearchParams[] = [];
beforeEach(() => {
  for (const [name, message] of Object.entries(COMMANDS) as [keyof typeof COMMANDS, string][])
    vi.spyOn(api, name).mockImplementation(async () => ({ id: 'wo1', status: 2, dealstatus: 2, message }));
  lookupQueries = [];
  stubServer((url) => {
    if (url.startsWith('/api/crmlookupview/data')) {
      lookupQueries.push(new URL(url, 'http://x').searchParams);
      return new Response(JSON.stringify({ ErrorCode: 0, Message: '', Data: WORKERS, TotalRecordCount: 2 }), {
        headers: { 'content-type': 'application/json' },
      });
    }
    if (url.startsWith('/api/attachment'))
      return envelope([
        { Id: 'a1', FileName: 'site1.png', FileSize: 100, ContentType: 'image/png' },
        { Id: 'a2', FileName: 'site2.jpg', FileSize: 100, ContentType: 'image/jpeg' },
        { Id: 'a3', FileName: 'report.pdf', FileSize: 100, ContentType: 'application/pdf' },
      ]);
    if (url.startsWith('/api/crmpicklist/')) return envelope([]);
    return undefined;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  clearPicklistCache();
});

const ok = async (dialog: string) => {
  await act(async () => fireEvent.click(screen.getByTestId(`${dialog}-ok`)));
};
const errorsShown = async (...texts: string[]) => {
  for (const text of texts) expect((await screen.findAllByText(text)).length).toBeGreaterThan(0);
};

/** Opens an antd Select by its hook and clicks the option with that label. */
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

/** Types a date (and time) into an antd picker and confirms it with Enter. */
async function typeDate(testId: string, text: string) {
  const input = screen.getByTestId(testId) as HTMLInputElement;
  await act(async () => {
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: text } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  });
}

async function pickWorker(name: string) {
  await act(async () => fireEvent.click(screen.getByTestId('wo-dispatch-worker')));
  const dialog = await screen.findByTestId('lookup-dialog');
  const row = await waitFor(() => {
    const r = within(dialog)
      .getAllByTestId('lookup-row')
      .find((x) => x.textContent?.includes(name));
    if (!r) throw new Error('row');
    return r;
  });
  await act(async () => fireEvent.click(row));
  await act(async () => fireEvent.click(within(dialog).getByTestId('lookup-ok')));
}

describe('dispatch dialog', () => {
  it('requires an engineer, looks them up in the order station with load and phone, and sends the choice', async () => {
    const onDone = vi.fn();
    render(<DispatchDialog open row={ORDER} onClose={vi.fn()} onDone={onDone} />);
    await ok('wo-dispatch-dialog');
    await errorsShown('请选择服务人员');
    expect(api.dispatchOrder).not.toHaveBeenCalled();

    await pickWorker('钱勇');
    const q = lookupQueries[0];
    expect(q.get('entityName')).toBe('new_srv_worker');
    expect(q.get('select')?.split(',')).toEqual(expect.arrayContaining(['new_phone', 'new_load']));
    expect(q.get('orderby')).toBe('new_load asc');
    expect(JSON.parse(q.get('condition')!)).toEqual([{ field: 'new_station_id', op: 'eq', value: 'st-1' }]);

    fireEvent.change(screen.getByTestId('wo-dispatch-memo'), { target: { value: ' 尽快上门 ' } });
    await ok('wo-dispatch-dialog');
    await waitFor(() => expect(api.dispatchOrder).toHaveBeenCalledWith('wo1', { workerId: 'w2', memo: '尽快上门' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ message: '派工成功' })));
  });

  it('reassigning to the same engineer is refused before sending; the title is 改派', async () => {
    render(
      <DispatchDialog
        open
        row={{ ...ORDER, new_status: 2, new_worker_id: 'w2', 'new_worker_id@OData.Community.Display.V1.FormattedValue': '钱勇' }}
        onClose={vi.fn()}
        onDone={vi.fn()}
      />,
    );
    expect(screen.getByText('改派')).toBeTruthy();
    expect(screen.getByTestId('wo-dispatch-current').textContent).toContain('钱勇');
    await pickWorker('钱勇');
    await ok('wo-dispatch-dialog');
    await errorsShown('工单已派给该服务人员');
    expect(api.dispatchOrder).not.toHaveBeenCalled();
  });

  it('shows the server refusal as given, and does not close', async () => {
    vi.mocked(api.dispatchOrder).mockRejectedValueOnce(new ApiError('该工单不允许派工', 400, 400));
    const onDone = vi.fn();
    render(<DispatchDialog open row={ORDER} onClose={vi.fn()} onDone={onDone} />);
    await pickWorker('赵磊');
    await ok('wo-dispatch-dialog');
    expect((await screen.findByTestId('wo-dispatch-dialog-error')).textContent).toContain('该工单不允许派工');
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('appointment dialog', () => {
  it('requires date and slots, end after begin, then sends date, slots and status', async () => {
    render(
      <AppointmentDialog
        open
        row={{ ...ORDER, new_status: 2, new_dealstatus: 2, new_worker_id: 'w1' }}
        onClose={vi.fn()}
        onDone={vi.fn()}
      />,
    );
    await ok('wo-appointment-dialog');
    await errorsShown('请选择预约日期', '请选择预约时段');
    expect(api.setAppointment).not.toHaveBeenCalled();

    await typeDate('wo-appt-date', '2030-05-06');
    await choose('wo-appt-begin', '10:00');
    await choose('wo-appt-end', '09:00');
    await ok('wo-appointment-dialog');
    await errorsShown('结束时间必须晚于开始时间');
    expect(api.setAppointment).not.toHaveBeenCalled();

    await choose('wo-appt-end', '11:30');
    await ok('wo-appointment-dialog');
    await waitFor(() =>
      expect(api.setAppointment).toHaveBeenCalledWith('wo1', {
        date: '2030-05-06',
        begin: 1000,
        end: 1130,
        status: 1,
        reason: null,
        memo: undefined,
      }),
    );
  });

  it('offers the 35 slots from 05:00 to 22:00', async () => {
    render(<AppointmentDialog open row={{ ...ORDER, new_status: 2, new_worker_id: 'w1' }} onClose={vi.fn()} onDone={vi.fn()} />);
    const root = screen.getByTestId('wo-appt-begin').closest('.ant-select') as HTMLElement;
    await act(async () => fireEvent.mouseDown(root.querySelector('.ant-select-selector, input') as Element));
    const options = await waitFor(() => {
      const o = [...document.querySelectorAll('.ant-select-dropdown .ant-select-item-option')].map((x) => x.textContent);
      if (o.length === 0) throw new Error('none');
      return o;
    });
    expect(options).toHaveLength(35);
    expect(options[0]).toBe('05:00');
    expect(options[34]).toBe('22:00');
  });

  it('changing an existing appointment needs the change reason', async () => {
    const row = {
      ...ORDER,
      new_status: 3,
      new_dealstatus: 3,
      new_worker_id: 'w1',
      new_appointmenttime: '2030-05-06',
      new_appointmentbegin: 900,
      new_appointmentend: 1000,
      new_appointmentstatus: 1,
    };
    render(<AppointmentDialog open row={row} onClose={vi.fn()} onDone={vi.fn()} />);
    expect(screen.getByTestId('wo-appointment-current').textContent).toContain('2030-05-06 09:00–10:00');
    await choose('wo-appt-end', '11:00');
    await ok('wo-appointment-dialog');
    await errorsShown('请选择改约原因');
    expect(api.setAppointment).not.toHaveBeenCalled();
    await choose('wo-appt-reason', '缺少配件');
    await ok('wo-appointment-dialog');
    await waitFor(() =>
      expect(api.setAppointment).toHaveBeenCalledWith('wo1', {
        date: '2030-05-06',
        begin: 900,
        end: 1100,
        status: 1,
        reason: 3,
        memo: undefined,
      }),
    );
  });
});

describe('progress dialog', () => {
  it('records the next step (出发 at status 3) with time, address and both coordinates', async () => {
    render(
      <ProgressDialog open row={{ ...ORDER, new_status: 3, new_dealstatus: 3, new_worker_id: 'w1' }} onClose={vi.fn()} onDone={vi.fn()} />,
    );
    const step = screen.getByTestId('wo-progress-step');
    expect(step.getAttribute('data-step')).toBe('departure');
    expect(step.textContent).toBe('出发');
    await ok('wo-progress-dialog');
    await errorsShown('请填写出发地址');

    fireEvent.change(screen.getByTestId('wo-progress-address'), { target: { value: '上海市浦东新区张江路 1 号' } });
    fireEvent.change(screen.getByTestId('wo-progress-lng'), { target: { value: '121.5' } });
    await ok('wo-progress-dialog');
    await errorsShown('经度和纬度需同时填写');
    expect(api.recordProgress).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('wo-progress-lat'), { target: { value: '31.2' } });
    await ok('wo-progress-dialog');
    await waitFor(() => expect(api.recordProgress).toHaveBeenCalled());
    const [id, body] = vi.mocked(api.recordProgress).mock.calls[0];
    expect(id).toBe('wo1');
    expect(body).toMatchObject({ step: 'departure', address: '上海市浦东新区张江路 1 号', longitude: 121.5, latitude: 31.2 });
    // "now", to the minute, as an instant.
    expect(Math.abs(Date.parse(body.time) - Date.now())).toBeLessThan(120_000);
  });

  it('the photos step shows how many image attachments the order has', async () => {
    render(
      <ProgressDialog open row={{ ...ORDER, new_status: 5, new_dealstatus: 5, new_worker_id: 'w1' }} onClose={vi.fn()} onDone={vi.fn()} />,
    );
    expect(screen.getByTestId('wo-progress-step').getAttribute('data-step')).toBe('photos');
    await waitFor(() => expect(screen.getByTestId('wo-progress-photos').textContent).toContain('现场照片：2 张'));
  });
});

describe('completion dialog', () => {
  const row = {
    ...ORDER,
    new_status: 5,
    new_dealstatus: 6,
    new_worker_id: 'w1',
    new_departuretime: '2026-06-10T01:00:00Z',
    new_departureaddress: '服务站',
    new_arrivaltime: '2026-06-10T02:00:00Z',
    new_arrivaladdress: '客户家',
  };

  it('prefills the progress from the order, shows the photo count, and sends every value', async () => {
    render(<CompleteDialog open row={row} onClose={vi.fn()} onDone={vi.fn()} />);
    expect((screen.getByTestId('wo-complete-departure-time') as HTMLInputElement).value).toBe('2026-06-10 09:00');
    expect((screen.getByTestId('wo-complete-arrival-address') as HTMLInputElement).value).toBe('客户家');
    expect((screen.getByTestId('wo-complete-completion-address') as HTMLInputElement).value).toBe('客户家');
    await waitFor(() => expect(screen.getByTestId('wo-complete-photos').getAttribute('data-count')).toBe('2'));
    await choose('wo-complete-fixtype', '更换配件');
    fireEvent.change(screen.getByTestId('wo-complete-solution'), { target: { value: '更换主板' } });
    await ok('wo-complete-dialog');
    await waitFor(() => expect(api.completeOrder).toHaveBeenCalled());
    const [, body] = vi.mocked(api.completeOrder).mock.calls[0];
    expect(body).toMatchObject({
      departureTime: '2026-06-10T01:00:00.000Z',
      departureAddress: '服务站',
      arrivalTime: '2026-06-10T02:00:00.000Z',
      arrivalAddress: '客户家',
      completionAddress: '客户家',
      fixtype: 1,
      solution: '更换主板',
    });
    expect(body.completionTime).toBeTruthy();
  });

  it('requires the spec fields and an arrival not before the departure', async () => {
    render(
      <CompleteDialog
        open
        row={{ ...row, new_departureaddress: '', new_arrivaltime: '2026-06-10T00:30:00Z' }}
        onClose={vi.fn()}
        onDone={vi.fn()}
      />,
    );
    await ok('wo-complete-dialog');
    await errorsShown('请填写出发地址', '结束时间必须晚于开始时间');
    expect(api.completeOrder).not.toHaveBeenCalled();
  });

  it('a refusal (no photos) is shown as the server words it', async () => {
    vi.mocked(api.completeOrder).mockRejectedValueOnce(new ApiError('请上传现场照片', 400, 400));
    render(<CompleteDialog open row={row} onClose={vi.fn()} onDone={vi.fn()} />);
    await ok('wo-complete-dialog');
    expect((await screen.findByTestId('wo-complete-dialog-error')).textContent).toContain('请上传现场照片');
  });
});

describe('closing dialogs', () => {
  it('cancel needs a reason', async () => {
    render(<CancelDialog open row={ORDER} onClose={vi.fn()} onDone={vi.fn()} />);
    await ok('wo-cancel-dialog');
    await errorsShown('请填写取消原因');
    fireEvent.change(screen.getByTestId('wo-cancel-reason'), { target: { value: '客户取消' } });
    await ok('wo-cancel-dialog');
    await waitFor(() => expect(api.cancelOrder).toHaveBeenCalledWith('wo1', { reason: '客户取消' }));
  });

  it('audit: not passing needs a memo; passing does not', async () => {
    render(<AuditDialog open row={{ ...ORDER, new_status: 7 }} onClose={vi.fn()} onDone={vi.fn()} />);
    const fail = screen.getByTestId('wo-audit-fail');
    await act(async () => fireEvent.click(fail.tagName === 'INPUT' ? fail : fail.querySelector('input')!));
    await ok('wo-audit-dialog');
    await errorsShown('请填写审核不通过的原因');
    expect(api.auditOrder).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('wo-audit-memo'), { target: { value: '照片不清晰' } });
    await ok('wo-audit-dialog');
    await waitFor(() => expect(api.auditOrder).toHaveBeenCalledWith('wo1', { pass: false, memo: '照片不清晰' }));
  });

  it('settlement moves one step; the settlement number is required at 12', async () => {
    render(<SettlementDialog open row={{ ...ORDER, new_status: 11 }} onClose={vi.fn()} onDone={vi.fn()} />);
    expect(screen.getByTestId('wo-settlement-next').getAttribute('data-status')).toBe('12');
    await ok('wo-settlement-dialog');
    await errorsShown('请填写结算单号');
    fireEvent.change(screen.getByTestId('wo-settlement-no'), { target: { value: 'JS202606-01' } });
    await ok('wo-settlement-dialog');
    await waitFor(() => expect(api.settleOrder).toHaveBeenCalledWith('wo1', { status: 12, settlementNo: 'JS202606-01' }));
  });
});

describe('rules mirrored from the server', () => {
  const all = () => true;
  // Which statuses may be dispatched is the model's mayDispatchStatus (its own test, in the specification's labels).
  it('progress steps follow the status; settlement 11 → … → 16', () => {
    expect([2, 3, 4].map((s) => nextProgressStep(s, s))).toEqual(['response', 'departure', 'arrival']);
    expect(nextProgressStep(5, 5)).toBe('photos');
    expect(nextProgressStep(5, 6)).toBeNull();
    expect(nextProgressStep(7, 7)).toBeNull();
    expect([10, 11, 12, 15, 16].map(nextSettlementStatus)).toEqual([null, 12, 13, 16, null]);
  });

  it('actions by status and privilege', () => {
    const state = (status: number, extra: RecordRow = {}) => orderState({ new_status: status, new_dealstatus: status, ...extra });
    expect(availableActions(state(1), all)).toEqual(['dispatch', 'supervise', 'cancel']);
    expect(availableActions(state(2, { new_worker_id: 'w1' }), all)).toEqual([
      'dispatch',
      'appointment',
      'progress',
      'complete',
      'supervise',
      'cancel',
    ]);
    expect(availableActions(state(7, { new_worker_id: 'w1' }), all)).toEqual(['audit']);
    expect(availableActions(state(10), all)).toEqual(['revisit']);
    expect(availableActions(state(9), all)).toEqual([]);
    // A station (write + dispatch, no audit) at status 7 has nothing to do; head office audits.
    const station = (p: string) => ['workorder.write', 'workorder.dispatch'].includes(p);
    expect(availableActions(state(7, { new_worker_id: 'w1' }), station)).toEqual([]);
    expect(availableActions(state(4, { new_worker_id: 'w1' }), station)).toEqual(['appointment', 'progress', 'complete', 'cancel']);
  });
});

describe('routes', () => {
  it.each([
    ['/workOrder/list', 'workOrderList', ['workorder.read'], true],
    ['/workOrder/create', 'workOrderCreate', ['workorder.write'], undefined],
    ['/workOrder/edit/abc', 'workOrderEdit', ['workorder.read'], undefined],
    ['/workOrder/search', 'workOrderSearch', ['workorder.read'], undefined],
    ['/appointment/view', 'appointmentView', ['workorder.read'], undefined],
  ])('%s → %s needs %j', (path, name, permissions, keep) => {
    const r = findRoute(path);
    expect(r?.name).toBe(name);
    expect(r?.permissions).toEqual(permissions);
    expect(r?.keepAlive).toBe(keep);
  });
});
