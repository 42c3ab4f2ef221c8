import { createContext, useContext } from 'react';
import { useLocation } from 'react-router';
import { create } from 'zustand';

/**
 * The key of the screen a component belongs to: the pathname the screen was opened at (as
 * markDirty uses). The shell's outlet provides it for each mounted screen, so a screen hidden in
 * its page tab still knows its own key while the URL shows another screen.
 */
export const ScreenKeyContext = createContext<string | null>(null);

export function useScreenKey(): string {
  const own = useContext(ScreenKeyContext);
  const { pathname } = useLocation();
  return own ?? pathname;
}

/**
 * What screens say about themselves for the page tabs and the breadcrumb: the title (a record's
 * name, "新建工单"), by screen key. The shell's outlet publishes each screen's heading (its h2).
 */
export const usePageMeta = create<{ titles: Record<string, string> }>()(() => ({ titles: {} }));

export function setPageTitle(key: string, title: string): void {
  const titles = usePageMeta.getState().titles;
  if (titles[key] === title) return;
  usePageMeta.setState({ titles: { ...titles, [key]: title } });
}

export function dropPageTitles(keys: (key: string) => boolean): void {
  const titles = usePageMeta.getState().titles;
  const next = Object.fromEntries(Object.entries(titles).filter(([k]) => !keys(k)));
  if (Object.keys(next).length !== Object.keys(titles).length) usePageMeta.setState({ titles: next });
}

export const usePageTitle = (key: string): string | undefined => usePageMeta((s) => s.titles[key]);
