import { UnorderedListOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Col, Empty, List, Row, Spin } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useLocale, useT } from '../../locales/i18n.ts';
import { formatUtc8 } from '../../shared/date.ts';
import { FavouriteStar } from '../../widgets/FavouriteStar.tsx';
import { PageTitle } from '../PageTitle.tsx';
import { CollectIntro } from './CollectIntro.tsx';
import { favouritePath, groupByKind, kindLabel, useFavourites } from './favourites.ts';

/**
 * /collect/view: the favourites grouped by kind (products, work orders, parts applications …), a
 * card per kind with its count, newest first in each. Read as the grouped view of /collect/list
 * (the specification gives the path only; docs/decisions.md).
 */
export default function FavouriteViewPage() {
  const t = useT();
  const lang = useLocale();
  const navigate = useNavigate();
  const { loggedIn, items, loading, remove } = useFavourites();

  if (!loggedIn) {
    return (
      <div data-testid="collect-view">
        <PageTitle>{t('collect.byKind')}</PageTitle>
        <CollectIntro returnTo="/collect/view" />
      </div>
    );
  }

  const groups = groupByKind(items);
  return (
    <div data-testid="collect-view">
      <PageTitle
        extra={
          <Button icon={<UnorderedListOutlined />} onClick={() => navigate('/collect/list')}>
            {t('collect.asList')}
          </Button>
        }
      >
        {t('collect.byKind')}
      </PageTitle>
      <Spin spinning={loading}>
        {groups.length === 0 && !loading ? (
          <Empty description={t('collect.empty')} />
        ) : (
          <Row gutter={[16, 16]}>
            {groups.map((g) => (
              <Col key={g.entity} xs={24} md={12} xl={8}>
                <Card
                  data-testid="collect-group"
                  data-entity={g.entity}
                  title={
                    <span>
                      {kindLabel(g.entity, lang)}{' '}
                      <Badge count={g.items.length} showZero color="#1668dc" data-testid="collect-group-count" />
                    </span>
                  }
                >
                  <List
                    size="small"
                    dataSource={g.items}
                    renderItem={(f) => {
                      const to = favouritePath(f);
                      return (
                        <List.Item
                          key={f.Id}
                          data-testid="collect-item"
                          extra={<FavouriteStar entity={f.Entity} id={f.Id} initial onChange={(on) => !on && remove(f)} />}
                        >
                          <List.Item.Meta
                            title={to ? <Link to={to}>{f.Name || '-'}</Link> : f.Name || '-'}
                            description={formatUtc8(f.CreatedOn)}
                          />
                        </List.Item>
                      );
                    }}
                  />
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </Spin>
    </div>
  );
}
