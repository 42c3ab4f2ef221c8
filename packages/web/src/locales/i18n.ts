import type { Lang, MessageKey } from '@portal/model';
import { DEFAULT_LANG, LANG_IDS } from '@portal/model/locale.ts';
import { format, messages } from '@portal/model/messages/index.ts';
import { useCallback } from 'react';
import { create } from 'zustand';
import { readJson, writeJson } from '../shared/storage.ts';
import { getSession, useSession } from '../session/store.ts';

export type Params = Record<string, string | number>;
export type Overrides = Record<string, string>;

/** One entry of GetLanguageList (spec 001 §7), saved as the locales. */
export interface LocaleEntry {
  new_code: string;
  new_displayname: string;
  new_name: string;
  new_langid: number;
}

export const LOCALES_KEY = 'portal.locales';
export const messagesKey = (code: string) => `locale-messages-${code}`;

/** The two languages the built-in tables cover; used until (or if never) the server lists them. */
export const BUILT_IN_LOCALES: LocaleEntry[] = [
  { new_code: 'zh-CN', new_displayname: '简体中文', new_name: '中文(简体)', new_langid: LANG_IDS['zh-CN'] },
  { new_code: 'en-US', new_displayname: 'English', new_name: 'English', new_langid: LANG_IDS['en-US'] },
];

export const isLang = (v: unknown): v is Lang => typeof v === 'string' && v in LANG_IDS;

interface I18nState {
  /** DB-maintained texts per language; they win over the built-in catalogue. */
  overrides: Partial<Record<Lang, Overrides>>;
  locales: LocaleEntry[];
}

function cachedOverrides(): Partial<Record<Lang, Overrides>> {
  const out: Partial<Record<Lang, Overrides>> = {};
  for (const lang of Object.keys(LANG_IDS) as Lang[]) {
    const o = readJson<Overrides>(messagesKey(lang));
    if (o && typeof o === 'object') out[lang] = o;
  }
  return out;
}

function cachedLocales(): LocaleEntry[] {
  const l = readJson<LocaleEntry[]>(LOCALES_KEY);
  const usable = Array.isArray(l) ? l.filter((e) => e && isLang(e.new_code)) : [];
  return usable.length ? usable : BUILT_IN_LOCALES;
}

export const useI18n = create<I18nState>()(() => ({ overrides: cachedOverrides(), locales: cachedLocales() }));

/** Looks a text up: DB override, then the built-in catalogue, then the key itself. */
export function translate(key: MessageKey | string, params?: Params, lang: Lang = getSession().locale): string {
  const override = useI18n.getState().overrides[lang]?.[key];
  const builtIn =
    (messages as Record<string, Record<Lang, string>>)[key]?.[lang] ??
    (messages as Record<string, Record<Lang, string>>)[key]?.[DEFAULT_LANG];
  return format(override ?? builtIn ?? key, params);
}

export type Translate = (key: MessageKey, params?: Params) => string;

/** `t(key, params)` for the current locale; re-renders when the locale or the DB texts change. */
export function useT(): Translate {
  const lang = useSession((s) => s.locale);
  const overrides = useI18n((s) => s.overrides[lang]);
  return useCallback<Translate>(
    (key, params) => {
      const text = overrides?.[key] ?? messages[key]?.[lang] ?? messages[key]?.[DEFAULT_LANG] ?? key;
      return format(text, params);
    },
    [lang, overrides],
  );
}

export function setOverrides(lang: Lang, texts: Overrides): void {
  // Cache only the DB part: merging happens at lookup, so a new release's built-in texts are never
  // shadowed by a stale cached copy of the old built-ins.
  writeJson(messagesKey(lang), texts);
  useI18n.setState((s) => ({ overrides: { ...s.overrides, [lang]: texts } }));
}

export function setLocales(list: LocaleEntry[]): void {
  const usable = list.filter((e) => isLang(e.new_code));
  const locales = usable.length ? usable : BUILT_IN_LOCALES;
  writeJson(LOCALES_KEY, locales);
  useI18n.setState({ locales });
}

export const useLocale = () => useSession((s) => s.locale);
