import { AppstoreOutlined } from '@ant-design/icons';
import type { CpqCatalogueItem } from '@portal/model';
import { Button, Card, Col, Empty, Row, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { createPath, getCatalogue, yuan } from '../../api/configurator.ts';
import { useT } from '../../locales/i18n.ts';
import { PageTitle } from '../PageTitle.tsx';

/** A product's card: picture, name, code, description, 起价 (the list price of the base unit), configure. */
export function ProductCards({ onPick }: { onPick: (p: CpqCatalogueItem) => void }) {
  const t = useT();
  const [items, setItems] = useState<CpqCatalogueItem[] | null>(null);
  useEffect(() => {
    getCatalogue()
      .then(setItems)
      .catch(() => setItems([]));
  }, []);
  if (!items) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (!items.length) return <Empty description={t('cpq.noProducts')} />;
  return (
    <Row gutter={[16, 16]} data-testid="cpq-catalog">
      {items.map((p) => (
        <Col key={p.Id} xs={24} sm={12} xl={8}>
          <Card
            data-testid="cpq-product"
            data-code={p.Code}
            cover={
              p.Image ? (
                <img alt={p.Name} src={p.Image} style={{ height: 160, objectFit: 'cover' }} />
              ) : (
                <div style={{ height: 96, display: 'grid', placeItems: 'center', background: '#f5f7fa', fontSize: 40, color: '#8c9bb0' }}>
                  <AppstoreOutlined />
                </div>
              )
            }
            actions={[
              <Button key="go" type="primary" data-testid="cpq-configure-product" onClick={() => onPick(p)}>
                {t('cpq.configure')}
              </Button>,
            ]}
          >
            <Card.Meta
              title={<span data-testid="cpq-product-name">{p.Name}</span>}
              description={
                <>
                  <Tag>{p.Code}</Tag>
                  <Typography.Paragraph type="secondary" ellipsis={{ rows: 3 }} style={{ margin: '8px 0' }}>
                    {p.Description}
                  </Typography.Paragraph>
                  <div>
                    {t('cpq.from')}{' '}
                    <Typography.Text strong style={{ fontSize: 18, color: '#cf1322' }} data-testid="cpq-product-price">
                      ¥{yuan(p.BasePrice)}
                    </Typography.Text>
                  </div>
                  <Typography.Text type="secondary">{t('cpq.optionsCount', { groups: p.Groups, options: p.Options })}</Typography.Text>
                </>
              }
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/**
 * /product/catalog (anonymous): the configurable products on offer with their base price (起价:
 * list prices are public; costs are not served); 开始配置 opens the guided configuration. Also the
 * product picker of /quotationconfig/create when no product is named.
 */
export default function CatalogPage() {
  const t = useT();
  const navigate = useNavigate();
  const { quoteId } = useParams();
  return (
    <div>
      <PageTitle>{t('cpq.catalogTitle')}</PageTitle>
      <Typography.Paragraph type="secondary">{t('cpq.catalogIntro')}</Typography.Paragraph>
      <ProductCards onPick={(p) => navigate(createPath(p.Id, quoteId))} />
    </div>
  );
}
