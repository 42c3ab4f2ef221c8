import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useT } from '../locales/i18n.ts';
import { NumberInput, type NumberValue } from './NumberInput.tsx';
import { numberRefusal } from './typed-rules.ts';

/** Why a typed quantity is refused (blank included: a quantity is needed), or null. */
export function quantityRefusal(v: NumberValue, field: string, max: number, t: ReturnType<typeof useT>): string | null {
  if (v === null || (typeof v === 'string' && v.trim() === '')) return t('parts.qtyRequired', { field });
  return numberRefusal(v, { field, integer: true, min: 1, max }, t);
}

/**
 * A quantity (a whole number 1…max) that never changes what was typed (issue 24): 1.5 is not
 * rounded, 0 or 100000 not clamped, "abc" not reverted. A typed value that breaks the rule is
 * refused under the box in the spec's words (只能输入整数, 必须大于0, 必须是数字) and not handed
 * on, so the last good quantity stands; `onRefusal` tells the owner so it can hold back what
 * depends on it. The optional − / + buttons step a good quantity within 1…max.
 */
export function QuantityBox({
  value,
  onChange,
  onRefusal,
  field,
  max = 99_999,
  testId,
  ariaLabel,
  width = 96,
  steppers = false,
}: {
  value: number;
  onChange: (n: number) => void;
  onRefusal?: (why: string | null) => void;
  /** The quantity's name in the refusal. */
  field: string;
  max?: number;
  testId?: string;
  ariaLabel?: string;
  width?: number;
  steppers?: boolean;
}) {
  const t = useT();
  const [typed, setTyped] = useState<NumberValue>(value);
  // A value changed from outside (a reload, another screen) replaces what is shown.
  const last = useRef(value);
  if (last.current !== value) {
    last.current = value;
    if (typed !== value) setTyped(value);
  }
  const why = quantityRefusal(typed, field, max, t);
  const take = (v: NumberValue) => {
    setTyped(v);
    const refusal = quantityRefusal(v, field, max, t);
    onRefusal?.(refusal);
    if (!refusal && typeof v === 'number') {
      last.current = v;
      onChange(v);
    }
  };
  // A step goes from the quantity shown, or from the last good one while what is shown is refused.
  const step = (d: number) => take(Math.min(max, Math.max(1, (!why && typeof typed === 'number' ? typed : value) + d)));
  const box = (
    <NumberInput
      testId={testId}
      ariaLabel={ariaLabel ?? field}
      decimal={false}
      value={typed}
      status={why ? 'error' : undefined}
      onChange={take}
      style={{ width }}
    />
  );
  return (
    <div style={{ display: 'inline-block' }}>
      {steppers ? (
        <Space.Compact>
          <Button
            icon={<MinusOutlined />}
            aria-label={t('widgets.shop.less')}
            disabled={!why && typeof typed === 'number' && typed <= 1}
            onClick={() => step(-1)}
            data-testid={testId && `${testId}-less`}
          />
          {box}
          <Button
            icon={<PlusOutlined />}
            aria-label={t('widgets.shop.more')}
            disabled={!why && typeof typed === 'number' && typed >= max}
            onClick={() => step(1)}
            data-testid={testId && `${testId}-more`}
          />
        </Space.Compact>
      ) : (
        box
      )}
      {why && (
        <Typography.Text
          type="danger"
          role="alert"
          data-testid={testId && `${testId}-error`}
          style={{ display: 'block', fontSize: 12, whiteSpace: 'normal' }}
        >
          {why}
        </Typography.Text>
      )}
    </div>
  );
}
