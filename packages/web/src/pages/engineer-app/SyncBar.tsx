import { CloudSyncOutlined, DisconnectOutlined } from '@ant-design/icons';
import { Alert, Badge, Button, List, Space, Typography } from 'antd';
import type { MessageKey } from '@portal/model';
import { useEffect } from 'react';
import { useT } from '../../locales/i18n.ts';
import { formatUtc8 } from '../../shared/date.ts';
import { dismissRefused, startSync, syncNow, useOnline, useQueue } from '../../offline/engine.ts';
import type { QueueItem } from '../../offline/queue.ts';
import './engineer-app.css';

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
      <Space wrap size={8} style={{ justifyContent: 'space-between', width: '100%' }}>
        <Space size={8}>
          {!online && <DisconnectOutlined style={{ color: '#d46b08' }} />}
          <Badge count={pending.length} showZero={false} offset={[6, 0]}>
            <Typography.Text data-testid="engineer-pending-count" data-count={pending.length}>
              {pending.length ? t('engineerApp.pendingCount', { n: pending.length }) : t('engineerApp.synced')}
            </Typography.Text>
          </Badge>
        </Space>
        <Button
          size="middle"
          icon={<CloudSyncOutlined />}
          loading={syncing}
          disabled={!online}
          onClick={() => void syncNow(userId)}
          data-testid="engineer-sync"
        >
          {syncing ? t('engineerApp.syncing') : t('engineerApp.sync')}
        </Button>
      </Space>
      {!online && <Alert type="warning" showIcon title={t('engineerApp.offline')} style={{ marginTop: 8 }} data-testid="engineer-offline" />}
      {refused.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 8 }}
          data-testid="engineer-refused"
          title={`${t('engineerApp.refused')} (${refused.length})`}
          description={
            <>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>{t('engineerApp.refusedHint')}</Typography.Paragraph>
              <List
                size="small"
                dataSource={refused}
                renderItem={(i) => (
                  <List.Item
                    key={i.seq}
                    data-testid="engineer-refused-item"
                    data-order={i.orderId}
                    actions={[<Button key="d" size="small" onClick={() => void dismissRefused(i.seq!)} data-testid="engineer-refused-dismiss">{t('engineerApp.dismiss')}</Button>]}
                  >
                    <List.Item.Meta
                      title={<span>{i.orderName} · {actionLabel(t, i)}</span>}
                      description={
                        <>
                          <div data-testid="engineer-refused-message">{i.message}</div>
                          <Typography.Text type="secondary">{t('engineerApp.recordedAt', { time: formatUtc8(i.at) })}</Typography.Text>
                        </>
                      }
                    />
                  </List.Item>
                )}
              />
            </>
          }
        />
      )}
    </div>
  );
}
