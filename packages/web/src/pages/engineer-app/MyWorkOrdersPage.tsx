import { EnvironmentOutlined, PhoneOutlined } from '@ant-design/icons';
import { workOrderStatus } from '@portal/model';
import { Alert, Button, Card, Empty, Segmented, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../locales/i18n.ts';
import { useMyOrders } from '../../offline/engine.ts';
import type { OrderView } from '../../offline/orders.ts';
import { useSession } from '../../session/store.ts';
import { formatUtc8, todayUtc8 } from '../../shared/date.ts';
import { chooseProvider, chosenProvider, MAP_PROVIDERS, navigationUrl, type MapProvider } from '../../shared/geo-datum.ts';
import { OptionTag } from '../workorder/OptionTag.tsx';
import { appointmentText, fullAddress, orderPosition, sortMyOrders, telLink } from './order-list.ts';
import { SyncBar } from './SyncBar.tsx';
import './engineer-app.css';

/** The card of one order: number, status, customer, address, appointment, 待同步, call and navigate. */
function OrderCard({ order, provider }: { order: OrderView; provider: MapProvider }) {
  const t = useT();
  const navigate = useNavigate();
  const row = order.row;
  const id = order.id;
  const address = fullAddress(row);
  const tel = telLink(row.new_phone);
  const name = String(row.new_customer ?? '');
  return (
    <Card
      className="engineer-card"
      data-testid="engineer-order-card"
      data-id={id}
      data-number={String(row.new_name ?? '')}
      hoverable
      onClick={() => navigate(`/mobile/workorders/${id}`)}
    >
      <div className="engineer-card-title">
        <Typography.Text strong data-testid="engineer-order-number">{String(row.new_name ?? '')}</Typography.Text>
        <span>
          <OptionTag set={workOrderStatus} value={row.new_status} testId="engineer-order-status" />
          {order.pending.length > 0 && <Tag color="orange" data-testid="engineer-order-pending">{t('engineerApp.pending')}</Tag>}
        </span>
      </div>
      <div className="engineer-field" data-testid="engineer-order-customer">{name}{row.new_contact ? ` · ${String(row.new_contact)}` : ''}</div>
      <div className="engineer-field">{address}</div>
      <div className="engineer-field" data-testid="engineer-order-appointment">
        {t('engineerApp.appointment')}：{appointmentText(row) || t('engineerApp.noAppointment')}
      </div>
      <div className="engineer-card-actions" onClick={(e) => e.stopPropagation()}>
        <Button icon={<PhoneOutlined />} href={tel ?? undefined} disabled={!tel} data-testid="engineer-order-call">{t('engineerApp.call')}</Button>
        <Button
          icon={<EnvironmentOutlined />}
          href={navigationUrl(provider, orderPosition(row), name, address)}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="engineer-order-navigate"
        >
          {t('engineerApp.navigate')}
        </Button>
      </div>
    </Card>
  );
}

/**
 * /mobile/workorders (我的工单): the signed-in engineer's open orders — today's appointments first
 * (China time), then the others — read from the server and kept on the phone, so the list (and
 * each order) opens offline too. Phone-first, also usable on a desktop.
 */
export default function MyWorkOrdersPage() {
  const t = useT();
  const userId = useSession((s) => s.user.userId);
  const { data, loading, fromCache, error, savedAt } = useMyOrders(userId);
  const [provider, setProvider] = useState<MapProvider>(chosenProvider);
  const { today, others } = sortMyOrders(data, todayUtc8().format('YYYY-MM-DD'));
  const section = (title: string, list: OrderView[], testId: string) =>
    list.length > 0 && (
      <section data-testid={testId}>
        <div className="engineer-section-title">{title} ({list.length})</div>
        {list.map((o) => <OrderCard key={o.id} order={o} provider={provider} />)}
      </section>
    );
  return (
    <div className="engineer-app" data-testid="engineer-orders" data-source={fromCache ? 'cache' : 'server'}>
      <SyncBar userId={userId} />
      <Segmented
        block
        value={provider}
        onChange={(v) => {
          setProvider(v as MapProvider);
          chooseProvider(v as MapProvider);
        }}
        options={MAP_PROVIDERS.map((p) => ({ value: p, label: t(`engineerApp.provider.${p}`) }))}
        data-testid="engineer-provider"
        style={{ marginBottom: 12 }}
      />
      {fromCache && savedAt && <Typography.Text type="secondary" data-testid="engineer-from-cache">{t('engineerApp.fromCache', { time: formatUtc8(savedAt) })}</Typography.Text>}
      {error && <Alert type="error" showIcon title={error} />}
      <Spin spinning={loading && data.length === 0}>
        {section(t('engineerApp.today'), today, 'engineer-today')}
        {section(t('engineerApp.open'), others, 'engineer-others')}
        {!loading && today.length + others.length === 0 && <Empty description={t('engineerApp.empty')} />}
      </Spin>
    </div>
  );
}
