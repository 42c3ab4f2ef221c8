import { get, put } from './idb.ts';

/** A part as the engineer app picks it (id, name, part number; online also the station's available stock). */
export interface PartOption {
  id: string;
  name: string;
  number: string;
  /** The order's station warehouse's available quantity (null: no warehouse); absent offline. */
  available?: number | null;
}

const KEPT = 500;
const keyOf = (userId: string) => `parts:${userId}`;

/** Parts seen in searches on this phone (newest first), for picking offline. */
export async function cachedParts(userId: string): Promise<PartOption[]> {
  return (await get<{ key: string; rows: PartOption[] }>('lookups', keyOf(userId)).catch(() => undefined))?.rows ?? [];
}

/** Keeps found parts (most recent first, at most 500). */
export async function rememberParts(userId: string, found: PartOption[]): Promise<void> {
  const old = await cachedParts(userId);
  const seen = new Set(found.map((p) => p.id));
  await put('lookups', { key: keyOf(userId), rows: [...found, ...old.filter((p) => !seen.has(p.id))].slice(0, KEPT) });
}

/** Offline search in the kept parts: every word in the name or part number. */
export function searchParts(rows: readonly PartOption[], q: string): PartOption[] {
  const words = q.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return rows.filter((p) => words.every((w) => p.name.toLowerCase().includes(w) || p.number.toLowerCase().includes(w))).slice(0, 20);
}
