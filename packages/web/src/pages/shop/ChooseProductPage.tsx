import { SearchOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Button, Input, Radio, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { getProductLines } from '../../api/shop-public.ts';
import { useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { PageTitle } from '../PageTitle.tsx';
import { ProductGrid } from './ProductGrid.tsx';

/**
 * /shoppingmall/chooseproduct/:name?/:id? (anonymous): the product catalogue. `name` and `id` are
 * the product line chosen (its name for the heading, its id for the filter); the search is `?q=`.
 * Everyone sees the products; prices and the cart are for signed-in buyers (the server decides).
 */
export default function ChooseProductPage() {
  const t = useT();
  const navigate = useNavigate();
  const { name, id } = useParams();
  const [params, setParams] = useSearchParams();
  const can = usePrivilege();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const [lines, setLines] = useState<{ Id: string; Name: string }[]>([]);

  useEffect(() => setText(q), [q]);
  useEffect(() => {
    getProductLines({ silent: true })
      .then(setLines)
      .catch(() => setLines([]));
  }, []);

  const search = () => {
    const next = new URLSearchParams();
    if (text.trim()) next.set('q', text.trim());
    setParams(next);
  };
  const chooseLine = (lineId: string) => {
    const l = lines.find((x) => x.Id === lineId);
    const path = l
      ? `/shoppingmall/chooseproduct/${encodeURIComponent(l.Name)}/${encodeURIComponent(lineId)}`
      : '/shoppingmall/chooseproduct';
    navigate({ pathname: path, search: q ? `?q=${encodeURIComponent(q)}` : '' });
  };

  return (
    <div data-testid="product-catalogue">
      <PageTitle
        extra={
          can('shop.buy') && (
            <Button icon={<ShoppingCartOutlined />} onClick={() => navigate('/shopcart/list')}>
              {t('widgets.shop.cart')}
            </Button>
          )
        }
      >
        {name ? `${t('widgets.shop.catalogue')} · ${name}` : t('widgets.shop.catalogue')}
      </PageTitle>
      <Space orientation="vertical" size={12} style={{ width: '100%', marginBottom: 16 }}>
        <Radio.Group
          data-testid="product-line-filter"
          optionType="button"
          value={id ?? ''}
          onChange={(e) => chooseLine(e.target.value as string)}
          options={[{ value: '', label: t('widgets.shop.allLines') }, ...lines.map((l) => ({ value: l.Id, label: l.Name }))]}
        />
        <Space>
          <Input
            data-testid="product-search"
            aria-label={t('widgets.shop.search')}
            placeholder={t('widgets.shop.search')}
            allowClear
            value={text}
            onChange={(e) => setText(e.target.value)}
            onPressEnter={search}
            style={{ width: 320 }}
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={search} data-testid="product-query">
            {t('widgets.action.query')}
          </Button>
        </Space>
      </Space>
      <ProductGrid q={q} line={id} />
    </div>
  );
}
