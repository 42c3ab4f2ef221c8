import { getEntity, monthText, type SalesmanCard } from '@portal/model';
import { Card, Descriptions, Table, Tag, type TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { useLocale, useT } from '../../locales/i18n.ts';
import { formatAmount } from '../../shared/format.ts';
import { TargetTable } from './TargetTable.tsx';

const SALESMAN = getEntity('new_salesman')!;
type Dealer = SalesmanCard['dealers'][number];

/**
 * A salesman's card: who they are, the dealers they serve with this month's audited orders, and
 * their targets with actual and completion (all computed by the server when asked). Hooks:
 * `salesman-card` (data-code), `card-dealer` rows (data-name, data-amount, data-orders), `card-target-row`.
 */
export function SalesmanCardView({ card, details = true }: { card: SalesmanCard; details?: boolean }) {
  const t = useT();
  const lang = useLocale();
  const s = card.salesman;
  const f = SALESMAN.allFields;
  const columns: TableColumnsType<Dealer> = [
    { key: 'code', dataIndex: 'code', title: getEntity('businessunit')!.allFields.new_code.label[lang], width: 120 },
    { key: 'name', dataIndex: 'name', title: t('salesTarget.who.account') },
    { key: 'amount', title: t('salesman.ui.monthAmount'), align: 'right', render: (_: unknown, d) => formatAmount(d.monthAmount) },
    { key: 'orders', dataIndex: 'monthOrders', title: t('salesman.ui.monthOrders'), align: 'right' },
  ];
  return (
    <div data-testid="salesman-card" data-code={s.code}>
      {details && (
        <Card size="small" style={{ marginBottom: 12 }}>
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
            <Descriptions.Item label={f.new_code.label[lang]}>{s.code}</Descriptions.Item>
            <Descriptions.Item label={f.new_name.label[lang]}>
              {s.name} <Tag color={s.active ? 'green' : 'default'}>{s.active ? t('salesman.ui.active') : t('salesman.ui.left')}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={f.new_mobile.label[lang]}>{s.mobile}</Descriptions.Item>
            <Descriptions.Item label={t('salesman.ui.region')}>{[s.province, s.city].filter(Boolean).join(' ')}</Descriptions.Item>
          </Descriptions>
        </Card>
      )}
      <Card size="small" title={`${t('salesman.ui.dealers')} · ${monthText(card.month, lang)}`} style={{ marginBottom: 12 }}>
        <Table<Dealer>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={card.dealers}
          pagination={false}
          scroll={{ x: 'max-content' }}
          onRow={(d) =>
            ({
              'data-testid': 'card-dealer',
              'data-name': d.name,
              'data-amount': d.monthAmount,
              'data-orders': d.monthOrders,
            }) as HTMLAttributes<HTMLElement>
          }
          locale={{ emptyText: t('salesman.ui.noDealers') }}
        />
      </Card>
      <Card size="small" title={t('salesman.ui.targets')}>
        <TargetTable kind="staff" testId="card-target" rows={card.targets} />
      </Card>
    </div>
  );
}
