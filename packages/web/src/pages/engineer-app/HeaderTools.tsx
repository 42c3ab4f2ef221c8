import BellOutlined from '@ant-design/icons-svg/es/asn/BellOutlined';
import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import { useEffect } from 'react';
import { refreshMessageCount, useCounters } from '../../app/counters.ts';
import { isLang, useI18n, useT } from '../../locales/i18n.ts';
import { switchLocale } from '../../locales/load.ts';
import { useSession } from '../../session/store.ts';
import { Icon } from './Icon.tsx';

/** The bell's count is read again this often (the portal header's rhythm). */
const MESSAGE_REFRESH_MS = 60_000;

/**
 * The portal header's message bell in the engineer app's bar: the same unread count (app/counters.ts,
 * one cheap call at start and every 60 s while online), opening the portal's 消息中心. Drawn without
 * antd, as the rest of the list screen.
 */
export function MessageBell() {
  const t = useT();
  const n = useCounters((s) => s.messageUnread);
  const userId = useSession((s) => s.user.userId);
  useEffect(() => {
    const read = () => navigator.onLine !== false && void refreshMessageCount();
    read();
    const timer = window.setInterval(read, MESSAGE_REFRESH_MS);
    window.addEventListener('online', read);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', read);
    };
  }, [userId]);
  const label = t('message.unreadCount', { n });
  return (
    <a className="eapp-bar-link eapp-bell" href="/message/message" aria-label={label} title={label} data-testid="engineer-messages">
      <Icon def={BellOutlined} />
      <span className="eapp-badge eapp-bell-count" data-testid="message-unread-count" data-count={n} hidden={n === 0}>
        {n > 99 ? '99+' : n}
      </span>
    </a>
  );
}

/**
 * The portal's language switch (the same languages and switchLocale as its header): a native select
 * over the globe icon, so a phone opens its own picker. The texts change at once; DB-maintained
 * texts load when online.
 */
export function LanguageSelect() {
  const t = useT();
  const locale = useSession((s) => s.locale);
  const locales = useI18n((s) => s.locales);
  return (
    <label className="eapp-bar-link eapp-lang" title={t('menu.language')}>
      <Icon def={GlobalOutlined} />
      <select
        className="eapp-lang-select"
        aria-label={t('menu.language')}
        value={locale}
        onChange={(e) => {
          const v = e.target.value;
          if (isLang(v) && v !== locale) void switchLocale(v);
        }}
        data-testid="engineer-lang"
      >
        {locales.map((l) => (
          <option key={l.new_code} value={l.new_code} lang={l.new_code}>
            {l.new_displayname || l.new_name}
          </option>
        ))}
      </select>
    </label>
  );
}
