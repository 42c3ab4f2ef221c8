import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCounters } from '../../app/counters.ts';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, stubServer } from '../../test/render-app.tsx';
import { noticeBackPath, replierName } from './NoticeViewPage.tsx';

const ITEMS = [
  {
    Id: 'n1',
    Title: '关于2026年第四季度服务备件价格调整的通知',
    Sub: '自12月1日起执行',
    Type: 5,
    TypeText: '销售政策',
    PublishTime: '2026-11-18T23:00:00Z',
    Publisher: '售后服务部',
    NeedReply: true,
    IsRead: false,
    IsReplied: false,
  },
  {
    Id: 'n2',
    Title: '年末安全生产检查的通知',
    Sub: '',
    Type: 4,
    TypeText: '行政通知',
    PublishTime: '2026-11-01T00:00:00Z',
    Publisher: '行政部',
    NeedReply: false,
    IsRead: true,
    IsReplied: false,
  },
];
const DETAIL = {
  ...ITEMS[0],
  IsRead: true,
  Content: '各服务站：\n自12月1日起，液压、电气类部分备件结算价格调整。',
  Replies: [
    {
      Id: 'r1',
      Content: '收到',
      ReplierName: '刘洋（杭州西湖华辰服务站）',
      UnitName: '杭州西湖华辰服务站',
      CreatedOn: '2026-11-19T02:00:00Z',
    },
  ],
};

function signIn(privilege: string[] = ['notice.read']) {
  const s = useSession.getState();
  s.setTokens({ accessToken: 'acc', refreshToken: 'ref' });
  s.setUser({ userId: 'u-st', userName: 'station1', nickName: '陈志强', loginType: 'password', privilege: ['portal.login', ...privilege] });
}

function noticeServer(extra?: (url: string, init: RequestInit) => Response | undefined) {
  return stubServer((url, init) => {
    const own = extra?.(url, init);
    if (own) return own;
    if (url.startsWith('/api/notice/list')) return envelope({ items: ITEMS, TotalRecordCount: 2 });
    if (url === '/api/notice/unread-count') return envelope(1);
    if (url === '/api/notice/carousel')
      return envelope([{ title: '关于2026年第四季度服务备件价格调整的通知', sub: '自12月1日起执行', url: '/dmsnotice/view/n1' }]);
    if (url === '/api/notice/n1') return envelope(DETAIL);
    if (url.startsWith('/api/attachment?')) return envelope([]);
    if (url === '/api/portaluser/me') return envelope(null);
    return undefined;
  });
}
const listCalls = (f: ReturnType<typeof vi.fn>) =>
  f.mock.calls
    .map(([u]) => String(u))
    .filter((u) => u.startsWith('/api/notice/list'))
    .map((u) => new URL(u, 'http://x').searchParams);

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

describe('notices', () => {
  it('list: read state, type, publish time, unread count in the header', async () => {
    signIn();
    const f = noticeServer();
    renderApp('/dmsnotice/list');
    const items = await screen.findAllByTestId('notice-item');
    expect(screen.getByTestId('notice-list')).toBeTruthy();
    expect(items.map((i) => [i.getAttribute('data-id'), i.getAttribute('data-read')])).toEqual([
      ['n1', 'false'],
      ['n2', 'true'],
    ]);
    expect(within(items[0]).getByText('未读')).toBeTruthy();
    expect(within(items[0]).getByText('需回复')).toBeTruthy();
    expect(items[0].textContent).toContain('发布时间：2026-11-19 07:00');
    await waitFor(() => expect(screen.getByTestId('notice-unread-count').getAttribute('data-count')).toBe('1'));
    expect(listCalls(f)[0].get('count')).toBe('20');
  });

  it('the type filter and unread-only go to the URL and the call; the kept list restores them', async () => {
    signIn();
    const f = noticeServer();
    const { router } = renderApp('/dmsnotice/list');
    await screen.findAllByTestId('notice-item');
    await act(async () => fireEvent.click(screen.getByTestId('notice-unread-only')));
    await waitFor(() => expect(router.state.location.search).toBe('?f.unread=true'));
    await waitFor(() => expect(listCalls(f).at(-1)?.get('unread')).toBe('1'));
    fireEvent.mouseDown(screen.getByTestId('notice-type-filter').closest('.ant-select')!.querySelector('.ant-select-selector, input')!);
    const opts = await screen.findAllByText('销售政策', { selector: '.ant-select-item-option-content' });
    await act(async () => fireEvent.click(opts[opts.length - 1]));
    await waitFor(() => expect(listCalls(f).at(-1)?.get('type')).toBe('5'));
    fireEvent.change(screen.getByTestId('notice-search'), { target: { value: '价格' } });
    await act(async () => fireEvent.click(screen.getByTestId('notice-query')));
    await waitFor(() => expect(listCalls(f).at(-1)?.get('keyword')).toBe('价格'));

    await act(() => router.navigate('/dmsnotice/view/n1'));
    expect(await screen.findByTestId('notice-view')).toBeTruthy();
    // Back through the menu (a bare link): the kept list puts its query back.
    await act(() => router.navigate('/dmsnotice/list'));
    await waitFor(() => expect(router.state.location.search).toBe('?q=%E4%BB%B7%E6%A0%BC&f.type=5&f.unread=true'));
    expect((screen.getByTestId('notice-search') as HTMLInputElement).value).toBe('价格');
    expect((screen.getByTestId('notice-unread-only') as HTMLInputElement).checked).toBe(true);
  });

  it('view: content, replies, attachments read-only, and a reply box when a reply is needed', async () => {
    signIn();
    let reply: unknown = null;
    const f = noticeServer((url, init) => {
      if (url === '/api/notice/n1/reply') {
        reply = JSON.parse(String(init.body));
        return envelope({ Id: 'r2' });
      }
      return undefined;
    });
    renderApp('/dmsnotice/view/n1');
    const view = await screen.findByTestId('notice-view');
    expect(view.getAttribute('data-id')).toBe('n1');
    expect(screen.getByTestId('notice-content').textContent).toContain('液压、电气类部分备件结算价格调整');
    expect(screen.getAllByTestId('notice-reply')).toHaveLength(1);
    // The reply names its station once (the stored name is "person（station）").
    expect(screen.getByTestId('notice-reply-author').textContent).toBe('刘洋');
    expect(screen.getByTestId('notice-reply').textContent!.split('杭州西湖华辰服务站')).toHaveLength(2);
    // The count stands in the action row beside the button, not floated under the box.
    const actions = screen.getByTestId('notice-reply-actions');
    expect(actions.contains(screen.getByTestId('notice-reply-submit'))).toBe(true);
    expect(screen.getByTestId('notice-reply-count').textContent).toBe('0 / 1000');
    expect(document.querySelector('.ant-input-data-count')).toBeNull();
    expect(await screen.findByTestId('attachment-list')).toBeTruthy();
    expect(screen.queryByTestId('attachment-upload')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('notice-reply-submit')));
    expect(screen.getByTestId('notice-reply-error').textContent).toBe('请输入回复内容');
    // Over 1000 the reply is kept whole (never cut), refused as typed, and not sent.
    const input = screen.getByTestId('notice-reply-input') as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: '回'.repeat(1001) } });
    expect(input.value).toHaveLength(1001);
    expect(screen.getByTestId('notice-reply-count').textContent).toBe('1001 / 1000');
    expect(screen.getByTestId('notice-reply-error').textContent).toBe('回复内容不能超过 1000 字');
    await act(async () => fireEvent.click(screen.getByTestId('notice-reply-submit')));
    expect(reply).toBeNull();
    fireEvent.change(screen.getByTestId('notice-reply-input'), { target: { value: '已收到，按新价格执行。' } });
    expect(screen.getByTestId('notice-reply-count').textContent).toBe('11 / 1000');
    await act(async () => fireEvent.click(screen.getByTestId('notice-reply-submit')));
    await waitFor(() => expect(reply).toEqual({ Content: '已收到，按新价格执行。' }));
    // Opening marked it read: the unread count is asked again.
    expect(f.mock.calls.filter(([u]) => u === '/api/notice/unread-count').length).toBeGreaterThan(0);
  });

  it('no reply box when none is needed; publishers may manage attachments', async () => {
    signIn(['notice.read', 'notice.publish']);
    noticeServer((url) => (url === '/api/notice/n1' ? envelope({ ...DETAIL, NeedReply: false }) : undefined));
    renderApp('/servicenotice/view/n1');
    await screen.findByTestId('notice-view');
    expect(screen.queryByTestId('notice-reply-input')).toBeNull();
    expect(await screen.findByTestId('attachment-upload')).toBeTruthy();
  });

  it('a replier is named without the station the reply already shows', () => {
    expect(replierName('刘洋（杭州西湖华辰服务站）', '杭州西湖华辰服务站')).toBe('刘洋');
    expect(replierName('Liu Yang (Hangzhou)', 'Hangzhou')).toBe('Liu Yang');
    expect(replierName('刘洋', '杭州西湖华辰服务站')).toBe('刘洋');
    expect(replierName('刘洋（杭州西湖华辰服务站）', '')).toBe('刘洋（杭州西湖华辰服务站）');
  });

  it('back goes to the entry the user came from', () => {
    expect(noticeBackPath('/servicenotice/view/1')).toBe('/servicenotice/list');
    expect(noticeBackPath('/dmsnotice/view/1')).toBe('/dmsnotice/list');
    // The message centre opens notices at msgview: back goes to it.
    expect(noticeBackPath('/dmsnotice/msgview/1')).toBe('/message/message');
  });

  it('the service home shows the notice carousel above the shortcuts', async () => {
    signIn();
    noticeServer();
    renderApp('/servicehome');
    const carousel = await screen.findByTestId('notice-carousel');
    expect(carousel.textContent).toContain('关于2026年第四季度服务备件价格调整的通知');
    const home = screen.getByTestId('page-servicehome');
    const order = [...home.querySelectorAll('[data-testid="notice-carousel"], [data-testid="home-shortcuts"]')].map((e) =>
      e.getAttribute('data-testid'),
    );
    expect(order).toEqual(['notice-carousel', 'home-shortcuts']);
    expect(useCounters.getState().noticeUnread).toBe(1);
  });
});
