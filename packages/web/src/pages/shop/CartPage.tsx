import { DeleteOutlined, ShoppingOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Empty, Spin, Table, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { clearCart, deleteCartItem, updateCartItem, type CartItem } from '../../api/cart.ts';
import { reloadCart, setCart, useCounters } from '../../app/counters.ts';
import { confirm, toast } from '../../app/feedback.ts';
import { useT } from '../../locales/i18n.ts';
import { formatAmount } from '../../shared/format.ts';
import { PageTitle } from '../PageTitle.tsx';
import { QuantityBox } from '../../widgets/QuantityBox.tsx';
import { checkedItems, checkedTotal, removeItem, setChecked, setQuantity } from './cart-math.ts';
import { CheckoutBar } from './CheckoutBar.tsx';
import { createSettleToken } from './settle-token.ts';

/**
 * /shopcart/list: the cart by group, items checked for settlement, quantities, delete and clear,
 * the total of the checked items, then "settle" to the confirm screen.
 */
export default function CartPage() {
  const t = useT();
  const navigate = useNavigate();
  const groups = useCounters((s) => s.cart);
  const [loading, setLoading] = useState(true);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    reloadCart()
      .catch(() => undefined)
      .finally(() => setLoading(false));
    const pending = timers.current;
    return () => pending.forEach((h) => clearTimeout(h));
  }, []);

  const cur = () => useCounters.getState().cart;
  const chosen = checkedItems(groups);
  const all = groups.flatMap((g) => g.ProductList);
  const total = checkedTotal(groups);

  // Refused quantities by item: they stay typed in their box, the cart keeps the last good one, and settling waits.
  const [refused, setRefused] = useState<Record<string, string>>({});
  const refuse = (item: CartItem, why: string | null) =>
    setRefused(({ [item.Id]: _, ...rest }) => (why ? { ...rest, [item.Id]: why } : rest));

  /** A good quantity (QuantityBox hands on 1–99999 only), saved a moment after the last change. */
  const changeQty = (item: CartItem, qty: number) => {
    setCart(setQuantity(cur(), item.Id, qty));
    const old = timers.current.get(item.Id);
    if (old) clearTimeout(old);
    timers.current.set(
      item.Id,
      setTimeout(() => {
        timers.current.delete(item.Id);
        updateCartItem(item.Id, qty).catch(() => undefined);
      }, 400),
    );
  };

  const remove = async (item: CartItem) => {
    try {
      await deleteCartItem(item.Id);
      setCart(removeItem(cur(), item.Id));
      refuse(item, null);
    } catch {
      /* toasted */
    }
  };

  const clearAll = () =>
    confirm({
      title: t('widgets.shop.clearConfirm'),
      content: '',
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await clearCart();
        // spec 000 §4: the cart reloads after clear-all.
        await reloadCart();
      },
    });

  const checkAll = (checked: boolean) => setCart(setChecked(cur(), () => true, checked));

  const settle = () => {
    const why = Object.values(refused)[0];
    if (why) {
      toast.warning(why);
      return;
    }
    if (chosen.length === 0) {
      toast.warning(t('widgets.shop.selectItems'));
      return;
    }
    navigate(`/confirm/${createSettleToken(chosen.map((i) => i.Id))}/order`);
  };

  return (
    <div data-testid="cart-page">
      <PageTitle
        extra={
          <Button icon={<ShoppingOutlined />} onClick={() => navigate('/shoppingmall/chooseproduct')}>
            {t('widgets.shop.continue')}
          </Button>
        }
      >
        {t('widgets.shop.cart')}
      </PageTitle>
      <Spin spinning={loading}>
        {!loading && all.length === 0 && (
          <Card>
            <Empty description={t('widgets.shop.cartEmpty')}>
              <Button type="primary" onClick={() => navigate('/shoppingmall/chooseproduct')}>
                {t('widgets.shop.goShopping')}
              </Button>
            </Empty>
          </Card>
        )}
        {all.length > 0 && (
          <div style={{ marginBottom: 16 }}>
            <CheckoutBar
              testId="cart-top"
              selected={chosen.length}
              all={all.length}
              total={total}
              onCheckAll={checkAll}
              onSettle={settle}
            />
          </div>
        )}
        {groups.map((g) => {
          const every = g.ProductList.length > 0 && g.ProductList.every((i) => i.checked);
          const some = g.ProductList.some((i) => i.checked);
          return (
            <Card
              key={g.GroupId}
              data-testid="cart-group"
              data-id={g.GroupId}
              style={{ marginBottom: 16 }}
              title={
                <Checkbox
                  checked={every}
                  indeterminate={some && !every}
                  onChange={(e) => setCart(setChecked(cur(), (x) => x.GroupId === g.GroupId, e.target.checked))}
                  data-testid="cart-group-check"
                >
                  {g.GroupName}
                </Checkbox>
              }
            >
              <Table<CartItem>
                size="small"
                rowKey="Id"
                pagination={false}
                dataSource={g.ProductList}
                onRow={(i) =>
                  ({ 'data-testid': 'cart-item', 'data-id': i.Id, 'data-checked': String(i.checked) }) as React.HTMLAttributes<HTMLElement>
                }
                columns={[
                  {
                    key: 'check',
                    width: 40,
                    render: (_, i) => (
                      <Checkbox
                        data-testid="cart-item-check"
                        aria-label={i.ProductName}
                        checked={i.checked}
                        onChange={(e) => setCart(setChecked(cur(), (_g, x) => x.Id === i.Id, e.target.checked))}
                      />
                    ),
                  },
                  {
                    key: 'product',
                    title: t('widgets.shop.product'),
                    render: (_, i) => (
                      <div>
                        <div>{i.ProductName}</div>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {i.ProductNumber}
                          {i.Model ? ` · ${i.Model}` : ''}
                        </Typography.Text>
                      </div>
                    ),
                  },
                  { key: 'uom', title: t('widgets.shop.uom'), dataIndex: 'Uom', width: 70 },
                  { key: 'price', title: t('widgets.shop.price'), width: 120, render: (_, i) => formatAmount(i.Price) },
                  {
                    key: 'qty',
                    title: t('widgets.shop.quantity'),
                    width: 170,
                    render: (_, i) => (
                      <QuantityBox
                        steppers
                        testId="cart-item-qty"
                        field={t('widgets.shop.quantity')}
                        value={i.Quantity}
                        onChange={(v) => changeQty(i, v)}
                        onRefusal={(why) => refuse(i, why)}
                      />
                    ),
                  },
                  {
                    key: 'amount',
                    title: t('widgets.shop.amount'),
                    width: 130,
                    render: (_, i) => <span data-testid="cart-item-amount">{formatAmount(i.Amount)}</span>,
                  },
                  {
                    key: 'delete',
                    width: 80,
                    render: (_, i) => (
                      <Button
                        type="link"
                        danger
                        size="small"
                        icon={<DeleteOutlined />}
                        onClick={() => remove(i)}
                        data-testid="cart-item-delete"
                      >
                        {t('widgets.action.delete')}
                      </Button>
                    ),
                  },
                ]}
              />
            </Card>
          );
        })}
        {all.length > 0 && (
          <CheckoutBar
            testId="cart"
            sticky
            selected={chosen.length}
            all={all.length}
            total={total}
            onCheckAll={checkAll}
            onSettle={settle}
            extra={
              <Button danger type="link" onClick={clearAll} data-testid="cart-clear">
                {t('widgets.shop.clear')}
              </Button>
            }
          />
        )}
      </Spin>
    </div>
  );
}
