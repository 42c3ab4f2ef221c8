import { Layout } from 'antd';
import { Link } from 'react-router';
import { useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { useNavigating } from '../RouteProgress.tsx';
import { KeepAliveOutlet } from '../KeepAliveOutlet.tsx';
import { HeaderCounters } from './HeaderCounters.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { LogoMark } from './LogoMark.tsx';
import { NavMenu } from './SideNav.tsx';
import { PageBreadcrumb } from './PageBreadcrumb.tsx';
import { PageTabs } from './PageTabs.tsx';
import { UserMenu } from './UserMenu.tsx';
import { usePhone } from '../../shared/use-phone.ts';
import { PhoneNav } from './PhoneNav.tsx';

/**
 * The store portal's shell: one top bar with the store title, navigation, language and user menu.
 * On a phone (< 768 px) the navigation and language move into a drawer opened from the bar.
 */
export function StoreLayout() {
  const t = useT();
  const phone = usePhone();
  const background = useSession((s) => s.pageBackground);
  const navigating = useNavigating();

  return (
    <Layout className={phone ? 'portal-shell portal-shell-phone' : 'portal-shell'}>
      <Layout.Header data-testid="app-header" className="portal-header store-header">
        {phone && <PhoneNav homePath="/home1" homeLabel={t('store.home')} />}
        <Link to="/home1" className="store-brand" aria-label={phone ? t('app.storeTitle') : undefined}>
          <LogoMark />
          {!phone && <h1 className="portal-title">{t('app.storeTitle')}</h1>}
        </Link>
        {!phone && (
          <nav aria-label={t('menu.nav')} className="store-nav">
            <NavMenu mode="horizontal" homePath="/home1" homeLabel={t('store.home')} />
          </nav>
        )}
        <div className="portal-header-actions">
          <HeaderCounters />
          {!phone && <LanguageSwitch />}
          <UserMenu compact={phone} />
        </div>
      </Layout.Header>
      <PageTabs home="/home1" homeLabel={t('store.home')} />
      <Layout.Content className="portal-content store-content" style={{ background }} aria-busy={navigating || undefined}>
        <div className="store-content-inner">
          <PageBreadcrumb home="/home1" homeLabel={t('store.home')} />
          <KeepAliveOutlet />
        </div>
      </Layout.Content>
    </Layout>
  );
}
