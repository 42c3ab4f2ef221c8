import { PictureOutlined } from '@ant-design/icons';
import { getEntity, type PublicProductDetail } from '@portal/model';
import { Button, Card, Col, Descriptions, Empty, Image, Result, Row, Space, Spin, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/envelope.ts';
import { useKeptEffect } from '../../app/use-kept-effect.ts';
import { getProduct, pictureUrl, productDetailPath } from '../../api/shop-public.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { FavouriteStar } from '../../widgets/FavouriteStar.tsx';
import { PageTitle } from '../PageTitle.tsx';
import { AddToCart, ProductPrice, StockTag } from './ProductCard.tsx';
import { useAddToCart } from './ProductGrid.tsx';

/**
 * /shoppingmall/productdetail?id=… (anonymous). The specification gives no id in the path: the
 * page-parameter reader takes it from the query string. Pictures, the facts, stock as in stock /
 * out of stock, the price for signed-in buyers, the specification and description; add to cart
 * (signed out: asks to sign in and comes back here), and the favourite star.
 */
/** The product's field labels, from the model. */
const F = getEntity('product')!.allFields;

export default function ProductDetailPage() {
  const t = useT();
  const lang = useLocale();
  const navigate = useNavigate();
  const id = useSearchParams()[0].get('id') ?? '';
  const loggedIn = useSession((s) => s.auth.isLoggedIn);
  const [product, setProduct] = useState<PublicProductDetail | null>(null);
  const [missing, setMissing] = useState('');
  const [shown, setShown] = useState(0);
  const { adding, add } = useAddToCart();

  const seq = useRef(0);
  // Kept: showing the tab again does not reload; signing in or out does (the price depends on who asks).
  useKeptEffect(() => {
    const n = ++seq.current;
    setProduct(null);
    setMissing('');
    setShown(0);
    if (!id) {
      setMissing(t('shopPublic.notFound'));
      return;
    }
    getProduct(id, { silent: true })
      .then((p) => n === seq.current && setProduct(p))
      .catch((e) => n === seq.current && setMissing(e instanceof ApiError && e.message ? e.message : t('shopPublic.notFound')));
  }, [id, loggedIn, t]);

  if (missing) {
    return (
      <Result
        status="404"
        title={missing}
        data-testid="product-missing"
        extra={
          <Button type="primary" onClick={() => navigate('/shoppingmall/chooseproduct')}>
            {t('shopPublic.backToShop')}
          </Button>
        }
      />
    );
  }
  if (!product) return <Spin style={{ display: 'block', margin: '80px auto' }} />;

  const pics = product.Pictures;
  return (
    <div data-testid="product-detail" data-id={product.Id} data-number={product.ProductNumber}>
      <PageTitle extra={<Button onClick={() => navigate('/shoppingmall/chooseproduct')}>{t('shopPublic.backToShop')}</Button>}>
        <Space size={8}>
          <span data-testid="product-detail-name">{product.Name}</span>
          <FavouriteStar entity="product" id={product.Id} />
        </Space>
      </PageTitle>
      <Row gutter={[24, 24]}>
        <Col xs={24} md={10}>
          <Card data-testid="product-pictures">
            {pics.length ? (
              <Image.PreviewGroup>
                <div style={{ textAlign: 'center' }}>
                  <Image
                    src={pictureUrl(product.Id, pics[shown].Id)}
                    alt={pics[shown].FileName}
                    style={{ maxHeight: 320, objectFit: 'contain' }}
                    data-testid="product-picture"
                  />
                </div>
                <Space wrap style={{ marginTop: 12 }}>
                  {pics.map((p, i) => (
                    <button
                      key={p.Id}
                      type="button"
                      onClick={() => setShown(i)}
                      aria-label={p.FileName}
                      style={{
                        border: i === shown ? '2px solid #1668dc' : '1px solid #e8ebf0',
                        padding: 2,
                        background: '#fff',
                        cursor: 'pointer',
                      }}
                    >
                      <img
                        src={pictureUrl(product.Id, p.Id)}
                        alt=""
                        width={56}
                        height={56}
                        style={{ objectFit: 'cover', display: 'block' }}
                      />
                    </button>
                  ))}
                </Space>
              </Image.PreviewGroup>
            ) : (
              <Empty image={<PictureOutlined style={{ fontSize: 64, color: '#bfbfbf' }} />} description={t('shopPublic.noPicture')} />
            )}
          </Card>
        </Col>
        <Col xs={24} md={14}>
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            <Descriptions column={1} size="small" data-testid="product-facts">
              <Descriptions.Item label={F.productnumber.label[lang]}>{product.ProductNumber}</Descriptions.Item>
              {product.Model ? <Descriptions.Item label={F.new_model.label[lang]}>{product.Model}</Descriptions.Item> : null}
              {product.LineName ? <Descriptions.Item label={F.new_productline_id.label[lang]}>{product.LineName}</Descriptions.Item> : null}
              {product.Uom ? <Descriptions.Item label={F.new_uom.label[lang]}>{product.Uom}</Descriptions.Item> : null}
            </Descriptions>
            <Space size={12} wrap>
              <StockTag inStock={product.InStock} />
              <ProductPrice product={product} returnTo={productDetailPath(product.Id)} large />
            </Space>
            <AddToCart product={product} busy={adding === product.Id} onAdd={(qty) => add(product.Id, qty)} />
          </Space>
        </Col>
      </Row>
      <Card title={t('shopPublic.specification')} style={{ marginTop: 24 }} data-testid="product-specification">
        {product.Specification.length ? (
          <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
            {product.Specification.map((s, i) => (
              <Descriptions.Item key={i} label={s.name || '-'}>
                {s.value}
              </Descriptions.Item>
            ))}
          </Descriptions>
        ) : (
          <Typography.Text type="secondary">-</Typography.Text>
        )}
      </Card>
      {product.Description ? (
        <Card title={t('shopPublic.description')} style={{ marginTop: 16 }} data-testid="product-description">
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{product.Description}</Typography.Paragraph>
        </Card>
      ) : null}
    </div>
  );
}
