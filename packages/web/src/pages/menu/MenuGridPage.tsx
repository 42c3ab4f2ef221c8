import {
  AccountBookOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BookOutlined,
  CalendarOutlined,
  CarOutlined,
  CheckSquareOutlined,
  ClusterOutlined,
  DatabaseOutlined,
  DollarOutlined,
  EnvironmentOutlined,
  FileProtectOutlined,
  FileSearchOutlined,
  GlobalOutlined,
  HomeOutlined,
  InboxOutlined,
  LoginOutlined,
  NotificationOutlined,
  PartitionOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  SwapOutlined,
  TeamOutlined,
  ToolOutlined,
  RollbackOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Card, Empty, Input, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { LanguageSwitch } from '../../app/layouts/LanguageSwitch.tsx';
import { LogoMark } from '../../app/layouts/LogoMark.tsx';
import { isRouted } from '../../app/match-route.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { menuTiles, tileMatches, type Tile } from './menu-grid.ts';
import './menu-grid.css';

const ICONS: Record<string, ReactNode> = {
  partsApply: <SolutionOutlined />,
  partsSales: <DollarOutlined />,
  partsSign: <CheckSquareOutlined />,
  partsDispatch: <CarOutlined />,
  partsTransfer: <SwapOutlined />,
  siteReturn: <RollbackOutlined />,
  partsReturn: <RollbackOutlined />,
  siteInv: <InboxOutlined />,
  partStockTransaction: <UnorderedListOutlined />,
  amountAdjust: <AccountBookOutlined />,
  amountChangeLog: <UnorderedListOutlined />,
  workOrder: <ToolOutlined />,
  workOrderMap: <EnvironmentOutlined />,
  serviceCalendar: <CalendarOutlined />,
  overseas: <GlobalOutlined />,
  delayProduct: <SafetyCertificateOutlined />,
  delayCancel: <SafetyCertificateOutlined />,
  claimFine: <AuditOutlined />,
  expenseClaim: <AccountBookOutlined />,
  notice: <NotificationOutlined />,
  stationProfile: <HomeOutlined />,
  stationApply: <FileProtectOutlined />,
  worker: <TeamOutlined />,
  kb: <BookOutlined />,
  contract: <FileProtectOutlined />,
  productReturn: <RollbackOutlined />,
  warehouse: <DatabaseOutlined />,
  takeStock: <CheckSquareOutlined />,
  invTask: <PartitionOutlined />,
  stationPart: <BarChartOutlined />,
  stationInventory: <BarChartOutlined />,
  inventoryStatement: <FileSearchOutlined />,
  stationAmount: <AccountBookOutlined />,
  lineFlow: <UnorderedListOutlined />,
  shopMall: <ShopOutlined />,
  shopCart: <ShoppingCartOutlined />,
  orders: <UnorderedListOutlined />,
  myApproval: <AuditOutlined />,
  flowList: <ClusterOutlined />,
  flowRole: <TeamOutlined />,
  noticeManage: <NotificationOutlined />,
  systemParameter: <SettingOutlined />,
  workCalendar: <CalendarOutlined />,
  selfCheck: <SafetyCertificateOutlined />,
};

/**
 * /menu/menulist (anonymous): every function of the portal as tiles grouped as the menu, with a
 * search over the labels (both languages) and paths. Signed in: tiles the user holds open their
 * screen, the others are greyed with the reason. Signed out: every tile shows what exists; opening
 * one goes to its screen, whose guard asks to sign in and comes back to it.
 */
export default function MenuGridPage() {
  const t = useT();
  const lang = useLocale();
  const navigate = useNavigate();
  const signedIn = useSession((s) => s.auth.isLoggedIn);
  const privilege = useSession((s) => s.user.privilege);
  const unitType = useSession((s) => s.user.unitType);
  const isStore = useSession((s) => s.isStore);
  const [query, setQuery] = useState('');
  const groups = useMemo(() => menuTiles({ signedIn, privilege, unitType, routed: isRouted, lang }), [signedIn, privilege, unitType, lang]);
  const shown = groups.map((g) => ({ ...g, tiles: g.tiles.filter((tile) => tileMatches(tile, query)) })).filter((g) => g.tiles.length > 0);
  const count = shown.reduce((n, g) => n + g.tiles.length, 0);

  const open = (tile: Tile) => {
    if (tile.active) navigate(tile.item.path);
  };
  const tileView = (tile: Tile) => {
    const name = t(tile.item.label);
    const card = (
      <Card
        size="small"
        hoverable={tile.active}
        className={`menu-tile${tile.active ? '' : ' menu-tile-disabled'}`}
        data-testid={`menu-tile-${tile.item.key}`}
        data-active={tile.active ? 'true' : 'false'}
        role="link"
        aria-disabled={!tile.active}
        tabIndex={tile.active ? 0 : -1}
        onClick={() => open(tile)}
        onKeyDown={(ev) => {
          if (ev.key === 'Enter' || ev.key === ' ') {
            ev.preventDefault();
            open(tile);
          }
        }}
      >
        <span className="menu-tile-icon" aria-hidden>
          {ICONS[tile.item.key] ?? <AppstoreOutlined />}
        </span>
        <span className="menu-tile-label" title={name}>
          {name}
        </span>
        <span className="menu-tile-group">{t(tile.group.label)}</span>
        {!signedIn && (
          <span className="menu-tile-hint">
            <LoginOutlined /> {t('menuGrid.signInToOpen')}
          </span>
        )}
        {tile.reason && (
          <span className="menu-tile-hint" data-testid={`menu-tile-reason-${tile.item.key}`}>
            {tile.reason}
          </span>
        )}
      </Card>
    );
    return <li key={tile.item.key}>{tile.reason ? <Tooltip title={tile.reason}>{card}</Tooltip> : card}</li>;
  };

  return (
    <div className="menu-grid-page" data-testid="menu-grid">
      <header className="menu-grid-header">
        <LogoMark />
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('menu.menuGrid')}
        </Typography.Title>
        <span className="menu-grid-app">{t(isStore ? 'app.storeTitle' : 'app.title')}</span>
        <span style={{ flex: 1 }} />
        <LanguageSwitch />
        {signedIn ? (
          <Button icon={<HomeOutlined />} onClick={() => navigate(isStore ? '/home1' : '/servicehome')} data-testid="menu-grid-home">
            {t('menuGrid.home')}
          </Button>
        ) : (
          <Button
            type="primary"
            icon={<LoginOutlined />}
            onClick={() => navigate(`${isStore ? '/login1' : '/login'}?redirect=${encodeURIComponent('/menu/menulist')}`)}
            data-testid="menu-grid-signin"
          >
            {t('menuGrid.signIn')}
          </Button>
        )}
      </header>
      <div className="menu-grid-search">
        <Input.Search
          allowClear
          value={query}
          onChange={(ev) => setQuery(ev.target.value)}
          placeholder={t('menuGrid.search')}
          aria-label={t('menuGrid.search')}
          data-testid="menu-grid-search"
          style={{ maxWidth: 420 }}
        />
        <Tag data-testid="menu-grid-count">{t('menuGrid.count', { count })}</Tag>
      </div>
      {shown.length === 0 && <Empty description={t('menuGrid.noMatch')} data-testid="menu-grid-empty" />}
      {shown.map(({ group, tiles }) => (
        <section key={group.key} className="menu-grid-group" data-testid={`menu-group-${group.key}`}>
          <Typography.Title level={5}>{t(group.label)}</Typography.Title>
          <ul className="menu-grid-tiles">{tiles.map(tileView)}</ul>
        </section>
      ))}
    </div>
  );
}
