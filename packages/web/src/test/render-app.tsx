import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { App } from '../app/App.tsx';
import { bindNavigation } from '../app/navigation.ts';
import { buildRoutes } from '../app/router.tsx';
import { useSession } from '../session/store.ts';

export type Handler = (url: string, init: RequestInit) => Response | Promise<Response> | undefined;

export const envelope = (Data: unknown, Message = '', status = 200, statusText = 'OK') =>
  new Response(JSON.stringify({ ErrorCode: status === 200 ? 0 : status, Message, Data }), {
    status,
    statusText,
    headers: { 'content-type': 'application/json' },
  });

export const jsonReply = (body: unknown, status = 200, statusText = 'OK') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });

export const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><text x="10" y="30">AB12</text></svg>';

type SessionUser = Parameters<ReturnType<typeof useSession.getState>['setUser']>[0];

/** A signed-in user holding `privilege` (and portal.login), as the session store keeps it. */
export function signInAs(privilege: string[], user: Partial<SessionUser> = {}) {
  const s = useSession.getState();
  s.setTokens({ accessToken: 'acc', refreshToken: 'ref' });
  s.setUser({ userId: 'u1', userName: 'x', nickName: '测试', loginType: 'password', ...user, privilege: ['portal.login', ...privilege] });
}

/** A fake server: the given handler first, then sensible answers for captcha and languages. */
export function stubServer(handler: Handler = () => undefined) {
  let n = 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const own = await handler(url, init);
    if (own) return own;
    if (url.startsWith('/api/captcha')) return jsonReply({ captchaId: `cap-${++n}`, image: SVG });
    if (url.startsWith('/api/PortalLanguage/GetLanguageConfigs')) return envelope({ LangId: 2052, LanguageConfigs: {} });
    return envelope(null, 'not found', 404, 'Not Found');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Renders the whole app (guards, layouts, screens) at a path, in memory. */
export function renderApp(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  bindNavigation(
    (to, opts) => void router.navigate(to, opts),
    () => `${router.state.location.pathname}${router.state.location.search}`,
  );
  const view = render(<App router={router} />);
  return { router, ...view };
}

export const ME = {
  userId: 'u-station1',
  userName: 'station1',
  nickName: '陈志强',
  fullName: '陈志强',
  loginType: 'password',
  avatarUrl: '',
  departName: '上海浦东华辰服务站',
  departId: 'st-1',
  userType: 3,
  privilege: ['parts.read', 'portal.login', 'workorder.read'],
  roles: ['服务站站长'],
  mobilephone: '13800138001',
  stationName: '上海浦东华辰服务站',
  businessUnitName: '上海浦东华辰服务站',
  portal: 'standard',
  sessionStartedAt: '2026-11-20T01:02:03.000Z',
};
