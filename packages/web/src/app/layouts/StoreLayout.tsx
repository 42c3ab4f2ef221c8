import { Layout } from 'antd';
import { Link } from 'react-router';
import { useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { KeepAliveOutlet } from '../KeepAliveOutlet.tsx';
import { HeaderCounters } from './HeaderCounters.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { LogoMark } from './LogoMark.tsx';
import { NavMenu } from './SideNav.tsx';
import { PageBreadcrumb } from './PageBreadcrumb.tsx';
import { PageTabs } from './PageTabs.tsx';
import { UserMenu } from './UserMenu.tsx';

/** The store portal's shell: one top bar with the store title, navigation, language and user menu. */
export function StoreLayout() {
  const t = useT();
  const background = useSession((s) => s.pageBackground);

  return (
    <Layout className="portal-shell">
      <Layout.Header data-testid="app-header" className="portal-header store-header">
        <Link to="/home1" className="store-brand">
          <LogoMark />
          <h1 className="portal-title">{t('app.storeTitle')}</h1>
        </Link>
        <nav aria-label={t('menu.nav')} className="store-nav">
          <NavMenu mode="horizontal" homePath="/home1" homeLabel={t('store.home')} />
        </nav>
        <div className="portal-header-actions">
          <HeaderCounters />
          <LanguageSwitch />
          <UserMenu />
        </div>
      </Layout.Header>
      <PageTabs home="/home1" homeLabel={t('store.home')} />
      <Layout.Content className="portal-content store-content" style={{ background }}>
        <div className="store-content-inner">
          <PageBreadcrumb home="/home1" homeLabel={t('store.home')} />
          <KeepAliveOutlet />
        </div>
      </Layout.Content>
    </Layout>
  );
}
