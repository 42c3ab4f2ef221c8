import { logout, writeOperationLog } from '../api/portal.ts';
import { confirm } from '../app/feedback.ts';
import { navigateTo } from '../app/navigation.ts';
import { translate } from '../locales/i18n.ts';
import { getSession } from './store.ts';

/** Ends the session: best-effort log and server logout, then local data cleared and home (spec 000 §4). */
export async function logoutNow(): Promise<void> {
  if (getSession().auth.isLoggedIn) {
    await writeOperationLog({ new_name: 'logout', new_url: location.pathname }, { silent: true }).catch(() => undefined);
    await logout({ silent: true }).catch(() => undefined);
  }
  getSession().clearAll();
  navigateTo('/');
}

/** The user menu's logout: asks 确认注销？ first (spec 000 §8). */
export function askLogout(): void {
  confirm({
    title: translate('logout.confirm'),
    content: '',
    okText: translate('common.ok'),
    cancelText: translate('common.cancel'),
    onOk: logoutNow,
  });
}
