import type { WorkerLinkCandidates, WorkerLinkParty } from '@portal/model';
import { Alert, Button, Descriptions, Modal, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { linkCandidates, linkWorker, unlinkWorker } from '../../api/worker-link.ts';
import { toast } from '../../app/feedback.ts';
import { useT } from '../../locales/i18n.ts';

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));
const partyLabel = (p: Pick<WorkerLinkParty, 'name' | 'code'>) => `${p.name}（${p.code}）`;

/**
 * The link between a user account and its personnel record, opened on either side: what it is
 * linked to now, the other side's people of the same station to pick from (each showing its own
 * current link), 关联 and 解除关联. The server checks the station and the one-user-per-record rule;
 * a refusal shows in the dialog as given. Hooks: `wl-dialog`, `wl-current`, `wl-select`, `wl-ok`,
 * `wl-unlink`, `wl-error`.
 */
export function WorkerLinkDialog({
  open,
  side,
  id,
  onClose,
  onChanged,
}: {
  open: boolean;
  /** The side the dialog is opened on: a user account or a personnel record. */
  side: 'user' | 'worker';
  id: string;
  onClose: () => void;
  /** After a link or unlink went through. */
  onChanged: () => void;
}) {
  const t = useT();
  const [data, setData] = useState<WorkerLinkCandidates | null>(null);
  const [picked, setPicked] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    if (!open) return;
    let live = true;
    setData(null);
    setPicked(undefined);
    setError('');
    linkCandidates(side, id).then(
      (d) => live && setData(d),
      (e) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [open, side, id]);

  const run = async (send: () => Promise<{ message: string }>) => {
    setBusy(true);
    setError('');
    try {
      const answer = await send();
      if (answer.message) toast.success(answer.message);
      onChanged();
      onClose();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const self = data?.self;
  const link = () => picked && run(() => (side === 'user' ? linkWorker(id, picked) : linkWorker(picked, id)));
  const unlinkUser = side === 'user' ? id : self?.linkedId;
  const unlink = () => unlinkUser && run(() => unlinkWorker(unlinkUser));
  const other = t(side === 'user' ? 'workerLink.ui.worker' : 'workerLink.ui.user');

  return (
    <Modal
      open={open}
      title={t('workerLink.ui.title')}
      onCancel={onClose}
      destroyOnHidden
      data-testid="wl-dialog"
      footer={
        <Space>
          {self?.linkedId && (
            <Button danger loading={busy} onClick={unlink} data-testid="wl-unlink">
              {t('workerLink.ui.unlink')}
            </Button>
          )}
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={busy} disabled={!picked} onClick={link} data-testid="wl-ok">
            {t('workerLink.ui.link')}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        {error && <Alert type="error" showIcon title={error} data-testid="wl-error" />}
        <Typography.Text type="secondary">{t('workerLink.ui.hint')}</Typography.Text>
        {self && (
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t(side === 'user' ? 'workerLink.ui.user' : 'workerLink.ui.worker')}>
              {partyLabel(self)}
            </Descriptions.Item>
            <Descriptions.Item label={t('workerLink.ui.current')}>
              <span data-testid="wl-current">{self.linkedName ?? t('workerLink.ui.none')}</span>
            </Descriptions.Item>
          </Descriptions>
        )}
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          virtual={false}
          loading={!data && !error}
          style={{ width: '100%' }}
          placeholder={t('workerLink.ui.search')}
          aria-label={other}
          value={picked}
          onChange={setPicked}
          data-testid="wl-select"
          options={(data?.options ?? [])
            .filter((o) => o.id !== self?.linkedId)
            .map((o) => ({
              value: o.id,
              label: o.linkedName ? `${partyLabel(o)} · ${t('workerLink.ui.current')}：${o.linkedName}` : partyLabel(o),
            }))}
        />
      </Space>
    </Modal>
  );
}
