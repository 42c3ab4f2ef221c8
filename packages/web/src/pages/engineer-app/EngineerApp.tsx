import AppstoreOutlined from '@ant-design/icons-svg/es/asn/AppstoreOutlined';
import LogoutOutlined from '@ant-design/icons-svg/es/asn/LogoutOutlined';
import { ENGINEER_APP, isEngineerAppPath } from '@portal/model/engineer-app.ts';
import { useEffect } from 'react';
import { useT } from '../../locales/i18n.ts';
import { askLogout } from '../../session/logout.ts';
import { useSession } from '../../session/store.ts';
import { useOnDemand } from '../../shared/use-on-demand.ts';
import { useUpdateAvailable } from '../../sw/update.ts';
import { go, onAppLink, screenOf, useAppPath } from './app-nav.ts';
import { LanguageSelect, MessageBell } from './HeaderTools.tsx';
import { Icon } from './Icon.tsx';
import { MyWorkOrdersPage } from './MyWorkOrdersPage.tsx';

// One order's screen uses antd's form controls: loaded when an order is opened (the service worker
// precaches it for offline use), never on the way to the list.
const loadOrderScreen = () => import('./OrderScreen.tsx');

/** 有新版本可用 … 刷新: a new version is announced in the bar, never forced (sw/update.ts). */
function UpdateBanner() {
  const t = useT();
  const accept = useUpdateAvailable();
  if (!accept) return null;
  return (
    <div className="eapp-alert eapp-alert-info eapp-update" role="status" data-testid="sw-update-notice">
      <div className="eapp-strong">{t('pwa.updateTitle')}</div>
      <div className="eapp-secondary">{t('pwa.updateBody')}</div>
      <button type="button" className="eapp-btn eapp-btn-primary eapp-btn-small" onClick={() => accept()}>
        {t('pwa.reload')}
      </button>
    </div>
  );
}

/**
 * The engineer app's page (mobile.html): a title bar with the way to the whole portal, and its two
 * screens — 我的工单 and one order. Signed out, the portal's sign-in brings the engineer back here.
 */
export function EngineerApp() {
  const t = useT();
  const path = useAppPath();
  const loggedIn = useSession((s) => s.auth.isLoggedIn);
  const allowed = useSession((s) => s.user.privilege.includes(ENGINEER_APP.privilege));
  const screen = screenOf(path);
  const OrderScreen = useOnDemand(loadOrderScreen, loggedIn && allowed && screen?.screen === 'order');

  useEffect(() => {
    document.title = t('menu.myWorkOrders');
  }, [t]);
  useEffect(() => {
    if (!loggedIn) go(`/login?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`, { replace: true });
  }, [loggedIn]);
  if (!loggedIn) return null;

  return (
    <div className="eapp-page">
      <header className="eapp-bar">
        <a className="eapp-bar-title" href={ENGINEER_APP.home} onClick={onAppLink(ENGINEER_APP.home)}>
          {t('menu.myWorkOrders')}
        </a>
        <span className="eapp-bar-actions">
          <MessageBell />
          <LanguageSelect />
          <a className="eapp-bar-link" href="/menu/menulist" data-testid="engineer-all-functions">
            <Icon def={AppstoreOutlined} /> {t('engineerApp.allFunctions')}
          </a>
          {/* 确认注销？ as in the portal's user menu; what waits on the phone stays queued for this user. */}
          <button type="button" className="eapp-bar-link" onClick={askLogout} data-testid="engineer-logout">
            <Icon def={LogoutOutlined} /> {t('menu.logout')}
          </button>
        </span>
      </header>
      <main className="eapp-main" data-testid="engineer-main">
        <UpdateBanner />
        {!allowed ? (
          <div className="eapp-empty" role="alert" data-testid="engineer-forbidden">
            {t('error.noPermission')}
          </div>
        ) : screen?.screen === 'list' ? (
          <MyWorkOrdersPage />
        ) : !isEngineerAppPath(path) ? (
          // A portal path (Back onto the portal's entry): the portal's page is loading (app-nav.ts).
          <div className="eapp-loading" role="status" aria-label={t('engineerApp.loading')} />
        ) : screen?.screen === 'order' ? (
          OrderScreen ? (
            <OrderScreen id={screen.id} />
          ) : (
            <div className="eapp-loading" role="status" aria-label={t('engineerApp.loading')} />
          )
        ) : (
          <div className="eapp-empty" data-testid="engineer-no-screen">
            <p>{t('error.notFound')}</p>
            <a className="eapp-btn" href={ENGINEER_APP.home} onClick={onAppLink(ENGINEER_APP.home)}>
              {t('engineerApp.back')}
            </a>
          </div>
        )}
      </main>
    </div>
  );
}
