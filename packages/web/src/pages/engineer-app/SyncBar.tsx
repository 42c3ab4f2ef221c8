import CloudSyncOutlined from '@ant-design/icons-svg/es/asn/CloudSyncOutlined';
import DisconnectOutlined from '@ant-design/icons-svg/es/asn/DisconnectOutlined';
import type { MessageKey } from '@portal/model';
import { useEffect } from 'react';
import { useT } from '../../locales/i18n.ts';
import { formatUtc8 } from '../../shared/date.ts';
import { dismissRefused, startSync, syncNow, useOnline, useQueue } from '../../offline/engine.ts';
import type { QueueItem } from '../../offline/queue.ts';
import { Icon } from './Icon.tsx';

/** What an action was, in the user's words (响应, 上传照片, 添加明细…). */
export function actionLabel(t: (k: MessageKey) => string, i: QueueItem): string {
  if (i.kind === 'progress') return t(`engineerApp.action.progress.${i.step ?? 'response'}` as MessageKey);
  return t(`engineerApp.action.${i.kind}` as MessageKey);
}

/**
 * The engineer app's top bar: offline notice, the count of actions waiting (待同步 n), the 同步
 * button, and the actions the server refused (未能同步) with its message until dismissed.
 */
export function SyncBar({ userId }: { userId: string }) {
  const t = useT();
  const online = useOnline();
  const { items, syncing } = useQueue(userId);
  const pending = items.filter((i) => i.state === 'pending');
  const refused = items.filter((i) => i.state === 'refused');

  // App start: whatever waits from last time is sent now (and on every `online` event from here on).
  useEffect(() => startSync(userId), [userId]);

  return (
    <div className="engineer-syncbar" data-testid="engineer-syncbar" data-online={online ? 'true' : 'false'}>
      <div className="eapp-row">
        <span className="eapp-sync-state">
          {!online && (
            <span className="eapp-offline-icon">
              <Icon def={DisconnectOutlined} />
            </span>
          )}
          <span data-testid="engineer-pending-count" data-count={pending.length}>
            {pending.length ? t('engineerApp.pendingCount', { n: pending.length }) : t('engineerApp.synced')}
          </span>
          {pending.length > 0 && (
            <span className="eapp-badge" aria-hidden="true">
              {pending.length}
            </span>
          )}
        </span>
        <button
          type="button"
          className="eapp-btn"
          disabled={!online || syncing}
          aria-busy={syncing}
          onClick={() => void syncNow(userId)}
          data-testid="engineer-sync"
        >
          <Icon def={CloudSyncOutlined} /> {syncing ? t('engineerApp.syncing') : t('engineerApp.sync')}
        </button>
      </div>
      {!online && (
        <div className="eapp-alert eapp-alert-warning" role="status" data-testid="engineer-offline">
          {t('engineerApp.offline')}
        </div>
      )}
      {refused.length > 0 && (
        <div className="eapp-alert eapp-alert-error" role="alert" data-testid="engineer-refused">
          <div className="eapp-alert-title">{`${t('engineerApp.refused')} (${refused.length})`}</div>
          <div className="eapp-secondary">{t('engineerApp.refusedHint')}</div>
          <ul className="eapp-refused-list">
            {refused.map((i) => (
              <li key={i.seq} data-testid="engineer-refused-item" data-order={i.orderId}>
                <div className="eapp-refused-text">
                  <div className="eapp-strong">
                    {i.orderName} · {actionLabel(t, i)}
                  </div>
                  <div data-testid="engineer-refused-message">{i.message}</div>
                  <div className="eapp-secondary">{t('engineerApp.recordedAt', { time: formatUtc8(i.at) })}</div>
                </div>
                <button
                  type="button"
                  className="eapp-btn eapp-btn-small"
                  onClick={() => void dismissRefused(i.seq!)}
                  data-testid="engineer-refused-dismiss"
                >
                  {t('engineerApp.dismiss')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
