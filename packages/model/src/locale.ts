import type { Lang } from './define.ts';

/** spec 001 §7/§9: stored locale defaults to zh-CN, language id 2052; en-US is 1033. */
export const DEFAULT_LANG: Lang = 'zh-CN';
export const LANG_IDS: Record<Lang, number> = { 'zh-CN': 2052, 'en-US': 1033 };

export function langFromId(id: number | string | undefined): Lang | undefined {
  const n = Number(id);
  return (Object.keys(LANG_IDS) as Lang[]).find((l) => LANG_IDS[l] === n);
}

/** Picks the portal language from an Accept-Language header (first supported tag wins). */
export function langFromHeader(header: string | undefined): Lang {
  if (!header) return DEFAULT_LANG;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0].trim().toLowerCase();
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en-US';
  }
  return DEFAULT_LANG;
}

/** Display time zone: a fixed UTC+8 offset (spec 000 §9). */
export const DISPLAY_UTC_OFFSET_MINUTES = 8 * 60;
