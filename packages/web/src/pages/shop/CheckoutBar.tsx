import { Button, Checkbox, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../locales/i18n.ts';
import { formatAmount } from '../../shared/format.ts';
import './checkout-bar.css';

/**
 * The cart's select-all, selected count and total right beside 去结算 (issue 12 item 8): items start
 * unchecked (spec 000 §3), so the box that checks them sits where the eye goes to settle. Shown at the
 * top of the cart and as its sticky footer; `testId` prefixes the parts (cart-check-all, cart-total…).
 */
export function CheckoutBar({
  selected,
  all,
  total,
  onCheckAll,
  onSettle,
  testId,
  sticky,
  extra,
}: {
  selected: number;
  all: number;
  total: number;
  onCheckAll: (checked: boolean) => void;
  onSettle: () => void;
  testId: string;
  sticky?: boolean;
  /** Left-side actions after the select-all (e.g. clear the cart). */
  extra?: ReactNode;
}) {
  const t = useT();
  return (
    <div className={`cart-checkout-bar${sticky ? ' cart-checkout-bar-sticky' : ''}`} data-testid={`${testId}-bar`} data-selected={selected}>
      <Checkbox
        checked={all > 0 && selected === all}
        indeterminate={selected > 0 && selected < all}
        onChange={(e) => onCheckAll(e.target.checked)}
        data-testid={`${testId}-check-all`}
      >
        {t('widgets.shop.checkAll')}
        <Typography.Text type="secondary" className="cart-checkout-of">
          {t('checkout.selectedOf', { count: selected, all })}
        </Typography.Text>
      </Checkbox>
      {extra}
      <span className="cart-checkout-sum">
        {selected === 0 ? (
          <Typography.Text type="secondary" data-testid={`${testId}-hint`}>
            {t('checkout.pickHint')}
          </Typography.Text>
        ) : (
          <span data-testid={`${testId}-selected`} data-count={selected}>
            {t('widgets.shop.total', { count: selected })}
          </span>
        )}
        <span className="cart-total-amount" data-testid={`${testId}-total`} data-amount={total.toFixed(2)}>
          {formatAmount(total)}
        </span>
      </span>
      <Button type="primary" size="large" onClick={onSettle} data-testid={`${testId}-settle`}>
        {t('widgets.shop.settle')}
      </Button>
    </div>
  );
}
