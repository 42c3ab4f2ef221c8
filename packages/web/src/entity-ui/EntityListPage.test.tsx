import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { buildRoutes } from '../app/router.tsx';
import type { RouteDef } from '../app/routes.ts';
import { useSession } from '../session/store.ts';
import { envelope, renderApp, stubServer } from '../test/render-app.tsx';
import { EntityListPage } from './EntityListPage.tsx';

const WORKERS = [
  {
    new_srv_workerid: 'w1',
    new_code: 'SH001-E001',
    new_name: '赵磊',
    new_sex: 1,
    'new_sex@OData.Community.Display.V1.FormattedValue': '男',
    new_job: 3,
    new_phone: '15800158003',
    new_station_id: 's1',
    'new_station_id@OData.Community.Display.V1.FormattedValue': '上海浦东华辰服务站',
    new_workyear: 8,
    new_load: 2,
  },
  {
    new_srv_workerid: 'w2',
    new_code: 'SH001-E002',
    new_name: '钱伟',
    new_sex: 1,
    new_job: 2,
    new_phone: '15800158004',
    new_station_id: 's1',
    new_workyear: 4,
    new_load: 0,
  },
];

function signIn(privilege: string[]) {
  const s = useSession.getState();
  s.setTokens({ accessToken: 'acc', refreshToken: 'ref' });
  s.setUser({ userId: 'u1', userName: 'station1', nickName: '陈志强', loginType: 'password', privilege: ['portal.login', ...privilege] });
}

function recordsServer(rows = WORKERS, count = 45) {
  return stubServer((url) => {
    if (url.startsWith('/api/crmdata/Retrieve/new_srv_workers')) return envelope({ value: rows, '@odata.count': count });
    return undefined;
  });
}
const queries = (f: ReturnType<typeof vi.fn>) =>
  f.mock.calls
    .map(([u]) => String(u))
    .filter((u) => u.startsWith('/api/crmdata/Retrieve/new_srv_workers'))
    .map((u) => new URL(u, 'http://x').searchParams);

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

describe('EntityListPage (grid with views)', () => {
  it('has every test hook, the entity attribute and rows with their ids', async () => {
    signIn(['worker.read', 'worker.write']);
    const f = recordsServer();
    renderApp('/worker/list');
    const list = await screen.findByTestId('entity-list');
    expect(list.getAttribute('data-entity')).toBe('new_srv_worker');
    for (const id of [
      'list-view-select',
      'list-search',
      'list-query',
      'list-reset',
      'list-more-filters',
      'list-new',
      'list-export',
      'list-import',
    ]) {
      expect(screen.getByTestId(id), id).toBeTruthy();
    }
    const rows = await screen.findAllByTestId('list-row');
    // The paging bar comes with the first answer, below the rows (no layout shift).
    expect(screen.getByTestId('list-pagination')).toBeTruthy();
    expect(rows.map((r) => r.getAttribute('data-id'))).toEqual(['w1', 'w2']);
    expect(within(rows[0]).getByText('上海浦东华辰服务站')).toBeTruthy();
    expect((screen.getByTestId('list-search') as HTMLInputElement).tagName).toBe('INPUT');
    expect((screen.getByTestId('list-search').closest('.ant-input-affix-wrapper') as HTMLElement).style.width).toBe('220px');
    const q = queries(f)[0];
    expect(q.get('$top')).toBe('20');
    expect(q.get('$count')).toBe('true');
    expect(q.get('$orderby')).toBe('createdon desc');
    expect(q.get('$select')).toContain('new_srv_workerid');
    const prefer = (f.mock.calls.find(([u]) => String(u).startsWith('/api/crmdata/Retrieve'))?.[1]?.headers as Record<string, string>)
      .Prefer;
    expect(prefer).toBe('odata.include-annotations="OData.Community.Display.V1.FormattedValue"');
  });

  it('keeps its state in the URL and goes back to page 1 on a search', async () => {
    signIn(['worker.read']);
    const f = recordsServer();
    const { router } = renderApp('/worker/list?page=3&size=10');
    await screen.findAllByTestId('list-row');
    expect(queries(f).at(-1)?.get('$skip')).toBe('20');
    expect(queries(f).at(-1)?.get('$top')).toBe('10');
    fireEvent.change(screen.getByTestId('list-search'), { target: { value: '赵' } });
    await act(async () => fireEvent.click(screen.getByTestId('list-query')));
    await waitFor(() => expect(router.state.location.search).toBe('?q=%E8%B5%B5&size=10'));
    await waitFor(() =>
      expect(queries(f).at(-1)?.get('$filter')).toBe("(contains(new_name,'赵') or contains(new_code,'赵') or contains(new_phone,'赵'))"),
    );
    expect(queries(f).at(-1)?.get('$skip')).toBeNull();
  });

  it('sorts by a column through the URL', async () => {
    signIn(['worker.read']);
    const f = recordsServer();
    const { router } = renderApp('/worker/list');
    await screen.findAllByTestId('list-row');
    await act(async () => fireEvent.click(within(screen.getByTestId('entity-list')).getAllByText('工号')[0]));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=new_code.asc'));
    await waitFor(() => expect(queries(f).at(-1)?.get('$orderby')).toBe('new_code asc'));
  });

  it('a view comes with its fixed filter', async () => {
    signIn(['worker.read']);
    const f = recordsServer();
    const { router } = renderApp('/worker/list?view=senior');
    await screen.findAllByTestId('list-row');
    expect(queries(f).at(-1)?.get('$filter')).toBe('new_job eq 3');
    expect(router.state.location.search).toBe('?view=senior');
  });

  it('shows the empty text only once the answer is there, never under the spinner', async () => {
    signIn(['worker.read']);
    let answer: (r: Response) => void = () => undefined;
    stubServer((url) =>
      url.startsWith('/api/crmdata/Retrieve/new_srv_workers')
        ? new Promise<Response>((r) => {
            answer = r;
          })
        : undefined,
    );
    renderApp('/worker/list');
    await screen.findByTestId('entity-list');
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).not.toBeNull());
    expect(screen.queryByTestId('list-empty')).toBeNull();
    await act(async () => answer(envelope({ value: [], '@odata.count': 0 })));
    expect((await screen.findByTestId('list-empty')).textContent).toBe('哎呀！没有找到您想要的内容');
    expect(document.querySelector('.ant-spin-spinning')).toBeNull();
  });

  it('empty texts: nothing at all, or nothing matching a search', async () => {
    signIn(['worker.read']);
    recordsServer([], 0);
    renderApp('/worker/list');
    expect((await screen.findByTestId('list-empty')).textContent).toBe('哎呀！没有找到您想要的内容');
    fireEvent.change(screen.getByTestId('list-search'), { target: { value: '不存在' } });
    await act(async () => fireEvent.click(screen.getByTestId('list-query')));
    await waitFor(() => expect(screen.getByTestId('list-empty').textContent).toBe('抱歉！没有找到匹配的结果，换个关键词试试'));
  });

  it('readers get no new, import or delete', async () => {
    signIn(['worker.read']);
    recordsServer();
    renderApp('/worker/list');
    await screen.findAllByTestId('list-row');
    expect(screen.queryByTestId('list-new')).toBeNull();
    expect(screen.queryByTestId('list-import')).toBeNull();
    expect(screen.queryByTestId('list-row-delete')).toBeNull();
    expect(screen.getByTestId('list-export')).toBeTruthy();
  });

  it('more filters: one input per view column, applied on query', async () => {
    signIn(['worker.read']);
    const f = recordsServer();
    const { router } = renderApp('/worker/list');
    await screen.findAllByTestId('list-row');
    fireEvent.click(screen.getByTestId('list-more-filters'));
    for (const c of ['new_code', 'new_name', 'new_sex', 'new_job', 'new_phone', 'new_station_id', 'new_workyear', 'new_load'])
      expect(screen.getByTestId(`list-filter-${c}`), c).toBeTruthy();
    fireEvent.change(screen.getByTestId('list-filter-new_code'), { target: { value: 'E00' } });
    await act(async () => fireEvent.click(screen.getByTestId('list-query')));
    await waitFor(() => expect(router.state.location.search).toBe('?f.new_code=E00'));
    await waitFor(() => expect(queries(f).at(-1)?.get('$filter')).toBe("contains(new_code,'E00')"));
    await act(async () => fireEvent.click(screen.getByTestId('list-reset')));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe('a kept list (route keepAlive)', () => {
  it('keeps its search and page while the user opens a record, and puts them back in the URL', async () => {
    signIn(['worker.read']);
    const f = recordsServer();
    const defs: RouteDef[] = [
      {
        name: 'kept',
        path: '/workerkept/list',
        layout: 'shell',
        keepAlive: true,
        load: async () => ({ default: () => <EntityListPage entity="new_srv_worker" routeBase="/workerkept" /> }),
      },
      {
        name: 'other',
        path: '/workerkept/edit/:id',
        layout: 'shell',
        load: async () => ({ default: () => <p data-testid="other">记录</p> }),
      },
    ];
    const router = createMemoryRouter(buildRoutes(defs), { initialEntries: ['/workerkept/list?page=2'] });
    render(<RouterProvider router={router} />);
    await screen.findAllByTestId('list-row');
    fireEvent.change(screen.getByTestId('list-search'), { target: { value: '赵' } });
    await act(async () => fireEvent.click(screen.getByTestId('list-query')));
    await waitFor(() => expect(router.state.location.search).toBe('?q=%E8%B5%B5'));
    const calls = queries(f).length;
    await act(async () => fireEvent.click(screen.getAllByTestId('list-row')[0]));
    expect(await screen.findByTestId('other')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/workerkept/edit/w1');
    // Hidden, the list does not follow the other screen's location.
    expect(queries(f).length).toBe(calls);
    await act(() => router.navigate('/workerkept/list'));
    await waitFor(() => expect(router.state.location.search).toBe('?q=%E8%B5%B5'));
    expect((screen.getByTestId('list-search') as HTMLInputElement).value).toBe('赵');
  });
});
