import { createContext, useContext, useState } from 'react';
import { useLocation } from 'react-router';
import { create } from 'zustand';

/**
 * The key of the screen a component belongs to: the pathname the screen was opened at (as
 * markDirty and the page tabs use). The shell's outlet provides it for each mounted screen, so a
 * screen hidden in its page tab still knows its own key while the URL shows another screen;
 * outside the shell it is the pathname the component was mounted at.
 */
export const ScreenKeyContext = createContext<string | null>(null);

export function useScreenKey(): string {
  const own = useContext(ScreenKeyContext);
  const [mounted] = useState(useLocation().pathname);
  return own ?? mounted;
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
