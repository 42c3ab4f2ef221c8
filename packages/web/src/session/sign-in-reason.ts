import { useSyncExternalStore } from 'react';

/**
 * Why the last session ended (issue 12 item 9): the account signed in elsewhere (HTTP 409) or the
 * session expired (refresh refused). The API client records it before the guards move the user to
 * sign-in, and the sign-in card shows it until the user acts (types, signs in or closes it). Kept in
 * sessionStorage (this tab only, never the URL), so it survives the redirects and a reload.
 */
export type SignInReason =
  | { kind: 'elsewhere' }
  /** `text`: the server's own wording of the refusal, when it gave one. */
  | { kind: 'expired'; text?: string };

export const SIGN_IN_REASON_KEY = 'portal.signInReason';

function load(): SignInReason | null {
  try {
    const v = JSON.parse(globalThis.sessionStorage?.getItem(SIGN_IN_REASON_KEY) ?? 'null') as SignInReason | null;
    if (v?.kind === 'elsewhere') return { kind: 'elsewhere' };
    if (v?.kind === 'expired') return typeof v.text === 'string' && v.text ? { kind: 'expired', text: v.text } : { kind: 'expired' };
    return null;
  } catch {
    return null;
  }
}

let current: SignInReason | null | undefined;
const listeners = new Set<() => void>();

export function readSignInReason(): SignInReason | null {
  if (current === undefined) current = load();
  return current;
}

function put(reason: SignInReason | null): void {
  current = reason;
  try {
    if (reason) globalThis.sessionStorage?.setItem(SIGN_IN_REASON_KEY, JSON.stringify(reason));
    else globalThis.sessionStorage?.removeItem(SIGN_IN_REASON_KEY);
  } catch {
    /* storage unavailable: the in-memory copy still shows it */
  }
  listeners.forEach((l) => l());
}

export const setSignInReason = (reason: SignInReason) => put(reason);

export function clearSignInReason(): void {
  if (readSignInReason() !== null) put(null);
}

/** The reason to show on the sign-in card, live (a kept-alive sign-in screen sees a new one). */
export function useSignInReason(): SignInReason | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    readSignInReason,
    readSignInReason,
  );
}

/** Tests: forget the in-memory copy so the next read comes from storage. */
export function resetSignInReasonCache(): void {
  current = undefined;
}
