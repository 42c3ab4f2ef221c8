import { afterEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_INTERVAL_MS, HEARTBEAT_KEY, isSessionDead, readHeartbeat, startHeartbeat } from './heartbeat.ts';
import { AUTH_KEY, useSession } from './store.ts';

describe('isSessionDead', () => {
  const now = 1_800_000_000_000;
  it('is dead without a heartbeat', () => {
    expect(isSessionDead(null, now)).toBe(true);
    expect(isSessionDead(Number.NaN, now)).toBe(true);
  });
  it('is alive up to and including 90 s', () => {
    expect(isSessionDead(now, now)).toBe(false);
    expect(isSessionDead(now - 60_000, now)).toBe(false);
    expect(isSessionDead(now - 90_000, now)).toBe(false);
  });
  it('is dead after more than 90 s', () => {
    expect(isSessionDead(now - 90_001, now)).toBe(true);
    expect(isSessionDead(now - 3_600_000, now)).toBe(true);
  });
  it('tolerates a beat from a clock slightly ahead', () => {
    expect(isSessionDead(now + 5_000, now)).toBe(false);
  });
});

describe('startHeartbeat', () => {
  afterEach(() => {
    vi.useRealTimers();
    useSession.getState().clearAll();
  });

  const signIn = () => useSession.getState().setTokens({ accessToken: 'a', refreshToken: 'r' });

  it('clears a session whose last beat is too old, then beats every 60 s', () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    signIn();
    localStorage.setItem(HEARTBEAT_KEY, String(1_000_000 - 91_000));
    const stop = startHeartbeat();
    expect(useSession.getState().auth.isLoggedIn).toBe(false);
    expect(localStorage.getItem(AUTH_KEY)).toBeNull();
    expect(readHeartbeat()).toBe(1_000_000);
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS);
    expect(readHeartbeat()).toBe(1_060_000);
    stop();
  });

  it("keeps the installed app's session however long it was closed", () => {
    vi.useFakeTimers();
    vi.setSystemTime(3_000_000);
    signIn();
    localStorage.setItem(HEARTBEAT_KEY, String(3_000_000 - 86_400_000));
    const stop = startHeartbeat(Date.now, true);
    expect(useSession.getState().auth.isLoggedIn).toBe(true);
    stop();
  });

  it('keeps a live session', () => {
    vi.useFakeTimers();
    vi.setSystemTime(2_000_000);
    signIn();
    localStorage.setItem(HEARTBEAT_KEY, String(2_000_000 - 30_000));
    const stop = startHeartbeat();
    expect(useSession.getState().auth.isLoggedIn).toBe(true);
    stop();
  });

  it('clears when the heartbeat is missing', () => {
    signIn();
    const stop = startHeartbeat();
    expect(useSession.getState().auth.isLoggedIn).toBe(false);
    stop();
  });
});
