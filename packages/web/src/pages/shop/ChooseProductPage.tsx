import { SearchOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Input, InputNumber, Pagination, Radio, Row, Space, Spin, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { addToCart } from '../../api/cart.ts';
import { displayValue, retrieveMultiple, type RecordRow } from '../../api/records.ts';
import { reloadCart } from '../../app/counters.ts';
import { toast } from '../../app/feedback.ts';
import { literal, quote } from '../../entity-ui/odata.ts';
import { useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { formatAmount } from '../../shared/format.ts';
import { PageTitle } from '../PageTitle.tsx';
import { getEntity } from '@portal/model';

const PAGE = 12;
const SELECT = ['productid', 'name', 'productnumber', 'new_model', 'new_uom', 'price', 'new_productline_id'];
const line = getEntity('product')!.allFields.new_productline_id;

/** The catalogue's filter: active products, the product line, the search over name, number and model. */
export function productFilter(lineId: string | undefined, q: string): string {
  const parts = ['new_state eq 0'];
  if (lineId) parts.push(`new_productline_id eq ${literal(line, lineId)}`);
  const text = q.trim();
  if (text) parts.push(`(${['name', 'productnumber', 'new_model'].map((f) => `contains(${f},${quote(text)})`).join(' or ')})`);
  return parts.join(' and ');
}

/**
 * /shoppingmall/chooseproduct/:name?/:id?: the product catalogue. `name` and `id` are the product
 * line chosen (its name for the heading, its id for the filter); the search is `?q=`, the page `?page=`.
 */
export default function ChooseProductPage() {
  const t = useT();
  const navigate = useNavigate();
  const { name, id } = useParams();
  const [params, setParams] = useSearchParams();
  const can = usePrivilege();
  const buyer = can('shop.buy');
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(q);
  const [lines, setLines] = useState<RecordRow[]>([]);
  const [data, setData] = useState<{ rows: RecordRow[]; count: number }>({ rows: [], count: 0 });
  const [loading, setLoading] = useState(false);
  const [qty, setQty] = useState<Record<string, number>>({});
  const [adding, setAdding] = useState('');
  const seq = useRef(0);

  useEffect(() => setText(q), [q]);

  useEffect(() => {
    retrieveMultiple('new_productlines', { select: ['new_productlineid', 'new_name', 'new_code'], orderby: 'new_code asc', top: 100 })
      .then((r) => setLines(r.rows))
      .catch(() => setLines([]));
  }, []);

  const filter = useMemo(() => productFilter(id, q), [id, q]);
  useEffect(() => {
    const n = ++seq.current;
    setLoading(true);
    retrieveMultiple('products', { select: SELECT, filter, orderby: 'productnumber asc', top: PAGE, skip: (page - 1) * PAGE, count: true })
      .then((r) => n === seq.current && setData(r))
      .catch(() => n === seq.current && setData({ rows: [], count: 0 }))
      .finally(() => n === seq.current && setLoading(false));
  }, [filter, page]);

  const search = () => {
    const next = new URLSearchParams();
    if (text.trim()) next.set('q', text.trim());
    setParams(next);
  };
  const chooseLine = (lineId: string) => {
    const l = lines.find((x) => String(x.new_productlineid) === lineId);
    const path = l ? `/shoppingmall/chooseproduct/${encodeURIComponent(String(l.new_name))}/${encodeURIComponent(lineId)}` : '/shoppingmall/chooseproduct';
    navigate({ pathname: path, search: q ? `?q=${encodeURIComponent(q)}` : '' });
  };

  const add = async (row: RecordRow) => {
    const pid = String(row.productid);
    const n = qty[pid] ?? 1;
    setAdding(pid);
    try {
      await addToCart(pid, n);
      // spec 000 §4: the cart reloads after an add.
      await reloadCart();
      toast.success(t('widgets.shop.added'));
    } catch {
      /* toasted */
    } finally {
      setAdding('');
    }
  };

  return (
    <div data-testid="product-catalogue">
      <PageTitle
        extra={
          buyer && (
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
          options={[{ value: '', label: t('widgets.shop.allLines') }, ...lines.map((l) => ({ value: String(l.new_productlineid), label: displayValue(l, 'new_name') }))]}
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
      <Spin spinning={loading}>
        {data.rows.length === 0 && !loading ? (
          <Empty description={q ? t('widgets.empty.search') : t('widgets.empty.none')} />
        ) : (
          <Row gutter={[16, 16]}>
            {data.rows.map((row) => {
              const pid = String(row.productid);
              return (
                <Col key={pid} xs={24} sm={12} lg={8} xl={6}>
                  <Card className="product-grid-card" data-testid="product-card" data-id={pid}>
                    <Typography.Text strong ellipsis={{ tooltip: displayValue(row, 'name') }}>
                      {displayValue(row, 'name')}
                    </Typography.Text>
                    <Typography.Text type="secondary">{t('widgets.shop.partNumber', { code: displayValue(row, 'productnumber') })}</Typography.Text>
                    {row.new_model ? <Typography.Text type="secondary">{t('widgets.shop.model', { model: displayValue(row, 'new_model') })}</Typography.Text> : null}
                    <span className="product-price">
                      {formatAmount(row.price as number)}
                      {row.new_uom ? <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 400 }}> / {displayValue(row, 'new_uom')}</Typography.Text> : null}
                    </span>
                    {buyer && (
                      <Space.Compact style={{ width: '100%' }}>
                        <InputNumber
                          data-testid="product-qty"
                          aria-label={t('widgets.shop.quantity')}
                          min={1}
                          max={99999}
                          precision={0}
                          value={qty[pid] ?? 1}
                          onChange={(v) => setQty({ ...qty, [pid]: Number(v) || 1 })}
                          style={{ width: 96 }}
                        />
                        <Button type="primary" icon={<ShoppingCartOutlined />} loading={adding === pid} onClick={() => add(row)} data-testid="product-add">
                          {t('widgets.shop.addToCart')}
                        </Button>
                      </Space.Compact>
                    )}
                  </Card>
                </Col>
              );
            })}
          </Row>
        )}
      </Spin>
      <div className="list-pagination">
        <Pagination
          data-testid="product-pagination"
          current={page}
          pageSize={PAGE}
          total={data.count}
          showSizeChanger={false}
          showTotal={(total) => t('widgets.list.total', { total })}
          onChange={(p) => {
            const next = new URLSearchParams(params);
            next.set('page', String(p));
            setParams(next);
          }}
        />
      </div>
    </div>
  );
}
