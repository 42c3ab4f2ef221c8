import { label } from '../define.ts';

/** A status tag captioned with what it is (an order's handling status and order status can read alike). */
export const statusTagMessages = {
  'statusTag.caption': label('{label}：', '{label}: '),
} as const;
