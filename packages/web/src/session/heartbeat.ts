import { readText, writeText } from '../shared/storage.ts';
import { useSession } from './store.ts';

export const HEARTBEAT_KEY = 'portal.heartbeat';
/** spec 000 §9: a beat every 60 s; more than 90 s without one means the session is dead. */
export const HEARTBEAT_INTERVAL_MS = 60_000;
export const SESSION_DEAD_AFTER_MS = 90_000;

/**
 * True when the saved session should be dropped at start: no beat at all, an unreadable one, or the
 * last beat more than 90 s ago (every tab was closed for a while — like a session cookie).
 */
export function isSessionDead(lastBeat: number | null, now: number): boolean {
  if (lastBeat == null || !Number.isFinite(lastBeat)) return true;
  return now - lastBeat > SESSION_DEAD_AFTER_MS;
}

export function readHeartbeat(): number | null {
  const raw = readText(HEARTBEAT_KEY);
  if (raw == null || raw === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

/**
 * True when the portal runs as the installed app (launched from the home screen). Like a phone app
 * it keeps its session when closed: an engineer reopening it at a customer's site without a
 * connection must still reach their orders and queued work (issue 15). The server's token expiry
 * still ends the session; the browser-tab rule above is unchanged.
 */
export function runsInstalled(): boolean {
  return (
    typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches
  );
}

/** Checks liveness once (not in the installed app), then beats every 60 s. Returns a stop function (tests, hot reload). */
export function startHeartbeat(now: () => number = Date.now, installed = runsInstalled()): () => void {
  if (!installed && isSessionDead(readHeartbeat(), now())) useSession.getState().clearAll();
  const beat = () => writeText(HEARTBEAT_KEY, String(now()));
  beat();
  const timer = setInterval(beat, HEARTBEAT_INTERVAL_MS);
  return () => clearInterval(timer);
}
