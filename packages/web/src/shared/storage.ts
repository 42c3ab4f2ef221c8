/**
 * localStorage access that never throws: private browsing, quota errors and hand-edited JSON
 * must not break start-up (a JSON parse failure gives null, spec 001 §8).
 */
export function readJson<T>(key: string): T | null {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw == null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    const next = JSON.stringify(value);
    // Skipping identical writes keeps other tabs from receiving pointless storage events.
    if (globalThis.localStorage?.getItem(key) !== next) globalThis.localStorage?.setItem(key, next);
  } catch {
    /* storage full or unavailable: the in-memory state still works */
  }
}

export function readText(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeText(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    /* ignore */
  }
}

export function removeKey(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    /* ignore */
  }
}
