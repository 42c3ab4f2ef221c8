import { PictureOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import type { PublicProduct } from '@portal/model';
import { Button, Card, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { pictureUrl, productDetailPath } from '../../api/shop-public.ts';
import { useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { formatAmount } from '../../shared/format.ts';
import { FavouriteStar } from '../../widgets/FavouriteStar.tsx';
import { QuantityBox } from '../../widgets/QuantityBox.tsx';
import { askSignIn, signInHref } from '../../widgets/sign-in-ask.ts';

/** In stock / out of stock: the only stock fact the shop gives out. */
export function StockTag({ inStock }: { inStock: boolean }) {
  const t = useT();
  return (
    <Tag
      color={inStock ? 'green' : 'default'}
      data-testid="product-stock"
      data-in-stock={inStock ? 'true' : 'false'}
      style={{ marginInlineEnd: 0 }}
    >
      {inStock ? t('shopPublic.inStock') : t('shopPublic.outOfStock')}
    </Tag>
  );
}

/** The price for buyers; signed out, a link to sign in (back to `returnTo`); signed in without shop.buy, a note. */
export function ProductPrice({ product, returnTo, large }: { product: PublicProduct; returnTo: string; large?: boolean }) {
  const t = useT();
  const loggedIn = useSession((s) => s.auth.isLoggedIn);
  if (product.Price !== undefined) {
    return (
      <span className="product-price" data-testid="product-price" data-amount={product.Price} style={large ? { fontSize: 24 } : undefined}>
        {formatAmount(product.Price)}
        {product.Uom ? (
          <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 400 }}>
            {' '}
            / {product.Uom}
          </Typography.Text>
        ) : null}
      </span>
    );
  }
  if (!loggedIn) {
    return (
      <Link data-testid="product-sign-in-price" to={signInHref(returnTo)}>
        {t('shopPublic.signInForPrice')}
      </Link>
    );
  }
  return (
    <Typography.Text type="secondary" data-testid="product-no-price">
      {t('shopPublic.buyersOnly')}
    </Typography.Text>
  );
}

/** Adds to the cart: a buyer picks the quantity; a signed-out visitor is asked to sign in (back to the product). */
export function AddToCart({ product, onAdd, busy }: { product: PublicProduct; onAdd: (qty: number) => void; busy: boolean }) {
  const t = useT();
  const loggedIn = useSession((s) => s.auth.isLoggedIn);
  const can = usePrivilege();
  const [qty, setQty] = useState(1);
  const [refused, setRefused] = useState<string | null>(null);
  if (!loggedIn) {
    return (
      <Button icon={<ShoppingCartOutlined />} data-testid="product-add" onClick={() => askSignIn(t, 'cart', productDetailPath(product.Id))}>
        {t('widgets.shop.addToCart')}
      </Button>
    );
  }
  if (!can('shop.buy')) return null;
  return (
    <Space align="start" size={4}>
      {/* A refused quantity (1.5, 0, abc) stays typed with its refusal; nothing is added until it is corrected. */}
      <QuantityBox testId="product-qty" field={t('widgets.shop.quantity')} value={qty} onChange={setQty} onRefusal={setRefused} />
      <Button
        type="primary"
        icon={<ShoppingCartOutlined />}
        loading={busy}
        onClick={() => !refused && onAdd(qty)}
        data-testid="product-add"
      >
        {t('widgets.shop.addToCart')}
      </Button>
    </Space>
  );
}

/** A product in the shop's grid: picture, name (to the details), number, model, stock, price, star, add to cart. */
export function ProductCard({
  product,
  starred,
  adding,
  onAdd,
}: {
  product: PublicProduct;
  starred: boolean | undefined;
  adding: boolean;
  onAdd: (qty: number) => void;
}) {
  const t = useT();
  const detail = productDetailPath(product.Id);
  return (
    <Card
      className="product-grid-card"
      data-testid="product-card"
      data-id={product.Id}
      data-number={product.ProductNumber}
      cover={
        <Link
          to={detail}
          aria-label={product.Name}
          style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', height: 140, background: '#f5f7fa' }}
        >
          {product.Picture ? (
            <img
              src={pictureUrl(product.Id, product.Picture)}
              alt={product.Name}
              loading="lazy"
              style={{ maxHeight: 140, maxWidth: '100%', objectFit: 'contain' }}
            />
          ) : (
            <PictureOutlined style={{ fontSize: 40, color: '#bfbfbf' }} aria-label={t('shopPublic.noPicture')} />
          )}
        </Link>
      }
    >
      <div style={{ display: 'flex', alignItems: 'flex-start', gap: 4 }}>
        <Link to={detail} data-testid="product-name" style={{ flex: 1, minWidth: 0, fontWeight: 600 }} title={product.Name}>
          {product.Name}
        </Link>
        <FavouriteStar entity="product" id={product.Id} initial={starred} />
      </div>
      <Typography.Text type="secondary">{t('widgets.shop.partNumber', { code: product.ProductNumber })}</Typography.Text>
      {product.Model ? <Typography.Text type="secondary">{t('widgets.shop.model', { model: product.Model })}</Typography.Text> : null}
      <Space size={8} wrap>
        <StockTag inStock={product.InStock} />
        <ProductPrice product={product} returnTo={detail} />
      </Space>
      <AddToCart product={product} onAdd={onAdd} busy={adding} />
    </Card>
  );
}
