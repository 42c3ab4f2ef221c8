import { PATTERNS } from '@portal/model';
import { Button, Card, Col, Form, Input, Result, Row, Skeleton, Table } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { getDefaultDelivery, settleCart, type CartItem, type SettledOrder } from '../../api/cart.ts';
import { reloadCart, useCounters } from '../../app/counters.ts';
import { useT } from '../../locales/i18n.ts';
import { useProfile } from '../../session/use-profile.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { formatAmount } from '../../shared/format.ts';
import { AddressPicker, type AddressValue } from '../../widgets/AddressPicker.tsx';
import { DetailHeader } from '../../widgets/DetailHeader.tsx';
import { lineAmount } from './cart-math.ts';
import { addressFromNames } from './default-address.ts';
import { readSettleToken, saveSettleResult } from './settle-token.ts';
import { charCount, lengthCount, lengthMessage, lengthRule } from '../../widgets/typed-rules.ts';
import { orderCompletePath } from '../sales/order-complete-path.ts';

/** spec 001 §5, §9: memo at most 100 characters. */
export const REMARK_MAX = 100;
/** The street address's limit (the sale's 客户地址): a longer one is refused, not cut. */
const ADDRESS_MAX = 100;

interface DeliveryForm {
  contact: string;
  phone: string;
  address: AddressValue;
  remark: string;
}

/** The orders created by settling (settle-result, one settle-order each). */
function SettleResult({ orders }: { orders: SettledOrder[] }) {
  const t = useT();
  const navigate = useNavigate();
  const can = usePrivilege();
  return (
    <Result
      status="success"
      title={t('widgets.shop.resultTitle')}
      subTitle={t('widgets.shop.resultSub', { n: orders.length })}
      extra={[
        can('sales.read') && (
          <Button key="orders" type="primary" onClick={() => navigate('/order/list')}>
            {t('widgets.shop.viewOrders')}
          </Button>
        ),
        <Button key="shop" onClick={() => navigate('/shoppingmall/chooseproduct')}>
          {t('widgets.shop.continue')}
        </Button>,
      ]}
    >
      <ul data-testid="settle-result" className="plain-list">
        {orders.map((o) => (
          <li key={o.Id} data-testid="settle-order" data-id={o.Id} className="plain-list-item">
            <span style={{ flex: 1 }}>
              {t('widgets.shop.orderNo')}：
              {can('sales.read') ? <Link to={`/order/${encodeURIComponent(o.Id)}/detail`}>{o.Name}</Link> : o.Name}
            </span>
            <span>
              {t('widgets.shop.lineCount')}：{o.LineCount}
            </span>
            <span className="product-price" style={{ fontSize: 16 }}>
              {formatAmount(o.TotalAmount)}
            </span>
          </li>
        ))}
      </ul>
    </Result>
  );
}

/**
 * /confirm/:id/order: delivery details for the checked cart items (`id` is the client token the
 * cart handed over), then Settle; the created orders are listed (and the cart reloaded).
 */
export default function ConfirmOrderPage() {
  const { id = '' } = useParams();
  const t = useT();
  const navigate = useNavigate();
  const { profile } = useProfile();
  const can = usePrivilege();
  const [form] = Form.useForm<DeliveryForm>();
  const ticket = useMemo(() => readSettleToken(id), [id]);
  const [orders, setOrders] = useState<SettledOrder[] | null>(ticket?.orders ?? null);
  const [submitting, setSubmitting] = useState(false);
  const [fromStation, setFromStation] = useState(false);
  const cart = useCounters((s) => s.cart);
  const loaded = useCounters((s) => s.cartLoaded);

  useEffect(() => {
    if (ticket && !ticket.orders) reloadCart().catch(() => undefined);
  }, [ticket]);

  // The server's default delivery (the user's station address, else their own name and mobile)
  // fills what the user has not typed yet; without it, the profile's name and mobile.
  const open = !!ticket && !ticket.orders;
  const [noDefault, setNoDefault] = useState(false);
  useEffect(() => {
    if (!open) return;
    let live = true;
    getDefaultDelivery({ silent: true })
      .then(async (d) => {
        const address = await addressFromNames(d).catch(() => ({ province: null, city: null, country: null, address: d.Address }));
        if (!live) return;
        const fill: Partial<DeliveryForm> = {};
        if (d.Contact && !form.isFieldTouched('contact')) fill.contact = d.Contact;
        if (d.Phone && !form.isFieldTouched('phone')) fill.phone = d.Phone;
        if ((address.province || address.address) && !form.isFieldTouched('address')) fill.address = address;
        form.setFieldsValue(fill);
        setFromStation(!!fill.address);
      })
      .catch(() => live && setNoDefault(true));
    return () => {
      live = false;
    };
  }, [open, form]);

  useEffect(() => {
    if (!noDefault || !profile) return;
    if (!form.isFieldTouched('contact') && !form.getFieldValue('contact')) form.setFieldValue('contact', profile.fullName);
    if (!form.isFieldTouched('phone') && !form.getFieldValue('phone') && PATTERNS.phone.test(profile.mobilephone))
      form.setFieldValue('phone', profile.mobilephone);
  }, [noDefault, profile, form]);

  const items: CartItem[] = useMemo(() => {
    const ids = new Set(ticket?.itemIds ?? []);
    return cart.flatMap((g) => g.ProductList).filter((i) => ids.has(i.Id));
  }, [cart, ticket]);
  const total = items.reduce((s, i) => s + lineAmount(i.Price, i.Quantity), 0);

  if (!ticket) {
    return (
      <Result
        status="warning"
        title={t('widgets.shop.settleExpired')}
        extra={
          <Button type="primary" onClick={() => navigate('/shopcart/list')}>
            {t('widgets.shop.backToCart')}
          </Button>
        }
      />
    );
  }
  if (orders) return <SettleResult orders={orders} />;

  const submit = async (v: DeliveryForm) => {
    setSubmitting(true);
    try {
      const created = await settleCart({
        ItemIds: ticket.itemIds,
        Contact: v.contact.trim(),
        Phone: v.phone.trim(),
        Province: v.address.province?.name ?? '',
        City: v.address.city?.name ?? '',
        County: v.address.country?.name ?? '',
        Address: v.address.address.trim(),
        Remark: (v.remark ?? '').trim(),
      });
      saveSettleResult(id, { itemIds: ticket.itemIds, orders: created });
      setOrders(created);
      // spec 000 §4: the cart reloads after settling.
      await reloadCart().catch(() => undefined);
      // The "order placed" page of the first order (it lists the others); Back comes here and shows the result.
      const first = created[0];
      if (first && can('sales.read')) navigate(orderCompletePath(first.Id, first.Name, first.SubmitTime ?? new Date()), { replace: false });
    } catch {
      /* toasted */
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div data-testid="confirm-page">
      <DetailHeader title={t('widgets.shop.confirmTitle')} backTo="/shopcart/list" />
      <Card title={t('widgets.shop.items')} style={{ marginBottom: 16 }}>
        {!loaded ? (
          <Skeleton active />
        ) : items.length === 0 ? (
          <Result
            status="warning"
            title={t('widgets.shop.settleExpired')}
            extra={<Button onClick={() => navigate('/shopcart/list')}>{t('widgets.shop.backToCart')}</Button>}
          />
        ) : (
          <Table<CartItem>
            size="small"
            rowKey="Id"
            pagination={false}
            dataSource={items}
            columns={[
              { key: 'name', title: t('widgets.shop.product'), render: (_, i) => `${i.ProductName}（${i.ProductNumber}）` },
              { key: 'price', title: t('widgets.shop.price'), width: 120, render: (_, i) => formatAmount(i.Price) },
              { key: 'qty', title: t('widgets.shop.quantity'), width: 90, dataIndex: 'Quantity' },
              {
                key: 'amount',
                title: t('widgets.shop.amount'),
                width: 130,
                render: (_, i) => formatAmount(lineAmount(i.Price, i.Quantity)),
              },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={3} align="right">
                  {t('widgets.shop.total', { count: items.length })}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1}>
                  <span className="product-price" data-testid="confirm-total">
                    {formatAmount(total)}
                  </span>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
        )}
      </Card>
      <Card title={t('widgets.shop.delivery')}>
        <Form<DeliveryForm>
          form={form}
          layout="vertical"
          data-testid="confirm-form"
          initialValues={{ contact: '', phone: '', remark: '', address: { province: null, city: null, country: null, address: '' } }}
          onFinish={submit}
        >
          <Row gutter={24}>
            <Col xs={24} md={8}>
              <Form.Item
                name="contact"
                label={t('widgets.shop.contact')}
                rules={[
                  { required: true, whitespace: true, message: t('widgets.form.required', { field: t('widgets.shop.contact') }) },
                  lengthRule(t('widgets.shop.contact'), 60, t),
                ]}
              >
                <Input data-testid="confirm-contact" count={lengthCount(60, false)} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="phone"
                label={t('widgets.shop.phone')}
                rules={[
                  { required: true, whitespace: true, message: t('widgets.form.required', { field: t('widgets.shop.phone') }) },
                  { pattern: PATTERNS.phone, message: t('widgets.shop.phoneInvalid') },
                ]}
              >
                <Input data-testid="confirm-phone" count={lengthCount(30, false)} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item
                name="address"
                label={t('widgets.shop.address')}
                extra={fromStation ? <span data-testid="confirm-address-from-station">{t('checkout.addressFromStation')}</span> : undefined}
                required
                rules={[
                  {
                    validator: (_, v: AddressValue) => {
                      if (!v?.province) return Promise.reject(new Error(t('widgets.address.provinceFirst')));
                      if (!v.city) return Promise.reject(new Error(t('widgets.address.cityFirst')));
                      if (!v.address?.trim())
                        return Promise.reject(new Error(t('widgets.form.required', { field: t('widgets.address.detail') })));
                      if (charCount(v.address.trim()) > ADDRESS_MAX)
                        return Promise.reject(new Error(lengthMessage(t('widgets.address.detail'), ADDRESS_MAX, t)));
                      return Promise.resolve();
                    },
                  },
                ]}
              >
                <AddressPicker testId="confirm-address" maxLength={ADDRESS_MAX} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item
                name="remark"
                label={t('widgets.shop.remark')}
                rules={[{ max: REMARK_MAX, message: t('widgets.shop.remarkTooLong') }]}
              >
                <Input.TextArea data-testid="confirm-remark" count={lengthCount(REMARK_MAX)} autoSize={{ minRows: 2, maxRows: 4 }} />
              </Form.Item>
            </Col>
          </Row>
          <div style={{ textAlign: 'right' }}>
            <Button
              type="primary"
              size="large"
              htmlType="submit"
              loading={submitting}
              disabled={loaded && items.length === 0}
              data-testid="confirm-submit"
            >
              {t('widgets.shop.submitOrder')}
            </Button>
          </div>
        </Form>
      </Card>
    </div>
  );
}
