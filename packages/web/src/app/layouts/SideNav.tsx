import {
  AppstoreOutlined,
  CustomerServiceOutlined,
  DatabaseOutlined,
  HomeOutlined,
  InboxOutlined,
  ShopOutlined,
  ThunderboltOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { visibleMenu, type VisibleMenuGroup } from '../menu.ts';
import { PUBLIC_ENTRIES } from '../public-entries.ts';
import './side-nav.css';

const GROUP_ICONS: Record<string, ReactNode> = {
  parts: <ToolOutlined />,
  service: <CustomerServiceOutlined />,
  base: <DatabaseOutlined />,
  inventory: <InboxOutlined />,
};

const PUBLIC_ICONS: Record<string, ReactNode> = {
  shopMall: <ShopOutlined />,
  quickOrder: <ThunderboltOutlined />,
  menuGrid: <AppstoreOutlined />,
};

/** Which menu key the current path belongs to (the first item with that path). */
function selectedKey(groups: VisibleMenuGroup[], pathname: string, homeKey: string, homePath: string) {
  if (pathname === homePath) return { key: homeKey, group: undefined };
  for (const g of groups) {
    const item = g.items.find((i) => i.path.toLowerCase() === pathname.toLowerCase());
    if (item) return { key: item.key, group: `group:${g.key}` };
  }
  return { key: undefined, group: undefined };
}

/** The spec 001 menu groups offered to the user (privileges, unit kind); items without a screen yet are disabled. */
export function NavMenu({
  mode,
  homePath,
  homeLabel,
  theme,
  onNavigate,
}: {
  mode: 'inline' | 'horizontal';
  homePath: string;
  homeLabel: string;
  theme?: 'dark' | 'light';
  onNavigate?: () => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const privilege = useSession((s) => s.user.privilege);
  const unitType = useSession((s) => s.user.unitType);
  const signedIn = useSession((s) => s.auth.isLoggedIn);
  const groups = useMemo(() => visibleMenu({ privileges: privilege, unitType }), [privilege, unitType]);
  // Signed out, the screens open to everyone (the shop, quick order, all functions) follow home.
  const open = signedIn ? [] : PUBLIC_ENTRIES;
  const paths = useMemo(
    () =>
      new Map([
        ...groups.flatMap((g) => g.items.map((i) => [i.key, i.path] as const)),
        ...open.map((e) => [`public:${e.key}`, e.path] as const),
      ]),
    [groups, open],
  );
  const publicKey = open.find((e) => e.path.toLowerCase() === pathname.toLowerCase());
  const { key, group } = publicKey ? { key: `public:${publicKey.key}`, group: undefined } : selectedKey(groups, pathname, 'home', homePath);

  const items: MenuProps['items'] = [
    { key: 'home', icon: <HomeOutlined />, label: homeLabel, 'data-testid': 'nav-home' },
    ...open.map((e) => ({ key: `public:${e.key}`, icon: PUBLIC_ICONS[e.key], label: t(e.label), 'data-testid': `nav-public-${e.key}` })),
    ...groups.map((g) => ({
      key: `group:${g.key}`,
      icon: GROUP_ICONS[g.key] ?? <AppstoreOutlined />,
      label: t(g.label),
      popupClassName: 'portal-nav-popup',
      children: g.items.map((i) => ({ key: i.key, label: t(i.label), disabled: !i.enabled, 'data-testid': `nav-${i.key}` })),
    })),
  ];

  const onClick: MenuProps['onClick'] = ({ key: k }) => {
    const to = k === 'home' ? homePath : paths.get(k);
    if (to) navigate(to);
    onNavigate?.();
  };

  return (
    <Menu
      mode={mode}
      className="portal-nav-menu"
      theme={theme ?? (mode === 'inline' ? 'dark' : 'light')}
      items={items}
      selectedKeys={key ? [key] : []}
      defaultOpenKeys={mode === 'inline' && group ? [group] : undefined}
      onClick={onClick}
      style={mode === 'horizontal' ? { flex: 1, minWidth: 0, borderBottom: 'none' } : { borderInlineEnd: 'none' }}
    />
  );
}
