import {
  AppstoreOutlined,
  CustomerServiceOutlined,
  DatabaseOutlined,
  InboxOutlined,
  KeyOutlined,
  PictureOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Card, Col, Row, Typography } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { visibleMenu } from '../../app/menu.ts';
import { useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';

const ICONS: Record<string, ReactNode> = {
  parts: <ToolOutlined />,
  service: <CustomerServiceOutlined />,
  base: <DatabaseOutlined />,
  inventory: <InboxOutlined />,
};

const ACCOUNT = [
  { key: 'about', label: 'menu.aboutMe', path: '/about', icon: <UserOutlined /> },
  { key: 'password', label: 'menu.changePassword', path: '/resetpassword/view', icon: <KeyOutlined /> },
  { key: 'avatar', label: 'menu.changeAvatar', path: '/profile/avatar', icon: <PictureOutlined /> },
] as const;

/**
 * Cards for the screens the user may open, by menu group, then the account screens. Menu items
 * without a screen yet stay in the side navigation (disabled) but get no card here.
 */
export function Shortcuts() {
  const t = useT();
  const navigate = useNavigate();
  const privilege = useSession((s) => s.user.privilege);
  const unitType = useSession((s) => s.user.unitType);
  const groups = useMemo(
    () =>
      visibleMenu({ privileges: privilege, unitType })
        .map((g) => ({ ...g, items: g.items.filter((i) => i.enabled) }))
        .filter((g) => g.items.length > 0),
    [privilege, unitType],
  );
  const card = (key: string, path: string, icon: ReactNode, text: string) => (
    <Col key={key} xs={12} md={8} xl={6} xxl={4}>
      <Card
        hoverable
        size="small"
        data-testid={`shortcut-${key}`}
        role="link"
        tabIndex={0}
        onClick={() => navigate(path)}
        onKeyDown={(e) => e.key === 'Enter' && navigate(path)}
      >
        <span style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
          <span aria-hidden style={{ fontSize: 18, color: '#1668dc' }}>
            {icon}
          </span>
          <span>{text}</span>
        </span>
      </Card>
    </Col>
  );

  return (
    <section aria-labelledby="shortcuts-title" data-testid="home-shortcuts">
      <Typography.Title level={4} id="shortcuts-title" style={{ margin: '24px 0 12px' }}>
        {t('home.quickLinks')}
      </Typography.Title>
      {groups.map((g) => (
        <div key={g.key} style={{ marginBottom: 16 }}>
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
            {t(g.label)}
          </Typography.Text>
          <Row gutter={[12, 12]}>{g.items.map((i) => card(i.key, i.path, ICONS[g.key] ?? <AppstoreOutlined />, t(i.label)))}</Row>
        </div>
      ))}
      <div style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
          {t('home.account')}
        </Typography.Text>
        <Row gutter={[12, 12]}>{ACCOUNT.map((a) => card(a.key, a.path, a.icon, t(a.label)))}</Row>
      </div>
    </section>
  );
}
