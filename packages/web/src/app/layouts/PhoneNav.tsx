import { AppstoreOutlined, MenuOutlined } from '@ant-design/icons';
import { Button, Drawer } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useT } from '../../locales/i18n.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { NavMenu } from './SideNav.tsx';

/**
 * The navigation on a phone (width < 768 px): the side menu as a drawer from the left, closed by
 * default, opened by the header's menu button and closed again on navigation (or a tap outside).
 * The header's less used pieces (language, the menu grid) move into the drawer's foot.
 */
export function PhoneNav({ homePath, homeLabel, menuGrid = false }: { homePath: string; homeLabel: string; menuGrid?: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();

  // Closed on every navigation, whichever way it came (menu, link, back button).
  useEffect(() => setOpen(false), [pathname]);

  return (
    <>
      <Button
        type="text"
        data-testid="nav-drawer-open"
        aria-label={t('phone.openNav')}
        aria-expanded={open}
        aria-controls="portal-nav-drawer"
        icon={<MenuOutlined />}
        onClick={() => setOpen(true)}
        className="phone-nav-button"
      />
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        placement="left"
        size={280}
        title={t('phone.navTitle')}
        closable={{ 'aria-label': t('phone.closeNav') }}
        rootClassName="portal-nav-drawer"
        data-testid="nav-drawer"
        id="portal-nav-drawer"
        styles={{ body: { padding: 0, display: 'flex', flexDirection: 'column' } }}
      >
        <nav aria-label={t('menu.nav')} style={{ flex: 1 }}>
          {/* A tap on the item of the screen already shown changes no path: close here too. */}
          <NavMenu mode="inline" theme="light" homePath={homePath} homeLabel={homeLabel} onNavigate={() => setOpen(false)} />
        </nav>
        <div className="portal-nav-drawer-foot">
          {menuGrid && (
            <Link to="/menu/menulist" data-testid="header-menu-grid">
              <AppstoreOutlined /> {t('menu.menuGrid')}
            </Link>
          )}
          <LanguageSwitch />
        </div>
      </Drawer>
    </>
  );
}
