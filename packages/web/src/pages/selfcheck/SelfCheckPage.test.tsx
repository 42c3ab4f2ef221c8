import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store.ts';
import { envelope, renderApp, signInAs, stubServer } from '../../test/render-app.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clearAll();
});

const CHECKS = (tiles: 'ok' | 'fail') => [
  { key: 'database', status: 'ok', detail: { engine: 'PostgreSQL', version: 'PostgreSQL 15.8' }, error: '', ms: 3 },
  { key: 'storage', status: 'ok', detail: { kind: 'local', bytes: 34 }, error: '', ms: 5 },
  { key: 'sms', status: 'ok', detail: { provider: 'OutboxSmsProvider', outbox: true, testMode: true }, error: '', ms: 1 },
  tiles === 'ok'
    ? { key: 'mapTiles', status: 'ok', detail: { configured: true, url: 'http://127.0.0.1:9/0/0/0.png', http: 200 }, error: '', ms: 12 }
    : {
        key: 'mapTiles',
        status: 'fail',
        detail: { configured: true, url: 'http://127.0.0.1:9/0/0/0.png', http: 404 },
        error: 'HTTP 404',
        ms: 9,
      },
  { key: 'version', status: 'ok', detail: { version: '0.1.0', commit: 'abc123def456', node: 'v20.19.0', uptimeSec: 42 }, error: '', ms: 0 },
];

describe('self-check (/test/test)', () => {
  it('shows every check with its status, facts and time; 重新检查 runs them again', async () => {
    signInAs(['system.admin']);
    let n = 0;
    const fetchMock = stubServer((url) =>
      url.startsWith('/api/system/selfcheck') ? envelope(CHECKS(n++ === 0 ? 'ok' : 'fail')) : undefined,
    );
    renderApp('/test/test');
    expect((await screen.findByTestId('selfcheck-status-database', {}, { timeout: 15_000 })).textContent).toBe('正常');
    for (const k of ['storage', 'sms', 'mapTiles', 'version']) expect(screen.getByTestId(`selfcheck-status-${k}`).textContent).toBe('正常');
    expect(screen.getByTestId('selfcheck-row-database').textContent).toContain('引擎：PostgreSQL');
    expect(screen.getByTestId('selfcheck-row-database').textContent).toContain('3 毫秒');
    expect(screen.getByTestId('selfcheck-row-sms').textContent).toContain('测试模式：是');
    expect(screen.getByTestId('selfcheck-row-version').textContent).toContain('v20.19.0');

    await act(async () => fireEvent.click(screen.getByTestId('selfcheck-rerun')));
    await waitFor(() => expect(screen.getByTestId('selfcheck-status-mapTiles').textContent).toBe('故障'));
    expect(screen.getByTestId('selfcheck-row-mapTiles').getAttribute('data-status')).toBe('fail');
    expect(screen.getByTestId('selfcheck-errtext-mapTiles').textContent).toBe('HTTP 404');
    expect(fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/system/selfcheck'))).toHaveLength(2);
  });

  it('is not offered to a station user (no privilege: 401 page)', async () => {
    signInAs(['station.read']);
    stubServer();
    const { router } = renderApp('/test/test');
    await waitFor(() => expect(router.state.location.pathname).toBe('/401'), { timeout: 15_000 });
  });
});
