import { DownOutlined, MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../locales/i18n.ts';

export interface ActionButton {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  onClick?: () => void;
  type?: 'primary' | 'default' | 'dashed' | 'link' | 'text';
  danger?: boolean;
  disabled?: boolean;
  loading?: boolean;
  /** Left out entirely (e.g. the user lacks the privilege). */
  hidden?: boolean;
  testId?: string;
}

/** Header groups collapse past 3 buttons, list (row) groups past 2 (spec 000 §2). */
export const HEADER_MAX = 3;
export const ROW_MAX = 2;

/**
 * The buttons shown and those folded into "more": everything past `max`, but only when at least two
 * would fold — a "more" menu holding a single entry hides it behind a click for nothing (issue 12).
 */
export function splitButtons<T extends { key: string; hidden?: boolean }>(items: T[], max: number): { shown: T[]; folded: T[] } {
  const visible = items.filter((i) => !i.hidden);
  if (visible.length <= max + 1) return { shown: visible, folded: [] };
  return { shown: visible.slice(0, max), folded: visible.slice(max) };
}

/**
 * A row of buttons that keeps `max` of them and folds the rest (two or more) into a "more" dropdown. `variant`
 * 'link' is the compact form used in grid rows.
 */
export function ButtonGroup({
  items,
  max = HEADER_MAX,
  variant = 'button',
  moreTestId,
}: {
  items: ActionButton[];
  max?: number;
  variant?: 'button' | 'link';
  moreTestId?: string;
}) {
  const t = useT();
  const { shown, folded } = splitButtons(items, max);
  const link = variant === 'link';
  const menu: MenuProps = {
    items: folded.map((b) => ({
      key: b.key,
      label: b.label,
      icon: b.icon,
      danger: b.danger,
      disabled: b.disabled,
      'data-testid': b.testId,
    })),
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      folded.find((b) => b.key === key)?.onClick?.();
    },
  };
  return (
    <Space size={link ? 4 : 8} wrap={!link} onClick={link ? (e) => e.stopPropagation() : undefined}>
      {shown.map((b) => (
        <Button
          key={b.key}
          type={link ? 'link' : (b.type ?? 'default')}
          size={link ? 'small' : 'middle'}
          icon={b.icon}
          danger={b.danger}
          disabled={b.disabled}
          loading={b.loading}
          onClick={b.onClick}
          data-testid={b.testId}
          style={link ? { paddingInline: 4 } : undefined}
        >
          {b.label}
        </Button>
      ))}
      {folded.length > 0 && (
        <Dropdown menu={menu} trigger={['click']}>
          <Button
            type={link ? 'link' : 'default'}
            size={link ? 'small' : 'middle'}
            data-testid={moreTestId}
            icon={link ? <MoreOutlined /> : undefined}
          >
            {t('widgets.action.more')}
            {!link && <DownOutlined />}
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
