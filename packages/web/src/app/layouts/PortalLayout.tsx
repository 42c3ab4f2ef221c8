import { AppstoreOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import { Link } from 'react-router';
import { useDeferredValue, useEffect, useState } from 'react';
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
import { useNarrow, usePhone } from '../../shared/use-phone.ts';
import { PhoneNav } from './PhoneNav.tsx';

/**
 * The standard portal's shell: collapsible side navigation, header with title, language and user
 * menu. On a phone (< 768 px) the side navigation is a drawer opened from the header, and the header
 * keeps only the counters and the user menu (language and menu grid move into the drawer).
 */
export function PortalLayout() {
  const t = useT();
  const phone = usePhone();
  const narrow = useNarrow();
  const savedCollapsed = useSession((s) => s.navCollapsed);
  const setSavedCollapsed = useSession((s) => s.setNavCollapsed);
  // On a narrow screen the navigation starts folded whatever the saved choice (which stays the
  // desktop's); unfolding it there lasts until the width changes.
  const [narrowOpen, setNarrowOpen] = useState(false);
  useEffect(() => setNarrowOpen(false), [narrow]);
  const collapsed = narrow ? !narrowOpen : savedCollapsed;
  const setCollapsed = (c: boolean) => (narrow ? setNarrowOpen(!c) : setSavedCollapsed(c));
  const background = useSession((s) => s.pageBackground);
  const navigating = useNavigating();
  // The side menu (every group's items: ~120 ms of a page load's first render for head office) comes
  // in the render after the first, which yields to the screen's own updates (its data arriving).
  const menuShown = useDeferredValue(true, false);

  return (
    <Layout className={phone ? 'portal-shell portal-shell-phone' : 'portal-shell'}>
      {!phone && (
        <Layout.Sider
          data-testid="side-nav"
          collapsed={collapsed}
          collapsedWidth={64}
          width={236}
          trigger={null}
          theme="dark"
          className="portal-sider"
        >
          <Link
            to="/servicehome"
            className="portal-sider-brand"
            title={t('menu.serviceHome')}
            aria-label={collapsed ? t('menu.serviceHome') : undefined}
          >
            <LogoMark />
            {!collapsed && <span>{t('app.companyShort')}</span>}
          </Link>
          <nav aria-label={t('menu.nav')}>
            {menuShown && <NavMenu mode="inline" homePath="/servicehome" homeLabel={t('menu.serviceHome')} />}
          </nav>
        </Layout.Sider>
      )}
      <Layout style={phone ? { minWidth: 0 } : undefined}>
        <Layout.Header data-testid="app-header" className="portal-header">
          {phone ? (
            <PhoneNav homePath="/servicehome" homeLabel={t('menu.serviceHome')} menuGrid />
          ) : (
            <Button
              type="text"
              data-testid="nav-collapse"
              aria-label={collapsed ? t('menu.expand') : t('menu.collapse')}
              aria-expanded={!collapsed}
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => setCollapsed(!collapsed)}
            />
          )}
          {!phone && (
            <h1 className="portal-title" title={t('app.title')}>
              {t('app.title')}
            </h1>
          )}
          <div className="portal-header-actions">
            {!phone && (
              <Link to="/menu/menulist" title={t('menu.menuGrid')} aria-label={t('menu.menuGrid')} data-testid="header-menu-grid">
                <AppstoreOutlined style={{ fontSize: 18, padding: 8 }} />
              </Link>
            )}
            <HeaderCounters />
            {!phone && <LanguageSwitch />}
            <UserMenu compact={phone} />
          </div>
        </Layout.Header>
        <PageTabs home="/servicehome" homeLabel={t('menu.serviceHome')} />
        <Layout.Content className="portal-content" style={{ background }} aria-busy={navigating || undefined}>
          <PageBreadcrumb home="/servicehome" homeLabel={t('menu.serviceHome')} />
          <KeepAliveOutlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
