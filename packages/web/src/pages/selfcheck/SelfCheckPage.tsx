import { ReloadOutlined } from '@ant-design/icons';
import type { MessageKey, SelfCheck } from '@portal/model';
import { Alert, Button, Tag } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { apiGet } from '../../api/client.ts';
import { useKeptEffect } from '../../app/use-kept-effect.ts';
import { useT } from '../../locales/i18n.ts';
import { formatUtc8 } from '../../shared/date.ts';
import { PageTitle } from '../PageTitle.tsx';
import { ResponsiveTable } from '../../widgets/ResponsiveTable.tsx';

/** One check as `GET /api/system/selfcheck` answers it. */
export type Check = SelfCheck;

const COLOR: Record<Check['status'], string> = { ok: 'success', warn: 'warning', fail: 'error' };

/**
 * /test/test: the administrator's self-check — database (round trip, engine and version), file
 * storage (probe written, read back, deleted), SMS provider, map tiles (one tile fetched by the
 * server), version (package, commit, Node.js, uptime) — each with its status, facts and time;
 * 重新检查 runs them again.
 */
export default function SelfCheckPage() {
  const t = useT();
  const [checks, setChecks] = useState<Check[] | null>(null);
  const [at, setAt] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState('');

  const run = async () => {
    setLoading(true);
    setFailed('');
    try {
      setChecks(await apiGet<Check[]>('/api/system/selfcheck', { silent: true }));
      setAt(Date.now());
    } catch (err) {
      setFailed(err instanceof Error ? err.message : String(err));
    } finally {
      setLoading(false);
    }
  };
  useKeptEffect(() => void run(), []);

  const fact = (k: string, v: string | number | boolean | null) => {
    const value = typeof v === 'boolean' ? t(v ? 'widgets.list.yes' : 'widgets.list.no') : v == null || v === '' ? '-' : String(v);
    return (
      <span key={k} className="selfcheck-fact" data-testid={`selfcheck-fact-${k}`}>
        {t(`selfCheck.fact.${k}` as MessageKey)}：{value}
      </span>
    );
  };

  return (
    <div data-testid="selfcheck">
      <PageTitle
        extra={
          <Button icon={<ReloadOutlined spin={loading} />} disabled={loading} onClick={() => void run()} data-testid="selfcheck-rerun">
            {t('selfCheck.recheck')}
          </Button>
        }
      >
        {t('menu.selfCheck')}
      </PageTitle>
      {failed && (
        <Alert
          type="error"
          showIcon
          title={t('selfCheck.failed', { message: failed })}
          data-testid="selfcheck-error"
          style={{ marginBottom: 12 }}
        />
      )}
      {at && (
        <p data-testid="selfcheck-at" style={{ color: '#667085' }}>
          {t('selfCheck.checkedAt', { time: formatUtc8(at) })}
        </p>
      )}
      <ResponsiveTable<Check>
        card={{ tags: ['status'] }}
        rowKey="key"
        size="middle"
        loading={loading && !checks}
        pagination={false}
        dataSource={checks ?? []}
        onRow={(c) => ({ 'data-testid': `selfcheck-row-${c.key}`, 'data-status': c.status }) as HTMLAttributes<HTMLTableRowElement>}
        columns={[
          { key: 'item', title: t('selfCheck.item'), width: 140, render: (_, c) => t(`selfCheck.key.${c.key}` as MessageKey) },
          {
            key: 'status',
            title: t('selfCheck.status'),
            width: 100,
            render: (_, c) => (
              <Tag color={COLOR[c.status]} data-testid={`selfcheck-status-${c.key}`}>
                {t(`selfCheck.status.${c.status}` as MessageKey)}
              </Tag>
            ),
          },
          {
            key: 'detail',
            title: t('selfCheck.detail'),
            render: (_, c) => (
              <div style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 16px' }}>
                {Object.entries(c.detail).map(([k, v]) => fact(k, v))}
                {c.error && (
                  <span style={{ color: c.status === 'fail' ? '#cf1322' : '#ad6800' }} data-testid={`selfcheck-errtext-${c.key}`}>
                    {c.error}
                  </span>
                )}
              </div>
            ),
          },
          { key: 'ms', title: t('selfCheck.time'), width: 110, align: 'right', render: (_, c) => t('selfCheck.ms', { ms: c.ms }) },
        ]}
      />
    </div>
  );
}
