import { Typography } from 'antd';

/** A signed quantity change: an increase green with its plus sign, a decrease red, zero plain. */
export function SignedQty({ value, testId }: { value: unknown; testId?: string }) {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n)) return null;
  const type = n > 0 ? 'success' : n < 0 ? 'danger' : undefined;
  return (
    <Typography.Text type={type} data-testid={testId} data-qty={n}>
      {n > 0 ? `+${n}` : String(n)}
    </Typography.Text>
  );
}
