import type { Lang } from '@portal/model';
import { LANG_IDS } from '@portal/model/locale.ts';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { getLanguageConfigs, getLanguageList } from '../api/portal.ts';
import { toast } from '../app/feedback.ts';
import { getSession } from '../session/store.ts';
import { setLocales, setOverrides, translate } from './i18n.ts';

const DAYJS_LOCALE: Record<Lang, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

/** Keeps <html lang> and dayjs in step with the portal language. */
export function applyDocumentLocale(lang: Lang): void {
  document.documentElement.lang = lang;
  dayjs.locale(DAYJS_LOCALE[lang]);
}

/** Fetches the DB texts for a language; on failure keeps the built-in (or cached) texts. */
export async function loadMessages(lang: Lang): Promise<void> {
  try {
    const data = await getLanguageConfigs(LANG_IDS[lang], { silent: true });
    setOverrides(lang, data?.LanguageConfigs ?? {});
  } catch {
    toast.error(translate('error.loadMessages', undefined, lang));
  }
}

export async function loadLocales(): Promise<void> {
  try {
    setLocales((await getLanguageList({ silent: true })) ?? []);
  } catch {
    toast.error(translate('error.loadLocales'));
  }
}

/** Switches the portal language: stored, applied to the page, and its DB texts re-fetched. */
export async function switchLocale(lang: Lang): Promise<void> {
  getSession().setLocale(lang);
  applyDocumentLocale(lang);
  await loadMessages(lang);
}
