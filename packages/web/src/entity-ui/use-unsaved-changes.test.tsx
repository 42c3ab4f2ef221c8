import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isDirty, onScreenClosed, setKeepPolicy, useUnsavedStore } from '../app/unsaved-changes.ts';
import { useSession } from '../session/store.ts';
import { envelope, renderApp, signInAs, stubServer } from '../test/render-app.tsx';
import { sameValues } from './use-unsaved-changes.ts';
import dayjs from 'dayjs';

const WORKER = {
  new_srv_workerid: 'w1',
  new_name: '赵磊',
  new_code: 'SH001-E001',
  new_sex: 1,
  new_job: 3,
  new_educationlevel: 5,
  new_workyear: 8,
  new_chargingmodetype: 1,
  new_phone: '15800158003',
  new_wechat: 'zhaolei',
  new_region: 2,
  new_skill: '液压、电气',
  new_load: 2,
  new_station_id: 's1',
  'new_station_id@OData.Community.Display.V1.FormattedValue': '上海浦东华辰服务站',
  new_image: null,
};

/** A worker record the fake server keeps: updates change what the next read returns. */
function workerServer() {
  let row: Record<string, unknown> = { ...WORKER };
  const updates: Record<string, unknown>[] = [];
  stubServer((url, init) => {
    if (url.startsWith('/api/crmdata/Retrieve/new_srv_workers(w1)')) return envelope(row);
    if (url.startsWith('/api/crmdata/Retrieve/new_srv_workers')) return envelope({ value: [], '@odata.count': 0 });
    if (url === '/api/crmdata/Update/new_srv_workers(w1)') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      updates.push(body);
      row = { ...row, ...body };
      return envelope(null);
    }
    if (url.startsWith('/api/attachment?')) return envelope([]);
    return undefined;
  });
  return updates;
}

const nameInput = () => screen.getByTestId('field-new_name') as HTMLInputElement;
const dialogTitle = () => screen.queryByText('有未保存的修改', { selector: '.ant-modal-confirm-title' });
// antd spaces out two-character Chinese button texts ("离 开").
const button = (text: RegExp) => screen.getByRole('button', { name: text });

async function openWorker() {
  signInAs(['worker.read', 'worker.write'], { userName: 'station1' });
  const updates = workerServer();
  const view = renderApp('/worker/edit/w1');
  // The first render loads the screen's code: allow it time.
  await waitFor(() => expect(nameInput().value).toBe('赵磊'), { timeout: 40_000 });
  return { ...view, updates };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useSession.getState().clearAll();
  useUnsavedStore.setState({ dirty: {} });
  setKeepPolicy(() => false);
});

// Whole-app renders on a shared, busy machine: generous time.
describe('unsaved-changes guard of the generic form', { timeout: 90_000 }, () => {
  it('lets an unchanged form go without asking', async () => {
    const { router } = await openWorker();
    setKeepPolicy(() => false);
    // Touched but put back as it was: not a change.
    fireEvent.change(nameInput(), { target: { value: '赵磊磊' } });
    await waitFor(() => expect(isDirty('/worker/edit/w1')).toBe(true));
    fireEvent.change(nameInput(), { target: { value: '赵磊' } });
    await waitFor(() => expect(isDirty('/worker/edit/w1')).toBe(false));
    await act(async () => void router.navigate('/worker/list'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/worker/list'));
    expect(dialogTitle()).toBeNull();
  });

  it('holds a route change that drops a changed form: 留在此页 keeps the values, 离开 navigates', async () => {
    const { router } = await openWorker();
    // The screen is not kept when left (no page tab keeps it): leaving would lose the changes.
    setKeepPolicy(() => false);
    fireEvent.change(nameInput(), { target: { value: '赵磊改' } });
    await waitFor(() => expect(isDirty('/worker/edit/w1')).toBe(true));

    await act(async () => void router.navigate('/worker/list'));
    await waitFor(() => expect(dialogTitle()).not.toBeNull());
    expect(screen.getByText('当前页面有未保存的修改，离开后修改将丢失。确定离开吗？')).toBeTruthy();
    await act(async () => fireEvent.click(button(/留在此页/)));
    await waitFor(() => expect(dialogTitle()).toBeNull());
    expect(router.state.location.pathname).toBe('/worker/edit/w1');
    expect(nameInput().value).toBe('赵磊改');
    expect(isDirty('/worker/edit/w1')).toBe(true);

    await act(async () => void router.navigate('/worker/list'));
    await waitFor(() => expect(dialogTitle()).not.toBeNull());
    await act(async () => fireEvent.click(button(/离\s?开/)));
    await waitFor(() => expect(router.state.location.pathname).toBe('/worker/list'));
    expect(isDirty('/worker/edit/w1')).toBe(false);
  });

  it('lets a kept screen go without asking: its changes stay marked in its page tab', async () => {
    const { router } = await openWorker();
    setKeepPolicy((k) => k === '/worker/edit/w1');
    fireEvent.change(nameInput(), { target: { value: '赵磊改' } });
    await waitFor(() => expect(isDirty('/worker/edit/w1')).toBe(true));
    await act(async () => void router.navigate('/worker/list'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/worker/list'));
    expect(dialogTitle()).toBeNull();
    expect(isDirty('/worker/edit/w1')).toBe(true);
  });

  it('返回 on a changed form asks; leaving closes the screen and goes back', async () => {
    const closed: string[] = [];
    const off = onScreenClosed((k) => closed.push(k));
    const { router } = await openWorker();
    fireEvent.change(nameInput(), { target: { value: '赵磊改' } });
    await waitFor(() => expect(isDirty('/worker/edit/w1')).toBe(true));

    await act(async () => fireEvent.click(screen.getByTestId('form-back')));
    await waitFor(() => expect(dialogTitle()).not.toBeNull());
    await act(async () => fireEvent.click(button(/留在此页/)));
    await waitFor(() => expect(dialogTitle()).toBeNull());
    expect(router.state.location.pathname).toBe('/worker/edit/w1');
    expect(nameInput().value).toBe('赵磊改');
    expect(closed).toEqual([]);

    await act(async () => fireEvent.click(screen.getByTestId('form-back')));
    await waitFor(() => expect(dialogTitle()).not.toBeNull());
    await act(async () => fireEvent.click(button(/离\s?开/)));
    await waitFor(() => expect(router.state.location.pathname).toBe('/worker/list'));
    // Asked once only: the route change that follows is not held up again.
    expect(dialogTitle()).toBeNull();
    expect(closed).toEqual(['/worker/edit/w1']);
    off();
  });

  it('saving clears the mark: leaving afterwards does not ask', async () => {
    const { router, updates } = await openWorker();
    setKeepPolicy(() => false);
    fireEvent.change(nameInput(), { target: { value: '赵磊改' } });
    await waitFor(() => expect(isDirty('/worker/edit/w1')).toBe(true));
    await act(async () => fireEvent.click(screen.getByTestId('form-save')));
    await waitFor(() => expect(updates).toHaveLength(1));
    await waitFor(() => expect(isDirty('/worker/edit/w1')).toBe(false));
    expect(nameInput().value).toBe('赵磊改');
    await act(async () => void router.navigate('/worker/list'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/worker/list'));
    expect(dialogTitle()).toBeNull();
  });

  it('arms the browser’s unload question only while something is changed', async () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    const unloadCalls = (spy: typeof add) => spy.mock.calls.filter(([type]) => type === 'beforeunload').length;
    await openWorker();
    expect(unloadCalls(add)).toBe(0);
    fireEvent.change(nameInput(), { target: { value: '赵磊改' } });
    await waitFor(() => expect(unloadCalls(add)).toBe(1));
    const ev = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(ev);
    expect(ev.defaultPrevented).toBe(true);
    fireEvent.change(nameInput(), { target: { value: '赵磊' } });
    await waitFor(() => expect(unloadCalls(remove)).toBe(1));
    const later = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });
});

describe('sameValues', () => {
  it('compares as saving would: empty is empty, dates by instant, lookups by id, texts trimmed', () => {
    expect(sameValues({ a: '', b: null, c: undefined, d: [] }, {})).toBe(true);
    expect(sameValues({ d: dayjs('2026-11-25T10:00:00') }, { d: dayjs('2026-11-25T10:00:00') })).toBe(true);
    expect(sameValues({ d: dayjs('2026-11-25T10:00:00') }, { d: dayjs('2026-11-25T10:01:00') })).toBe(false);
    expect(sameValues({ s: { id: 's1', name: '上海' } }, { s: { id: 's1', name: '' } })).toBe(true);
    expect(sameValues({ s: { id: 's1', name: '上海' } }, { s: { id: 's2', name: '上海' } })).toBe(false);
    expect(sameValues({ t: ' 赵磊 ' }, { t: '赵磊' })).toBe(true);
    expect(sameValues({ n: 0 }, { n: null })).toBe(false);
  });
});
