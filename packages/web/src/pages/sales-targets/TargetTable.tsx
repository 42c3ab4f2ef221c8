import { getEntity, targetMetric, type TargetKind, type TargetRow } from '@portal/model';
import { Progress, type TableColumnsType, type TablePaginationConfig } from 'antd';
import type { HTMLAttributes } from 'react';
import { useLocale, useT } from '../../locales/i18n.ts';
import { formatAmount } from '../../shared/format.ts';
import { ResponsiveTable } from '../../widgets/ResponsiveTable.tsx';

const ENTITY = { staff: getEntity('new_stafftarget')!, account: getEntity('new_accounttarget')! };

/** A target's figure as its metric reads: ¥ with 2 decimals and thousands for an amount, whole orders for a count. */
export const figure = (metric: number, v: string) => (metric === targetMetric.amount ? formatAmount(v) : Number(v).toLocaleString('zh-CN'));

/** Completion as a bar (full at 100 %, the figure beyond it) and its per cent. */
export function Completion({ value }: { value: string }) {
  const t = useT();
  const n = Number(value);
  return (
    <Progress
      aria-label={`${t('salesTarget.completion')} ${value}%`}
      percent={Math.min(100, n)}
      format={() => `${value}%`}
      status={n >= 100 ? 'success' : 'normal'}
      size="small"
      style={{ minWidth: 120, marginBottom: 0 }}
    />
  );
}

interface Props {
  kind: TargetKind;
  rows: TargetRow[];
  loading?: boolean;
  /** Shows who the target is for (a list of many; the card is one salesman's). */
  who?: boolean;
  onOpen?: (row: TargetRow) => void;
  pagination?: false | TablePaginationConfig;
  testId: string;
}

/**
 * Targets beside their actuals (computed by the server when read) and completion. Rows carry
 * `data-testid="<testId>-row"` with the id, actual and completion the server answered.
 */
export function TargetTable({ kind, rows, loading, who, onOpen, pagination = false, testId }: Props) {
  const t = useT();
  const lang = useLocale();
  const e = ENTITY[kind];
  const metric = (v: number) => targetMetric.options.find((o) => o.value === v)?.label[lang] ?? '';
  const columns: TableColumnsType<TargetRow> = [
    ...(who ? [{ key: 'who', dataIndex: 'who', title: t(`salesTarget.who.${kind}`) }] : []),
    { key: 'period', dataIndex: 'period', title: t('salesTarget.period'), width: 130 },
    { key: 'metric', title: e.allFields.new_metric.label[lang], render: (_: unknown, r) => metric(r.metric), width: 100 },
    {
      key: 'line',
      title: e.allFields.new_productline_id.label[lang],
      render: (_: unknown, r) => r.productLine ?? t('salesTarget.allLines'),
    },
    {
      key: 'target',
      title: e.allFields.new_target.label[lang],
      align: 'right',
      render: (_: unknown, r) => figure(r.metric, r.target),
    },
    {
      key: 'actual',
      title: t('salesTarget.actual'),
      align: 'right',
      render: (_: unknown, r) => <span data-testid={`${testId}-actual`}>{figure(r.metric, r.actual)}</span>,
    },
    {
      key: 'completion',
      title: t('salesTarget.completion'),
      width: 170,
      render: (_: unknown, r) => (
        <span data-testid={`${testId}-completion`}>
          <Completion value={r.completion} />
        </span>
      ),
    },
  ];
  return (
    <ResponsiveTable<TargetRow>
      card={{
        title: who ? 'who' : 'period',
        fields: who ? ['period', 'metric', 'target', 'actual', 'completion'] : ['metric', 'line', 'target', 'actual', 'completion'],
      }}
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={pagination}
      scroll={{ x: 'max-content' }}
      onRow={(r) =>
        ({
          'data-testid': `${testId}-row`,
          'data-id': r.id,
          'data-period': `${r.year}-${r.periodType}-${r.periodNo}`,
          'data-metric': r.metric,
          'data-line': r.productLineId ?? '',
          'data-actual': r.actual,
          'data-completion': r.completion,
          onClick: onOpen ? () => onOpen(r) : undefined,
          style: onOpen ? { cursor: 'pointer' } : undefined,
        }) as HTMLAttributes<HTMLElement>
      }
      locale={{
        emptyText: loading ? null : (
          <div data-testid={`${testId}-empty`} className="list-empty">
            {t('salesman.ui.noTargets')}
          </div>
        ),
      }}
    />
  );
}
