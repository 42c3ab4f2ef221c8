import { create } from 'zustand';
import { useSession } from '../session/store.ts';
import { dropPageTitles, usePageMeta } from './page-meta.ts';
import { confirmDiscard, isDirty, markDirty, onScreenClosed, setKeepPolicy } from './unsaved-changes.ts';

/** One page tab: a screen opened in this session, by key (the pathname), reopened at its full URL. */
export interface PageTab {
  key: string;
  /** Pathname and query as last shown (a list's filters live in its query). */
  url: string;
  /** The screen's heading as last published (a record's name), kept over a reload. */
  title?: string;
  /** The route is a "keep" screen (spec keep): the cap closes it after the other clean tabs. */
  keep?: boolean;
}

interface TabsState {
  /** The user the tabs belong to; another user (or none) starts without them. */
  owner: string;
  tabs: PageTab[];
  /** Keys, least recently shown first. */
  used: string[];
}

/** Open tabs beyond this close the least recently used clean tab; dirty tabs are never closed silently. */
export const MAX_TABS = 12;
export const TABS_KEY = 'portal.pageTabs';

const currentUser = () => useSession.getState().user.userId;

/** The tabs this browser tab's session saved for the signed-in user (none for another user). */
export function restoreTabs(): TabsState {
  const blank: TabsState = { owner: currentUser(), tabs: [], used: [] };
  try {
    const raw = globalThis.sessionStorage?.getItem(TABS_KEY);
    const s = raw ? (JSON.parse(raw) as Partial<TabsState>) : null;
    if (!s || s.owner !== blank.owner || !blank.owner || !Array.isArray(s.tabs)) return blank;
    const tabs = s.tabs.filter((t): t is PageTab => !!t && typeof t.key === 'string' && typeof t.url === 'string');
    const keys = new Set(tabs.map((t) => t.key));
    const used = Array.isArray(s.used) ? s.used.filter((k) => typeof k === 'string' && keys.has(k)) : [];
    return { owner: blank.owner, tabs, used };
  } catch {
    return blank;
  }
}

export const usePageTabs = create<TabsState>()(() => restoreTabs());

// Survive a reload within the browser tab's session; a sign-out or another account drops them.
usePageTabs.subscribe((s) => {
  try {
    if (s.owner && s.tabs.length) globalThis.sessionStorage?.setItem(TABS_KEY, JSON.stringify(s));
    else globalThis.sessionStorage?.removeItem(TABS_KEY);
  } catch {
    /* storage unavailable: tabs still work for this page load */
  }
});
useSession.subscribe((s) => {
  if (s.user.userId === usePageTabs.getState().owner) return;
  usePageTabs.setState({ owner: s.user.userId, tabs: [], used: [] });
  dropPageTitles(() => true);
});
// Headings published by screens become their tabs' titles.
usePageMeta.subscribe(({ titles }) => {
  const { tabs } = usePageTabs.getState();
  if (tabs.some((t) => titles[t.key] && titles[t.key] !== t.title)) {
    usePageTabs.setState({ tabs: tabs.map((t) => (titles[t.key] ? { ...t, title: titles[t.key] } : t)) });
  }
});

export const isTabOpen = (key: string): boolean => usePageTabs.getState().tabs.some((t) => t.key === key);

/** The pinned home tab comes first and stays. */
export function ensureHome(home: string): void {
  const { tabs } = usePageTabs.getState();
  if (tabs[0]?.key === home) return;
  const own = tabs.find((t) => t.key === home) ?? { key: home, url: home };
  usePageTabs.setState({ tabs: [own, ...tabs.filter((t) => t.key !== home)] });
}

/**
 * The screen at `key` is shown (navigation by menu, link, back/forward): open its tab or bring it
 * up to date, then keep within the cap. Returns the keys the cap closed.
 */
export function visitTab(key: string, url: string, keep: boolean, home: string): string[] {
  const s = usePageTabs.getState();
  const has = s.tabs.some((t) => t.key === key);
  let tabs = has ? s.tabs.map((t) => (t.key === key ? { ...t, url, keep } : t)) : [...s.tabs, { key, url, keep }];
  const used = [...s.used.filter((k) => k !== key), key];
  const closed: string[] = [];
  while (tabs.length > MAX_TABS) {
    const clean = (k: string) => k !== key && k !== home && !isDirty(k) && tabs.some((t) => t.key === k);
    const byUse = [...tabs.map((t) => t.key).filter((k) => !used.includes(k)), ...used];
    const kept = new Set(tabs.filter((t) => t.keep).map((t) => t.key));
    const victim = byUse.find((k) => clean(k) && !kept.has(k)) ?? byUse.find(clean);
    if (!victim) break; // every other tab holds unsaved changes: over the cap rather than lose them
    closed.push(victim);
    tabs = tabs.filter((t) => t.key !== victim);
  }
  usePageTabs.setState({ tabs, used: used.filter((k) => tabs.some((t) => t.key === k)) });
  if (closed.length) dropPageTitles((k) => closed.includes(k));
  return closed;
}

/**
 * A screen that replaced another in the history (a saved new record opening as its edit screen)
 * takes that screen's tab, in its place, when the replaced one holds no unsaved changes.
 */
export function replaceTab(from: string, key: string, url: string, keep: boolean, home: string): string[] {
  const s = usePageTabs.getState();
  const at = s.tabs.findIndex((t) => t.key === from);
  if (from === key || from === home || at < 0 || isDirty(from) || s.tabs.some((t) => t.key === key)) return visitTab(key, url, keep, home);
  const tabs = [...s.tabs];
  tabs[at] = { key, url, keep };
  usePageTabs.setState({ tabs, used: [...s.used.filter((k) => k !== from), key] });
  dropPageTitles((k) => k === from);
  return [];
}

/** Removes tabs without asking (their changes were already confirmed or saved). */
export function removeTabs(keys: string[], home: string): void {
  const drop = new Set(keys.filter((k) => k !== home));
  if (!drop.size) return;
  const s = usePageTabs.getState();
  usePageTabs.setState({ tabs: s.tabs.filter((t) => !drop.has(t.key)), used: s.used.filter((k) => !drop.has(k)) });
  dropPageTitles((k) => drop.has(k));
  // A closed screen's changes go with it (a hidden screen could not clear its own mark).
  for (const k of drop) markDirty(k, false);
}

/**
 * Closes tabs after confirmDiscard for those holding unsaved changes; false when the user kept
 * them. When the active tab is among them, `show` gets the tab to show instead (its right
 * neighbour, else its left) before the tabs go: leaving while the tab is still open is a kept
 * screen's leave, which no route guard holds up.
 */
export async function closeTabs(keys: string[], active: string, home: string, show: (tab: PageTab) => void): Promise<boolean> {
  const drop = keys.filter((k) => k !== home);
  if (!drop.length) return true;
  if (!(await confirmDiscard(drop))) return false;
  const before = usePageTabs.getState().tabs;
  if (drop.includes(active)) {
    const at = before.findIndex((t) => t.key === active);
    const stays = (t: PageTab) => !drop.includes(t.key);
    const next = before.slice(at + 1).find(stays) ?? before.slice(0, Math.max(at, 0)).reverse().find(stays) ?? before.find(stays);
    if (next) show(next);
  }
  removeTabs(drop, home);
  return true;
}

/**
 * Installs the agreed policy while a tab bar is shown: a screen whose tab is open stays mounted, so
 * leaving it keeps its changes (willKeep); a screen its form says it is done with loses its tab.
 */
export function installTabPolicy(home: string): () => void {
  setKeepPolicy(isTabOpen);
  const off = onScreenClosed((key) => removeTabs([key], home));
  return () => {
    setKeepPolicy(() => false);
    off();
  };
}
