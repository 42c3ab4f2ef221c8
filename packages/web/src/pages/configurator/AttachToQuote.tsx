import { quoteState } from '@portal/model';
import { Button, Empty, List, Modal, Spin } from 'antd';
import { useState } from 'react';
import { attachToQuote } from '../../api/configurator.ts';
import { displayValue, type RecordRow, retrieveMultiple } from '../../api/records.ts';
import { toast } from '../../app/feedback.ts';
import { useT } from '../../locales/i18n.ts';

/**
 * 加入报价单 on a configuration's details (signed-in writers of sales documents): the caller's draft
 * quotes in reach, newest first; picking one puts the configuration on it as a configured line.
 */
export function AttachToQuote({ configurationId, onDone }: { configurationId: string; onDone: () => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [quotes, setQuotes] = useState<RecordRow[] | null>(null);
  const [busy, setBusy] = useState('');

  const show = () => {
    setOpen(true);
    setQuotes(null);
    retrieveMultiple('quotes', {
      select: ['quoteid', 'name', 'new_subject', 'new_customer_id'],
      filter: `new_status eq ${quoteState.draft}`,
      orderby: 'createdon desc',
      top: 50,
    })
      .then((r) => setQuotes(r.rows))
      .catch(() => setQuotes([]));
  };
  const pick = async (id: string) => {
    setBusy(id);
    try {
      const r = await attachToQuote(configurationId, id);
      toast.success(r.Message);
      setOpen(false);
      onDone();
    } catch {
      // The client showed the refusal.
    } finally {
      setBusy('');
    }
  };

  return (
    <>
      <Button type="primary" onClick={show} data-testid="cpq-attach">
        {t('cpq.attach')}
      </Button>
      <Modal open={open} title={t('cpq.attachPick')} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        {!quotes ? (
          <Spin style={{ display: 'block', margin: '24px auto' }} />
        ) : quotes.length === 0 ? (
          <Empty description={t('cpq.attachNone')} />
        ) : (
          <List
            data-testid="cpq-attach-quotes"
            dataSource={quotes}
            renderItem={(q) => (
              <List.Item
                data-testid="cpq-attach-quote"
                data-number={String(q.name ?? '')}
                actions={[
                  <Button key="pick" size="small" loading={busy === q.quoteid} onClick={() => pick(String(q.quoteid))}>
                    {t('cpq.attach')}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={String(q.name ?? '')}
                  description={`${String(q.new_subject ?? '')} · ${displayValue(q, 'new_customer_id')}`}
                />
              </List.Item>
            )}
          />
        )}
      </Modal>
    </>
  );
}
