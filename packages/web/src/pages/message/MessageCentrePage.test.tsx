import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, stubServer } from '../../test/render-app.tsx';
import { messagePath } from './message-path.ts';

const ITEMS = [
  {
    Id: 'm1',
    Kind: 'workOrder',
    Text: '陈志强 将工单 WO20261125-0007 派给了您',
    Time: '2026-11-25T02:30:00Z',
    Read: false,
    EntityName: 'new_srv_workorder',
    RecordId: 'w1',
    Target: 'document',
  },
  {
    Id: 'n1',
    Kind: 'notice',
    Text: '关于2026年第四季度服务备件价格调整的通知',
    Time: '2026-11-24T01:00:00Z',
    Read: false,
    EntityName: 'new_notice',
    RecordId: 'n1',
    Target: 'notice',
  },
  {
    Id: 'm2',
    Kind: 'approval',
    Text: '您提交的奖惩单 JC202611-0003 已审批通过',
    Time: '2026-11-20T08:00:00Z',
    Read: true,
    EntityName: 'new_srv_claimfine',
    RecordId: 'c1',
    Target: 'document',
  },
];
const UNREAD = { approval: 0, workOrder: 1, settlement: 0, parts: 0, notice: 1 };

function signIn() {
  const s = useSession.getState();
  s.setTokens({ accessToken: 'acc', refreshToken: 'ref' });
  s.setUser({
    userId: 'u-eng',
    userName: 'engineer1',
    nickName: '赵磊',
    loginType: 'password',
    privilege: ['portal.login', 'workorder.read', 'notice.read'],
  });
}

function messageServer() {
  let unread = 2;
  let items = ITEMS.map((i) => ({ ...i }));
  return stubServer((url, init) => {
    if (url.startsWith('/api/message/list')) {
      const kind = new URL(url, 'http://x').searchParams.get('kind');
      const shown = kind ? items.filter((i) => i.Kind === kind) : items;
      return envelope({ items: shown, TotalRecordCount: shown.length, Unread: unread ? UNREAD : { ...UNREAD, workOrder: 0, notice: 0 } });
    }
    if (url === '/api/message/unread-count') return envelope(unread);
    if (url === '/api/message/m1/read' && init.method === 'POST') {
      unread -= 1;
      return envelope({ ...ITEMS[0], Read: true });
    }
    if (url === '/api/message/read-all' && init.method === 'POST') {
      unread = 0;
      items = items.map((i) => ({ ...i, Read: true }));
      return envelope(0, '已全部标记为已读');
    }
    if (url === '/api/portaluser/me') return envelope(null);
    return undefined;
  });
}
const calls = (f: ReturnType<typeof vi.fn>, prefix: string) => f.mock.calls.filter(([u]) => String(u).startsWith(prefix));

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

describe('message centre', () => {
  it('lists unread first in bold with kind and time; the bell counts unread messages', async () => {
    signIn();
    messageServer();
    renderApp('/message/message');
    const rows = await screen.findAllByTestId('message-item');
    expect(rows.map((r) => [r.getAttribute('data-id'), r.getAttribute('data-read')])).toEqual([
      ['m1', 'false'],
      ['n1', 'false'],
      ['m2', 'true'],
    ]);
    expect(within(rows[0]).getByText('工单')).toBeTruthy();
    expect(within(rows[0]).getByTestId('message-text').style.fontWeight).toBe('600');
    expect(within(rows[2]).getByTestId('message-text').style.fontWeight).toBe('normal');
    expect(rows[0].textContent).toContain('2026-11-25 10:30');
    expect(within(rows[1]).getByText('公告')).toBeTruthy();
    expect(screen.getByTestId('message-kind-workOrder').getAttribute('data-unread')).toBe('1');
    expect(screen.getByTestId('message-kind-all').getAttribute('data-unread')).toBe('2');
    await waitFor(() => expect(screen.getByTestId('message-unread-count').getAttribute('data-count')).toBe('2'));
  });

  it('the kind filter asks the server for that kind', async () => {
    signIn();
    const f = messageServer();
    renderApp('/message/message');
    await screen.findAllByTestId('message-item');
    await act(async () => fireEvent.click(screen.getByTestId('message-kind-workOrder')));
    await waitFor(() => expect(screen.getAllByTestId('message-item').map((r) => r.getAttribute('data-id'))).toEqual(['m1']));
    expect(new URL(String(calls(f, '/api/message/list').at(-1)![0]), 'http://x').searchParams.get('kind')).toBe('workOrder');
  });

  it('opening a message marks it read and goes to its document', async () => {
    signIn();
    const f = messageServer();
    const { router } = renderApp('/message/message');
    const rows = await screen.findAllByTestId('message-item');
    await act(async () => fireEvent.click(within(rows[0]).getByTestId('message-text')));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workOrder/edit/w1'));
    expect(calls(f, '/api/message/m1/read')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('message-unread-count').getAttribute('data-count')).toBe('1'));
  });

  it('全部已读 marks everything read and clears the bell', async () => {
    signIn();
    const f = messageServer();
    renderApp('/message/message');
    await screen.findAllByTestId('message-item');
    await act(async () => fireEvent.click(screen.getByTestId('message-read-all')));
    await waitFor(() => expect(screen.getAllByTestId('message-item').every((r) => r.getAttribute('data-read') === 'true')).toBe(true));
    expect(calls(f, '/api/message/read-all')).toHaveLength(1);
    expect(JSON.parse(String(calls(f, '/api/message/read-all')[0][1].body))).toEqual({});
    await waitFor(() => expect(screen.getByTestId('message-unread-count').getAttribute('data-count')).toBe('0'));
    expect((screen.getByTestId('message-read-all') as HTMLButtonElement).disabled).toBe(true);
  });

  it('paths: a notice to its view, an approval waiting to the approval screen, a document to its screen', () => {
    signIn();
    expect(messagePath({ Target: 'notice', EntityName: 'new_notice', RecordId: 'n1' })).toBe('/dmsnotice/msgview/n1');
    expect(messagePath({ Target: 'approval', EntityName: 'new_srv_claimfine', RecordId: 'c1' })).toBe(
      '/myapproval/edit?entityName=new_srv_claimfine&id=c1',
    );
    expect(messagePath({ Target: 'document', EntityName: 'new_srv_workorder', RecordId: 'w1' })).toBe('/workOrder/edit/w1');
    expect(messagePath({ Target: 'document', EntityName: 'new_srv_workorder', RecordId: null })).toBeUndefined();
  });
});
