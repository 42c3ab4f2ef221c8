import { getEntity } from '@portal/model';
import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session/store.ts';
import { envelope, renderApp, signInAs, stubServer } from '../test/render-app.tsx';
import { settingsKey, useColumnSettings } from './column-settings.ts';
import type { ColumnDefault } from './column-widths.ts';

const worker = getEntity('new_srv_worker')!;
const title = (f: string) => worker.allFields[f].label['zh-CN'];

const WORKERS = [
  {
    new_srv_workerid: 'w1',
    new_code: 'SH001-E001',
    new_name: '赵磊',
    new_sex: 1,
    new_job: 3,
    new_phone: '15800158003',
    new_station_id: 's1',
    'new_station_id@OData.Community.Display.V1.FormattedValue': '上海浦东华辰服务站',
    new_workyear: 8,
    new_load: 2,
  },
];

/** Rows, and (with `saved`) the list-settings API over an in-memory table of one user's screens. */
function workersServer(saved?: Map<string, unknown>) {
  return stubServer((url, init) => {
    if (url.startsWith('/api/crmdata/Retrieve/new_srv_workers')) return envelope({ value: WORKERS, '@odata.count': 1 });
    if (saved && url.startsWith('/api/portaluser/listsettings')) {
      const method = init.method ?? 'GET';
      if (method === 'PUT') {
        const b = JSON.parse(String(init.body)) as { screen: string; settings: unknown };
        saved.set(b.screen, b.settings);
        return envelope(null);
      }
      const screen = new URL(url, 'http://x').searchParams.get('screen') ?? '';
      if (method === 'DELETE') saved.delete(screen);
      return envelope(method === 'DELETE' ? null : (saved.get(screen) ?? null));
    }
    return undefined;
  });
}

/** The header texts, left to right (the actions column last). */
const headers = () => [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent?.trim() ?? '').filter(Boolean);
/** The widths the table's columns are laid out with. */
const colWidths = () => [...document.querySelectorAll('.ant-table colgroup col')].map((c) => (c as HTMLElement).style.width);

async function openList() {
  const view = renderApp('/worker/list');
  await screen.findAllByTestId('list-row');
  return view;
}

async function openSettings() {
  fireEvent.click(screen.getByTestId('list-settings'));
  return screen.findByTestId('list-settings-panel');
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
  localStorage.clear();
});

describe('list column settings', () => {
  it('hides, shows, reorders, resizes and changes density; all of it survives a remount', async () => {
    signInAs(['worker.read', 'worker.write'], { userId: 'u1' });
    workersServer();
    const first = await openList();
    expect(headers().slice(0, 3)).toEqual([title('new_code'), title('new_name'), title('new_sex')]);
    // Default widths from the field types, no content-sized columns.
    expect(colWidths()[0]).toMatch(/^\d+px$/);
    const table = () => document.querySelector('.ant-table') as HTMLElement;
    expect(table().className).toContain('ant-table-medium');

    const panel = await openSettings();
    fireEvent.click(within(panel).getByLabelText(`显示 ${title('new_sex')}`));
    await waitFor(() => expect(headers()).not.toContain(title('new_sex')));

    // new_name moves up before new_code.
    fireEvent.click(within(panel).getByTestId('list-settings-up-new_name'));
    await waitFor(() => expect(headers().slice(0, 2)).toEqual([title('new_name'), title('new_code')]));

    fireEvent.change(within(panel).getByLabelText(`${title('new_phone')}的列宽（像素）`), { target: { value: '260' } });
    await waitFor(() => expect(colWidths()).toContain('260px'));

    fireEvent.click(within(panel).getByTestId('list-density-small'));
    await waitFor(() => expect(table().className).toContain('ant-table-small'));

    first.unmount();
    await openList();
    expect(headers()).not.toContain(title('new_sex'));
    expect(headers().slice(0, 2)).toEqual([title('new_name'), title('new_code')]);
    expect(colWidths()).toContain('260px');
    expect(table().className).toContain('ant-table-small');

    // Shown again.
    const again = await openSettings();
    fireEvent.click(within(again).getByLabelText(`显示 ${title('new_sex')}`));
    await waitFor(() => expect(headers()).toContain(title('new_sex')));
  });

  it('reset goes back to the defaults and forgets what was saved', async () => {
    signInAs(['worker.read'], { userId: 'u1' });
    workersServer();
    await openList();
    const defaults = { headers: headers(), widths: colWidths() };
    const panel = await openSettings();
    fireEvent.click(within(panel).getByLabelText(`显示 ${title('new_phone')}`));
    fireEvent.click(within(panel).getByTestId('list-settings-down-new_code'));
    fireEvent.click(within(panel).getByTestId('list-density-large'));
    await waitFor(() => expect(headers()).not.toEqual(defaults.headers));
    expect(localStorage.getItem(settingsKey('u1', '/worker/list'))).not.toBeNull();

    fireEvent.click(within(panel).getByTestId('list-settings-reset'));
    await waitFor(() => expect(headers()).toEqual(defaults.headers));
    expect(colWidths()).toEqual(defaults.widths);
    expect((document.querySelector('.ant-table') as HTMLElement).className).toContain('ant-table-medium');
    expect(localStorage.getItem(settingsKey('u1', '/worker/list'))).toBeNull();
  });

  it('are kept on the server: another browser (empty storage) gets them, reset forgets them there', async () => {
    const saved = new Map<string, unknown>();
    signInAs(['worker.read'], { userId: 'u1' });
    workersServer(saved);
    const first = await openList();
    const panel = await openSettings();
    fireEvent.click(within(panel).getByLabelText(`显示 ${title('new_phone')}`));
    fireEvent.click(within(panel).getByTestId('list-density-small'));
    await waitFor(() => expect(saved.get('/worker/list')).toMatchObject({ size: 'small' }));
    first.unmount();

    localStorage.clear();
    const second = await openList();
    await waitFor(() => expect(headers()).not.toContain(title('new_phone')));
    expect((document.querySelector('.ant-table') as HTMLElement).className).toContain('ant-table-small');
    fireEvent.click(within(await openSettings()).getByTestId('list-settings-reset'));
    await waitFor(() => expect(saved.has('/worker/list')).toBe(false));
    second.unmount();

    // A stale copy in a browser gives way to the server's answer (reset elsewhere).
    localStorage.setItem(settingsKey('u1', '/worker/list'), JSON.stringify({ size: 'large' }));
    await openList();
    await waitFor(() => expect((document.querySelector('.ant-table') as HTMLElement).className).toContain('ant-table-medium'));
    expect(headers()).toContain(title('new_phone'));
  });

  it('another user does not see them', async () => {
    signInAs(['worker.read'], { userId: 'u1' });
    workersServer();
    const first = await openList();
    const panel = await openSettings();
    fireEvent.click(within(panel).getByLabelText(`显示 ${title('new_phone')}`));
    await waitFor(() => expect(headers()).not.toContain(title('new_phone')));
    first.unmount();

    useSession.getState().clearAll();
    signInAs(['worker.read'], { userId: 'u2' });
    await openList();
    expect(headers()).toContain(title('new_phone'));
  });
});

describe('useColumnSettings', () => {
  const defaults: ColumnDefault[] = [
    { key: 'a', width: 100, hidden: false },
    { key: 'b', width: 120, hidden: false },
    { key: 'c', width: 80, hidden: true },
  ];

  // No server answer here: the browser's copy applies.
  beforeEach(() => void stubServer());

  it('keeps settings per user and screen', () => {
    signInAs([], { userId: 'u1' });
    const a = renderHook(() => useColumnSettings('/a/list', 'all', defaults));
    act(() => a.result.current.setColumns([defaults[1], { ...defaults[0], width: 300 }, { ...defaults[2], hidden: false }]));
    act(() => a.result.current.setSize('small'));
    expect(a.result.current.columns.map((c) => `${c.key}:${c.width}:${c.hidden}`)).toEqual(['b:120:false', 'a:300:false', 'c:80:false']);

    // Same user, another screen: defaults.
    const b = renderHook(() => useColumnSettings('/b/list', 'all', defaults));
    expect(b.result.current.columns).toEqual(defaults);
    expect(b.result.current.size).toBe('medium');
    // Same screen, another view: its own columns, the screen's density.
    const v = renderHook(() => useColumnSettings('/a/list', 'open', defaults));
    expect(v.result.current.columns).toEqual(defaults);
    expect(v.result.current.size).toBe('small');

    // Another user, same screen: defaults.
    act(() => useSession.getState().setUser({ ...useSession.getState().user, userId: 'u2' }));
    const other = renderHook(() => useColumnSettings('/a/list', 'all', defaults));
    expect(other.result.current.columns).toEqual(defaults);
    expect(other.result.current.size).toBe('medium');
  });

  it('drops columns the view no longer has, adds new ones, and ignores broken storage', () => {
    signInAs([], { userId: 'u1' });
    localStorage.setItem(
      settingsKey('u1', '/a/list'),
      JSON.stringify({
        size: 'huge',
        views: {
          all: [
            { key: 'gone', width: 1, hidden: false },
            { key: 'b', width: 99999, hidden: true },
          ],
        },
      }),
    );
    const { result } = renderHook(() => useColumnSettings('/a/list', 'all', defaults));
    expect(result.current.columns.map((c) => `${c.key}:${c.width}:${c.hidden}`)).toEqual(['b:800:true', 'a:100:false', 'c:80:true']);
    expect(result.current.size).toBe('medium');
    localStorage.setItem(settingsKey('u1', '/x/list'), '{not json');
    const broken = renderHook(() => useColumnSettings('/x/list', 'all', defaults));
    expect(broken.result.current.columns).toEqual(defaults);
  });
});
