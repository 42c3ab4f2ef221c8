import EnvironmentOutlined from '@ant-design/icons-svg/es/asn/EnvironmentOutlined';
import PhoneOutlined from '@ant-design/icons-svg/es/asn/PhoneOutlined';
import { workOrderStatus } from '@portal/model/option-sets/work-order.ts';
import { useState } from 'react';
import { useT } from '../../locales/i18n.ts';
import { useMyOrders } from '../../offline/engine.ts';
import type { OrderView } from '../../offline/orders.ts';
import { useSession } from '../../session/store.ts';
import { formatUtc8, todayUtc8 } from '../../shared/date.ts';
import { chooseProvider, chosenProvider, MAP_PROVIDERS, navigationUrl, type MapProvider } from '../../shared/geo-datum.ts';
import { go, orderPath } from './app-nav.ts';
import { Icon } from './Icon.tsx';
import { appointmentText, fullAddress, orderPosition, sortMyOrders, telLink } from './order-list.ts';
import { StatusTag } from './StatusTag.tsx';
import { SyncBar } from './SyncBar.tsx';

/** The card of one order: number, status, customer, address, appointment, 待同步, call and navigate. */
function OrderCard({ order, provider }: { order: OrderView; provider: MapProvider }) {
  const t = useT();
  const row = order.row;
  const id = order.id;
  const address = fullAddress(row);
  const tel = telLink(row.new_phone);
  const name = String(row.new_customer ?? '');
  const open = () => go(orderPath(id));
  return (
    <article
      className="eapp-card eapp-card-link"
      data-testid="engineer-order-card"
      data-id={id}
      data-number={String(row.new_name ?? '')}
      tabIndex={0}
      onClick={open}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && e.target === e.currentTarget) open();
      }}
    >
      <div className="engineer-card-title">
        <strong data-testid="engineer-order-number">{String(row.new_name ?? '')}</strong>
        <span>
          <StatusTag set={workOrderStatus} value={row.new_status} testId="engineer-order-status" />
          {order.pending.length > 0 && (
            <span className="eapp-tag eapp-tag-orange" data-testid="engineer-order-pending">
              {t('engineerApp.pending')}
            </span>
          )}
        </span>
      </div>
      <div className="engineer-field" data-testid="engineer-order-customer">
        {name}
        {row.new_contact ? ` · ${String(row.new_contact)}` : ''}
      </div>
      <div className="engineer-field">{address}</div>
      <div className="engineer-field" data-testid="engineer-order-appointment">
        {t('engineerApp.appointment')}：{appointmentText(row) || t('engineerApp.noAppointment')}
      </div>
      <div className="engineer-card-actions" onClick={(e) => e.stopPropagation()}>
        <a className="eapp-btn" href={tel ?? undefined} aria-disabled={!tel} data-testid="engineer-order-call">
          <Icon def={PhoneOutlined} /> {t('engineerApp.call')}
        </a>
        <a
          className="eapp-btn"
          href={navigationUrl(provider, orderPosition(row), name, address)}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="engineer-order-navigate"
        >
          <Icon def={EnvironmentOutlined} /> {t('engineerApp.navigate')}
        </a>
      </div>
    </article>
  );
}

/**
 * /mobile/workorders (我的工单): the signed-in engineer's open orders — today's appointments first
 * (China time), then the others — read from the server and kept on the phone, so the list (and
 * each order) opens offline too. Phone-first, also usable on a desktop. No antd here: this is the
 * engineer app's start screen on a slow phone (engineer-main.tsx).
 */
export function MyWorkOrdersPage() {
  const t = useT();
  const userId = useSession((s) => s.user.userId);
  const { data, loading, fromCache, error, savedAt } = useMyOrders(userId);
  const [provider, setProvider] = useState<MapProvider>(chosenProvider);
  const { today, others } = sortMyOrders(data, todayUtc8().format('YYYY-MM-DD'));
  const section = (title: string, list: OrderView[], testId: string) =>
    list.length > 0 && (
      <section data-testid={testId}>
        <h2 className="engineer-section-title">
          {title} ({list.length})
        </h2>
        {list.map((o) => (
          <OrderCard key={o.id} order={o} provider={provider} />
        ))}
      </section>
    );
  return (
    <div className="engineer-app" data-testid="engineer-orders" data-source={fromCache ? 'cache' : 'server'}>
      <SyncBar userId={userId} />
      <div className="eapp-segmented" role="radiogroup" aria-label={t('engineerApp.provider')} data-testid="engineer-provider">
        {MAP_PROVIDERS.map((p) => (
          <button
            key={p}
            type="button"
            role="radio"
            aria-checked={p === provider}
            className={p === provider ? 'eapp-segment eapp-segment-on' : 'eapp-segment'}
            onClick={() => {
              setProvider(p);
              chooseProvider(p);
            }}
          >
            {t(`engineerApp.provider.${p}`)}
          </button>
        ))}
      </div>
      {fromCache && savedAt && (
        <div className="eapp-secondary" data-testid="engineer-from-cache">
          {t('engineerApp.fromCache', { time: formatUtc8(savedAt) })}
        </div>
      )}
      {error && (
        <div className="eapp-alert eapp-alert-error" role="alert">
          {error}
        </div>
      )}
      {loading && data.length === 0 && <div className="eapp-loading" role="status" aria-label={t('engineerApp.loading')} />}
      {section(t('engineerApp.today'), today, 'engineer-today')}
      {section(t('engineerApp.open'), others, 'engineer-others')}
      {!loading && today.length + others.length === 0 && <div className="eapp-empty">{t('engineerApp.empty')}</div>}
    </div>
  );
}
