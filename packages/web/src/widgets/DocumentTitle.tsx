import { Space } from 'antd';
import type { ReactNode } from 'react';

/**
 * A document screen's heading: what it is, then its tags (state, closed …). The number rides along
 * as data-number for the screen's tests.
 */
export function DocumentTitle({ testId, label, number, children }: { testId: string; label: string; number: unknown; children?: ReactNode }) {
  return (
    <Space size={8} wrap data-testid={testId} data-number={number == null ? '' : String(number)}>
      <span>{label}</span>
      {children}
    </Space>
  );
}
