import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portal } from '../boot.ts';
import { bearer, signIn } from '../testing/auth-helpers.ts';
import { testPortal } from '../testing/test-portal.ts';

let p: Portal;
let hq: string;
let station1: string;
beforeAll(async () => {
  p = await testPortal();
  [hq, station1] = (await Promise.all([signIn(p.app, 'hq'), signIn(p.app, 'station1')])).map((t) => t.access_token);
});
afterAll(() => p?.close());

const URL = '/api/portaluser/listsettings';
const get = (screen: string, token: string) =>
  p.app.inject({ method: 'GET', url: `${URL}?screen=${encodeURIComponent(screen)}`, headers: bearer(token) });
const put = (payload: unknown, token: string) =>
  p.app.inject({ method: 'PUT', url: URL, payload: payload as object, headers: bearer(token) });
const del = (screen: string, token: string) =>
  p.app.inject({ method: 'DELETE', url: `${URL}?screen=${encodeURIComponent(screen)}`, headers: bearer(token) });

const SETTINGS = {
  size: 'small',
  views: {
    all: [
      { key: 'new_name', width: 160, hidden: false },
      { key: 'new_phone', width: 120, hidden: true },
    ],
  },
};

describe('list settings', () => {
  it('keeps each user’s settings per screen; another user or screen has none', async () => {
    expect((await get('/workOrder/list', hq)).json().Data).toBeNull();
    expect((await put({ screen: '/workOrder/list', settings: SETTINGS }, hq)).statusCode).toBe(200);
    expect((await get('/workOrder/list', hq)).json().Data).toEqual(SETTINGS);
    expect((await get('/workOrder/list', station1)).json().Data).toBeNull();
    expect((await get('/worker/list', hq)).json().Data).toBeNull();
    // Saved again: replaced, not merged.
    await put({ screen: '/workOrder/list', settings: { size: 'large' } }, hq);
    expect((await get('/workOrder/list', hq)).json().Data).toEqual({ size: 'large' });
    const rows = await p.db.query(
      'SELECT screen FROM portal_list_setting s JOIN systemuser u ON u.systemuserid = s.user_id WHERE u.domainname = $1',
      ['hq'],
    );
    expect(rows.rows).toEqual([{ screen: '/workOrder/list' }]);
  });

  it('forgets them on reset, for the caller only', async () => {
    await put({ screen: '/claimFine/list', settings: SETTINGS }, hq);
    await put({ screen: '/claimFine/list', settings: SETTINGS }, station1);
    expect((await del('/claimFine/list', station1)).statusCode).toBe(200);
    expect((await get('/claimFine/list', station1)).json().Data).toBeNull();
    expect((await get('/claimFine/list', hq)).json().Data).toEqual(SETTINGS);
  });

  it('refuses what is not list settings, and anonymous callers', async () => {
    for (const bad of [
      { screen: 'workOrder', settings: {} },
      { screen: '/a/list', settings: { size: 'huge' } },
      { screen: '/a/list', settings: { views: { all: [{ key: 'x', width: 5000, hidden: false }] } } },
      { screen: '/a/list', settings: { views: { all: [{ key: 'x; drop', width: 100, hidden: false }] } } },
      { screen: '/a/list', settings: { other: 1 } },
      { screen: `/${'a'.repeat(300)}`, settings: {} },
    ]) {
      expect((await put(bad, hq)).statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    expect((await get('', hq)).statusCode).toBe(400);
    expect((await p.app.inject({ method: 'GET', url: `${URL}?screen=/a/list` })).statusCode).toBe(401);
    expect((await p.app.inject({ method: 'PUT', url: URL, payload: { screen: '/a/list', settings: {} } })).statusCode).toBe(401);
  });
});
