import type { CpqListRow } from '@portal/model';
import { Button, Card, Empty, List, Result, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { detailsPath, getMine, yuan } from '../../api/configurator.ts';
import { useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { signInHref } from '../../widgets/sign-in-ask.ts';
import { PageTitle } from '../PageTitle.tsx';

const day = (iso: string) => new Date(iso).toLocaleDateString('zh-CN');

/**
 * /quotationconfig/list (anonymous route): the signed-in user's saved configurations, newest first,
 * expired ones marked; each opens its details. Signed out: what the list is and a way to sign in
 * (a configuration saved signed out opens with its link).
 */
export default function ConfigListPage() {
  const t = useT();
  const navigate = useNavigate();
  const loggedIn = useSession((s) => s.auth.isLoggedIn);
  const [rows, setRows] = useState<CpqListRow[] | null>(null);

  useEffect(() => {
    if (!loggedIn) return;
    setRows(null);
    getMine()
      .then(setRows)
      .catch(() => setRows([]));
  }, [loggedIn]);

  const newOne = (
    <Button type="primary" onClick={() => navigate('/product/catalog')} data-testid="cpq-new">
      {t('cpq.newConfiguration')}
    </Button>
  );
  if (!loggedIn)
    return (
      <Result
        status="info"
        title={t('menu.quotationConfig')}
        subTitle={t('cpq.signInForList')}
        data-testid="cpq-list-signed-out"
        extra={[
          <Button key="in" type="primary" onClick={() => navigate(signInHref('/quotationconfig/list'))} data-testid="cpq-list-sign-in">
            {t('signInAsk.go')}
          </Button>,
          <Button key="cat" onClick={() => navigate('/product/catalog')}>
            {t('cpq.catalogTitle')}
          </Button>,
        ]}
      />
    );
  return (
    <div>
      <PageTitle extra={newOne}>{t('menu.quotationConfig')}</PageTitle>
      {!rows ? (
        <Spin style={{ display: 'block', margin: '80px auto' }} />
      ) : rows.length === 0 ? (
        <Empty description={t('cpq.listEmpty')} />
      ) : (
        <List
          data-testid="cpq-list"
          grid={{ gutter: 16, xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
          dataSource={rows}
          renderItem={(r) => (
            <List.Item>
              <Card
                size="small"
                hoverable
                data-testid="cpq-list-row"
                data-id={r.Id}
                onClick={() => navigate(detailsPath(r.Id))}
                title={
                  <Space size={6} wrap>
                    <span>{r.Number}</span>
                    {r.Expired && <Tag color="default">{t('cpq.expiredTag')}</Tag>}
                    {r.QuoteNumber && <Tag color="blue">{`${t('cpq.quote')} ${r.QuoteNumber}`}</Tag>}
                  </Space>
                }
              >
                <div data-testid="cpq-list-product">{r.ProductName}</div>
                <Typography.Text strong style={{ color: '#cf1322' }}>
                  ¥{yuan(r.Price)}
                </Typography.Text>
                <div>
                  <Typography.Text type="secondary">
                    {t('cpq.createdOn')} {day(r.CreatedOn)} · {t('cpq.expiresOn')} {day(r.ExpiresOn)}
                  </Typography.Text>
                </div>
              </Card>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
