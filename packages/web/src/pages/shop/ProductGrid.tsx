import { Button, Col, Empty, Row, Spin, Typography } from 'antd';
import { useState } from 'react';
import { addToCart } from '../../api/cart.ts';
import { reloadCart } from '../../app/counters.ts';
import { toast } from '../../app/feedback.ts';
import { useT } from '../../locales/i18n.ts';
import { ProductCard } from './ProductCard.tsx';
import { useProductSearch } from './use-product-search.ts';

/** Adds to the cart and reloads it (spec 000 §4); the refusal is toasted by the client. */
export function useAddToCart() {
  const t = useT();
  const [adding, setAdding] = useState('');
  const add = async (productId: string, qty: number) => {
    setAdding(productId);
    try {
      await addToCart(productId, qty);
      await reloadCart();
      toast.success(t('widgets.shop.added'));
    } catch {
      /* toasted */
    } finally {
      setAdding('');
    }
  };
  return { adding, add };
}

/** The shop's product cards for a search (q) and product line, with 加载更多 (keyset pages). */
export function ProductGrid({ q, line }: { q: string; line?: string }) {
  const t = useT();
  const { rows, next, loading, loaded, loadMore, starred } = useProductSearch(q, line);
  const { adding, add } = useAddToCart();
  return (
    <Spin spinning={loading}>
      {rows.length === 0 && loaded && !loading ? (
        <Empty data-testid="product-empty" description={q ? t('widgets.empty.search') : t('widgets.empty.none')} />
      ) : (
        <Row gutter={[16, 16]} data-testid="product-grid" data-count={rows.length}>
          {rows.map((p) => (
            <Col key={p.Id} xs={24} sm={12} lg={8} xl={6}>
              <ProductCard product={p} starred={starred.has(p.Id)} adding={adding === p.Id} onAdd={(qty) => add(p.Id, qty)} />
            </Col>
          ))}
        </Row>
      )}
      <div style={{ textAlign: 'center', margin: '16px 0' }}>
        {next ? (
          <Button data-testid="product-more" onClick={loadMore} loading={loading}>
            {t('shopPublic.more')}
          </Button>
        ) : rows.length > 0 ? (
          <Typography.Text type="secondary" data-testid="product-end">
            {t('shopPublic.end')}
          </Typography.Text>
        ) : null}
      </div>
    </Spin>
  );
}
