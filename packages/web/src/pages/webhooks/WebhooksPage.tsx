import type { MessageKey } from '@portal/model';
import { Alert, Button, type ButtonProps, Form, Input, Modal, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { apiGet, apiPost, call } from '../../api/client.ts';
import { useKeptEffect } from '../../app/use-kept-effect.ts';
import { ShownOnce } from '../../widgets/ShownOnce.tsx';
import { useT } from '../../locales/i18n.ts';
import { formatUtc8 } from '../../shared/date.ts';
import { ResponsiveTable } from '../../widgets/ResponsiveTable.tsx';
import { PageTitle } from '../PageTitle.tsx';

/** As /api/webhooks/… answer them (packages/server/src/integration/webhooks). */
interface Subscription {
  id: string;
  name: string;
  url: string;
  eventTypes: string[];
  state: 'active' | 'suspended';
  ownerName: string | null;
  consecutiveFailures: number;
  createdOn: string;
}
interface EventType {
  type: string;
  label: string;
}
interface Delivery {
  id: string;
  subscriptionName: string;
  eventId: string;
  eventType: string;
  entity: string;
  recordId: string;
  state: 'pending' | 'delivered' | 'given_up';
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  nextAt: string | null;
  createdOn: string;
}
interface Attempt {
  at: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

const STATE_COLOR = { pending: 'processing', delivered: 'success', given_up: 'error' } as const;
const PAGE = 20;

/**
 * 系统管理 → Webhook 订阅 (/system/webhooks, system.admin): the subscriptions (create and edit; the
 * signing secret shown once, rotatable; suspend / activate) and the delivery log (filters by
 * subscription, state and event; a row's attempts; 重新投递).
 */
export default function WebhooksPage() {
  const t = useT();
  const [tab, setTab] = useState('subscriptions');
  const [types, setTypes] = useState<EventType[]>([]);
  const [subs, setSubs] = useState<Subscription[]>([]);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<Subscription | 'new' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const loadSubs = async () => {
    setLoading(true);
    try {
      setSubs(await apiGet<Subscription[]>('/api/webhooks/subscriptions'));
    } finally {
      setLoading(false);
    }
  };
  useKeptEffect(() => {
    void apiGet<EventType[]>('/api/webhooks/event-types').then(setTypes);
    void loadSubs();
  }, []);
  const typeLabel = (type: string) => types.find((x) => x.type === type)?.label ?? type;

  const act = async (s: Subscription, what: 'rotate-secret' | 'suspend' | 'activate') => {
    const answer = await apiPost<{ secret?: string }>(`/api/webhooks/subscriptions/${s.id}/${what}`);
    if (what === 'rotate-secret' && answer?.secret) setSecret(answer.secret);
    await loadSubs();
  };

  return (
    <div data-testid="webhooks">
      <PageTitle
        extra={
          tab === 'subscriptions' && (
            <Button type="primary" onClick={() => setEditing('new')} data-testid="webhook-new">
              {t('webhook.ui.new')}
            </Button>
          )
        }
      >
        {t('menu.webhooks')}
      </PageTitle>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          {
            key: 'subscriptions',
            label: <span data-testid="webhook-tab-subscriptions">{t('webhook.ui.subscriptions')}</span>,
            children: (
              <ResponsiveTable<Subscription>
                card={{ tags: ['state'], actions: 'actions' }}
                rowKey="id"
                size="middle"
                loading={loading}
                pagination={false}
                dataSource={subs}
                onRow={(s) => ({ 'data-testid': `webhook-sub-${s.name}`, 'data-state': s.state }) as HTMLAttributes<HTMLTableRowElement>}
                columns={[
                  { key: 'name', title: t('webhook.ui.name'), dataIndex: 'name' },
                  {
                    key: 'url',
                    title: t('webhook.ui.url'),
                    dataIndex: 'url',
                    render: (u: string) => <Typography.Text code>{u}</Typography.Text>,
                  },
                  {
                    key: 'events',
                    title: t('webhook.ui.events'),
                    render: (_, s) => s.eventTypes.map((x) => <Tag key={x}>{typeLabel(x)}</Tag>),
                  },
                  {
                    key: 'state',
                    title: t('webhook.ui.state'),
                    width: 90,
                    render: (_, s) => (
                      <Tag color={s.state === 'active' ? 'success' : 'warning'} data-testid={`webhook-state-${s.name}`}>
                        {t(`webhook.ui.state.${s.state}` as MessageKey)}
                      </Tag>
                    ),
                  },
                  { key: 'owner', title: t('webhook.ui.owner'), width: 100, render: (_, s) => s.ownerName ?? '-' },
                  { key: 'createdOn', title: t('webhook.ui.createdOn'), width: 150, render: (_, s) => formatUtc8(s.createdOn) },
                  {
                    key: 'actions',
                    title: '',
                    width: 220,
                    render: (_, s) => (
                      <Space size={4} wrap>
                        <Button size="small" onClick={() => setEditing(s)} data-testid={`webhook-edit-${s.name}`}>
                          {t('webhook.ui.edit')}
                        </Button>
                        <Button size="small" onClick={() => void act(s, 'rotate-secret')} data-testid={`webhook-rotate-${s.name}`}>
                          {t('webhook.ui.rotate')}
                        </Button>
                        <Button
                          size="small"
                          onClick={() => void act(s, s.state === 'active' ? 'suspend' : 'activate')}
                          data-testid={`webhook-toggle-${s.name}`}
                        >
                          {t(s.state === 'active' ? 'webhook.ui.suspend' : 'webhook.ui.activate')}
                        </Button>
                      </Space>
                    ),
                  },
                ]}
              />
            ),
          },
          {
            key: 'deliveries',
            label: <span data-testid="webhook-tab-deliveries">{t('webhook.ui.deliveries')}</span>,
            children: <DeliveryLog subs={subs} types={types} typeLabel={typeLabel} />,
          },
        ]}
      />
      {editing && (
        <SubscriptionDialog
          editing={editing}
          types={types}
          onClose={() => setEditing(null)}
          onSaved={async (newSecret) => {
            setEditing(null);
            if (newSecret) setSecret(newSecret);
            await loadSubs();
          }}
        />
      )}
      <ShownOnce
        open={!!secret}
        title={t('webhook.ui.secret')}
        hint={t('webhook.ui.secretOnce')}
        done={t('sa.ui.done')}
        doneTestId="webhook-secret-ok"
        items={[{ label: t('webhook.ui.secret'), value: secret ?? '', testId: 'webhook-secret', code: true }]}
        onClose={() => setSecret(null)}
      />
    </div>
  );
}

function SubscriptionDialog(props: {
  editing: Subscription | 'new';
  types: EventType[];
  onClose: () => void;
  onSaved: (secret: string | null) => Promise<void>;
}) {
  const t = useT();
  const [form] = Form.useForm<{ name: string; url: string; eventTypes: string[] }>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const current = props.editing === 'new' ? null : props.editing;
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    setError('');
    try {
      if (current) {
        await call(`/api/webhooks/subscriptions/${current.id}`, { method: 'PATCH', json: v, silent: true });
        await props.onSaved(null);
      } else {
        const made = await apiPost<{ secret: string }>('/api/webhooks/subscriptions', v, { silent: true });
        await props.onSaved(made.secret);
      }
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t(current ? 'webhook.ui.edit' : 'webhook.ui.new')}
      okText={t('webhook.ui.save')}
      cancelText={t('webhook.ui.cancel')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={props.onClose}
      okButtonProps={{ 'data-testid': 'webhook-save' } as ButtonProps}
      width={640}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="webhook-error" />}
      <Form
        form={form}
        layout="vertical"
        initialValues={current ? { name: current.name, url: current.url, eventTypes: current.eventTypes } : { eventTypes: [] }}
      >
        <Form.Item name="name" label={t('webhook.ui.name')} rules={[{ required: true, message: t('webhook.nameRequired') }]}>
          <Input maxLength={100} data-testid="webhook-name" />
        </Form.Item>
        <Form.Item name="url" label={t('webhook.ui.url')} rules={[{ required: true, message: t('webhook.badUrl') }]}>
          <Input placeholder="https://" maxLength={2000} data-testid="webhook-url" />
        </Form.Item>
        <Form.Item name="eventTypes" label={t('webhook.ui.events')} rules={[{ required: true, message: t('webhook.noEvents') }]}>
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            options={props.types.map((x) => ({ value: x.type, label: `${x.label}（${x.type}）` }))}
            data-testid="webhook-events"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function DeliveryLog(props: { subs: Subscription[]; types: EventType[]; typeLabel: (type: string) => string }) {
  const t = useT();
  const [filter, setFilter] = useState<{ subscription?: string; state?: string; eventType?: string }>({});
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ items: Delivery[]; total: number }>({ items: [], total: 0 });
  const [attempts, setAttempts] = useState<Record<string, Attempt[]>>({});
  const [expanded, setExpanded] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);

  const loadAttempts = async (id: string) => {
    const list = await apiGet<Attempt[]>(`/api/webhooks/deliveries/${id}/attempts`);
    setAttempts((a) => ({ ...a, [id]: list }));
  };
  // A reload also reloads the attempts of the rows that are open.
  const load = async (f = filter, p = page, open = expanded) => {
    setLoading(true);
    try {
      const query = { ...f, page: String(p), count: String(PAGE) };
      setData(await apiGet<{ items: Delivery[]; total: number }>('/api/webhooks/deliveries', { query }));
      await Promise.all(open.map(loadAttempts));
    } finally {
      setLoading(false);
    }
  };
  useKeptEffect(() => void load(), []);
  const change = (f: typeof filter) => {
    setFilter(f);
    setPage(1);
    void load(f, 1);
  };
  const redeliver = async (d: Delivery) => {
    await apiPost(`/api/webhooks/deliveries/${d.id}/redeliver`);
    await load();
  };

  return (
    <div data-testid="webhook-deliveries">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder={t('webhook.ui.subscription')}
          aria-label={t('webhook.ui.subscription')}
          style={{ width: 200 }}
          value={filter.subscription}
          onChange={(v) => change({ ...filter, subscription: v })}
          options={props.subs.map((s) => ({ value: s.id, label: s.name }))}
          data-testid="webhook-filter-subscription"
        />
        <Select
          allowClear
          placeholder={t('webhook.ui.delivery.state')}
          aria-label={t('webhook.ui.delivery.state')}
          style={{ width: 140 }}
          value={filter.state}
          onChange={(v) => change({ ...filter, state: v })}
          options={(['pending', 'delivered', 'given_up'] as const).map((s) => ({ value: s, label: t(`webhook.ui.delivery.${s}`) }))}
          data-testid="webhook-filter-state"
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('webhook.ui.event')}
          aria-label={t('webhook.ui.event')}
          style={{ width: 260 }}
          value={filter.eventType}
          onChange={(v) => change({ ...filter, eventType: v })}
          options={props.types.map((x) => ({ value: x.type, label: x.label }))}
          data-testid="webhook-filter-event"
        />
        <Button onClick={() => void load()} data-testid="webhook-refresh">
          {t('webhook.ui.all')}
        </Button>
      </Space>
      <Table<Delivery>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={data.items}
        pagination={{
          current: page,
          pageSize: PAGE,
          total: data.total,
          showSizeChanger: false,
          onChange: (p) => {
            setPage(p);
            void load(filter, p);
          },
        }}
        onRow={(d) =>
          ({
            'data-testid': `webhook-delivery-${d.eventType}`,
            'data-state': d.state,
            'data-attempts': d.attempts,
          }) as HTMLAttributes<HTMLTableRowElement>
        }
        expandable={{
          expandedRowKeys: expanded,
          onExpand: (open, d) => {
            setExpanded((keys) => (open ? [...keys, d.id] : keys.filter((k) => k !== d.id)));
            if (open) void loadAttempts(d.id);
          },
          expandIcon: ({ expanded, onExpand, record }) => (
            <Button
              size="small"
              type="text"
              aria-label={t('webhook.ui.attempts')}
              aria-expanded={expanded}
              onClick={(e) => onExpand(record, e)}
              data-testid={`webhook-expand-${record.id}`}
            >
              {expanded ? '−' : '+'}
            </Button>
          ),
          expandedRowRender: (d) => (
            <Table<Attempt>
              rowKey="at"
              size="small"
              pagination={false}
              dataSource={attempts[d.id] ?? []}
              data-testid={`webhook-attempts-${d.id}`}
              onRow={() => ({ 'data-testid': 'webhook-attempt' }) as HTMLAttributes<HTMLTableRowElement>}
              columns={[
                { key: 'at', title: t('webhook.ui.attemptAt'), render: (_, a) => formatUtc8(a.at, 'YYYY-MM-DD HH:mm:ss') },
                { key: 'status', title: t('webhook.ui.statusCode'), render: (_, a) => a.statusCode ?? a.error ?? '-' },
                { key: 'ms', title: t('webhook.ui.duration'), align: 'right', render: (_, a) => a.durationMs },
              ]}
            />
          ),
        }}
        columns={[
          { key: 'createdOn', title: t('webhook.ui.createdOn'), width: 150, render: (_, d) => formatUtc8(d.createdOn) },
          { key: 'sub', title: t('webhook.ui.subscription'), dataIndex: 'subscriptionName' },
          { key: 'event', title: t('webhook.ui.event'), render: (_, d) => props.typeLabel(d.eventType) },
          {
            key: 'record',
            title: t('webhook.ui.record'),
            render: (_, d) => <Typography.Text type="secondary">{`${d.entity} ${d.recordId.slice(0, 8)}`}</Typography.Text>,
          },
          {
            key: 'state',
            title: t('webhook.ui.delivery.state'),
            width: 90,
            render: (_, d) => (
              <Tag color={STATE_COLOR[d.state]} data-testid={`webhook-delivery-state-${d.id}`}>
                {t(`webhook.ui.delivery.${d.state}`)}
              </Tag>
            ),
          },
          { key: 'attempts', title: t('webhook.ui.attempts'), width: 80, align: 'right', dataIndex: 'attempts' },
          { key: 'last', title: t('webhook.ui.lastStatus'), render: (_, d) => d.lastStatus ?? d.lastError ?? '-' },
          { key: 'nextAt', title: t('webhook.ui.nextAt'), width: 150, render: (_, d) => (d.nextAt ? formatUtc8(d.nextAt) : '-') },
          {
            key: 'actions',
            title: '',
            width: 100,
            render: (_, d) =>
              d.state !== 'pending' && (
                <Button size="small" onClick={() => void redeliver(d)} data-testid={`webhook-redeliver-${d.id}`}>
                  {t('webhook.ui.redeliver')}
                </Button>
              ),
          },
        ]}
      />
    </div>
  );
}
