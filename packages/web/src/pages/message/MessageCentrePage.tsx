import { MESSAGE_KINDS, type MessageItem, type MessageKind } from '@portal/model';
import { Badge, Button, Segmented, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { listMessages, readAllMessages, readMessage } from '../../api/messages.ts';
import { toast } from '../../app/feedback.ts';
import { refreshMessageCount, setMessageCount } from '../../app/counters.ts';
import { useT } from '../../locales/i18n.ts';
import { formatUtc8 } from '../../shared/date.ts';
import { PageTitle } from '../PageTitle.tsx';
import './MessageCentrePage.css';
import { messagePath } from './message-path.ts';
import { ResponsiveTable } from '../../widgets/ResponsiveTable.tsx';

type Tab = MessageKind | 'all';
const TABS: Tab[] = ['all', ...MESSAGE_KINDS];
const KIND_COLOR: Record<MessageKind, string> = {
  approval: 'orange',
  workOrder: 'blue',
  settlement: 'purple',
  parts: 'cyan',
  notice: 'green',
};
const noUnread = () => Object.fromEntries(MESSAGE_KINDS.map((k) => [k, 0])) as Record<MessageKind, number>;

/**
 * /message/message (kept): the signed-in user's messages — approvals waiting, work-order,
 * settlement and parts events, notices — unread first and bold; a kind filter with unread counts;
 * opening one marks it read and goes to its document; 全部已读 marks the shown kind (or all) read.
 */
export default function MessageCentrePage() {
  const t = useT();
  const navigate = useNavigate();
  const [kind, setKind] = useState<Tab>('all');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const [items, setItems] = useState<MessageItem[]>([]);
  const [total, setTotal] = useState(0);
  const [unread, setUnread] = useState<Record<MessageKind, number>>(noUnread);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);

  // Runs again when the kept screen is shown again: the list is current whenever it is seen.
  useEffect(() => {
    let live = true;
    setLoading(true);
    listMessages({ page, count: size, kind: kind === 'all' ? undefined : kind })
      .then((r) => {
        if (!live) return;
        setItems(r.items);
        setTotal(r.TotalRecordCount);
        setUnread(r.Unread);
        setMessageCount(Object.values(r.Unread).reduce((a, b) => a + b, 0));
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [kind, page, size, tick]);

  const shownUnread = kind === 'all' ? Object.values(unread).reduce((a, b) => a + b, 0) : unread[kind];

  const markLocallyRead = (m: MessageItem) => {
    if (m.Read) return;
    setItems((xs) => xs.map((x) => (x.Id === m.Id && x.Kind === m.Kind ? { ...x, Read: true } : x)));
    setUnread((u) => ({ ...u, [m.Kind]: Math.max(0, u[m.Kind] - 1) }));
  };

  const open = async (m: MessageItem) => {
    // A notice is marked read by its own view; a stored message here, before leaving.
    if (m.Target !== 'notice' && !m.Read) await readMessage(m.Id);
    markLocallyRead(m);
    const to = messagePath(m);
    if (to) navigate(to);
    else void refreshMessageCount();
  };

  const readAll = async () => {
    const r = await readAllMessages(kind === 'all' ? undefined : kind);
    toast.success(r.message || t('message.allRead'));
    setMessageCount(r.unread);
    setTick((n) => n + 1);
  };

  const kindLabel = (k: Tab) => t(`message.kind.${k}` as const);

  return (
    <div data-testid="message-centre">
      <PageTitle
        extra={
          <Button data-testid="message-read-all" disabled={shownUnread === 0} onClick={() => void readAll()}>
            {t('message.readAll')}
          </Button>
        }
      >
        {t('menu.messageCentre')}
      </PageTitle>
      <Segmented<Tab>
        className="message-kinds"
        data-testid="message-kinds"
        value={kind}
        onChange={(k) => {
          setKind(k);
          setPage(1);
        }}
        options={TABS.map((k) => {
          const n = k === 'all' ? Object.values(unread).reduce((a, b) => a + b, 0) : unread[k];
          return {
            value: k,
            label: (
              <span data-testid={`message-kind-${k}`} data-unread={n}>
                {kindLabel(k)} {n > 0 && <Badge count={n} size="small" overflowCount={99} />}
              </span>
            ),
          };
        })}
        style={{ marginBottom: 12 }}
      />
      <ResponsiveTable<MessageItem>
        card={{ tags: ['kind'] }}
        rowKey={(r) => `${r.Kind}:${r.Id}`}
        dataSource={items}
        loading={loading}
        size="middle"
        locale={{ emptyText: t('message.empty') }}
        scroll={{ x: 'max-content' }}
        onRow={(r) =>
          ({
            'data-testid': 'message-item',
            'data-id': r.Id,
            'data-kind': r.Kind,
            'data-record': r.RecordId ?? '',
            'data-read': String(r.Read),
            style: { cursor: 'pointer' },
            onClick: () => void open(r),
          }) as React.HTMLAttributes<HTMLElement>
        }
        pagination={{
          current: page,
          pageSize: size,
          total,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50],
          onChange: (p, s) => {
            setPage(s !== size ? 1 : p);
            setSize(s);
          },
        }}
        columns={[
          {
            key: 'kind',
            title: t('message.col.kind'),
            width: 96,
            render: (_, r) => <Tag color={KIND_COLOR[r.Kind]}>{kindLabel(r.Kind)}</Tag>,
          },
          {
            key: 'text',
            title: t('message.col.text'),
            render: (_, r) => (
              <span data-testid="message-text" style={{ fontWeight: r.Read ? 'normal' : 600 }}>
                {!r.Read && <Badge status="error" text={null} style={{ marginRight: 6 }} />}
                {r.Text}
              </span>
            ),
          },
          { key: 'time', title: t('message.col.time'), width: 160, render: (_, r) => formatUtc8(r.Time) },
        ]}
      />
    </div>
  );
}
