import { Input } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useT } from '../../locales/i18n.ts';
import { PageTitle } from '../PageTitle.tsx';
import { ProductGrid } from './ProductGrid.tsx';

/** The path of a shop search (the text is the route's optional `name`). */
export const searchPath = (q: string) =>
  q.trim() ? `/shoppingmall/searchproduct/${encodeURIComponent(q.trim())}` : '/shoppingmall/searchproduct';

/**
 * /shoppingmall/searchproduct/:name? (anonymous): one box searching name, part number and model
 * over the whole shop; results as product cards, 加载更多 for the next page.
 */
export default function SearchProductPage() {
  const t = useT();
  const navigate = useNavigate();
  const q = useParams().name ?? '';
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);

  return (
    <div data-testid="product-search-page">
      <PageTitle>{q ? t('shopPublic.resultsFor', { q }) : t('menu.searchProduct')}</PageTitle>
      <Input.Search
        data-testid="shop-search"
        aria-label={t('shopPublic.searchPlaceholder')}
        placeholder={t('shopPublic.searchPlaceholder')}
        allowClear
        enterButton={t('widgets.action.query')}
        value={text}
        maxLength={100}
        onChange={(e) => setText(e.target.value)}
        onSearch={(v) => navigate(searchPath(v))}
        style={{ maxWidth: 560, marginBottom: 16 }}
      />
      <ProductGrid q={q} />
    </div>
  );
}
