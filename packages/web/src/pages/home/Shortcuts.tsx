import { AppstoreOutlined, CustomerServiceOutlined, DatabaseOutlined, InboxOutlined, ToolOutlined } from '@ant-design/icons';
import { Card, Col, Empty, Row, Typography } from 'antd';
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

/** Cards for the menu items the user may see, by group; items without a screen yet are greyed. */
export function Shortcuts() {
  const t = useT();
  const navigate = useNavigate();
  const privilege = useSession((s) => s.user.privilege);
  const groups = useMemo(() => visibleMenu(privilege), [privilege]);

  return (
    <section aria-labelledby="shortcuts-title" data-testid="home-shortcuts">
      <Typography.Title level={4} id="shortcuts-title" style={{ margin: '24px 0 12px' }}>
        {t('home.quickLinks')}
      </Typography.Title>
      {groups.length === 0 && (
        <Card>
          <Empty description={t('home.noShortcuts')} />
        </Card>
      )}
      {groups.map((g) => (
        <div key={g.key} style={{ marginBottom: 16 }}>
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
            {t(g.label)}
          </Typography.Text>
          <Row gutter={[12, 12]}>
            {g.items.map((i) => {
              const content = (
                <span style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
                  <span aria-hidden style={{ fontSize: 18, color: i.enabled ? '#1668dc' : '#bfbfbf' }}>
                    {ICONS[g.key] ?? <AppstoreOutlined />}
                  </span>
                  <span>{t(i.label)}</span>
                </span>
              );
              return (
                <Col key={i.key} xs={12} md={8} xl={6} xxl={4}>
                  {i.enabled ? (
                    <Card hoverable size="small" data-testid={`shortcut-${i.key}`} role="link" tabIndex={0} onClick={() => navigate(i.path)} onKeyDown={(e) => e.key === 'Enter' && navigate(i.path)}>
                      {content}
                    </Card>
                  ) : (
                    <Card size="small" data-testid={`shortcut-${i.key}`} aria-disabled style={{ color: '#bfbfbf', background: '#fafafa', cursor: 'not-allowed' }}>
                      {content}
                    </Card>
                  )}
                </Col>
              );
            })}
          </Row>
        </div>
      ))}
    </section>
  );
}
