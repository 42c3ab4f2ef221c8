import { UploadOutlined } from '@ant-design/icons';
import { Button, Modal, Space, Typography } from 'antd';
import { useRef, useState, type ChangeEvent } from 'react';
import { uploadAttachment } from '../../api/attachments.ts';
import { ApiError } from '../../api/envelope.ts';
import { alertBox, toast } from '../../app/feedback.ts';
import { useT } from '../../locales/i18n.ts';
import { attachmentTooLarge } from './rules.ts';
import { checkUploadItem, failed, newUploadItem, uploaded, withProgress, type UploadItem } from './upload-item.ts';
import { UploadList } from './UploadList.tsx';

/** spec 000 §2: the upload dialog is 640px wide. */
export const UPLOAD_DIALOG_WIDTH = 640;

/** Choose several files, name and describe each, then upload them with progress. */
export function UploadDialog({
  open,
  moduleType,
  objectId,
  onClose,
  onUploaded,
}: {
  open: boolean;
  moduleType: string;
  objectId: string;
  onClose: () => void;
  onUploaded: () => void;
}) {
  const t = useT();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [showErrors, setShowErrors] = useState(false);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const latest = useRef(items);
  latest.current = items;

  const update = (uid: string, fn: (i: UploadItem) => UploadItem) => setItems((list) => list.map((i) => (i.uid === uid ? fn(i) : i)));

  const add = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    const ok = files.filter((f) => {
      if (attachmentTooLarge(f.size)) {
        toast.error(t('widgets.attachment.tooLarge'));
        return false;
      }
      return true;
    });
    setItems((list) => [...list, ...ok.map(newUploadItem)]);
  };

  const start = async () => {
    const pending = latest.current.filter((i) => i.status === 'ready' || i.status === 'error');
    if (pending.some((i) => Object.keys(checkUploadItem(i)).length > 0)) {
      setShowErrors(true);
      return;
    }
    setBusy(true);
    let any = false;
    for (const item of pending) {
      if (!item.file) continue;
      update(item.uid, (i) => withProgress(i, 0));
      try {
        const r = await uploadAttachment(
          {
            ModuleType: moduleType,
            ObjectId: objectId,
            FileName: item.name.trim(),
            Title: item.title.trim(),
            Remark: item.remark.trim(),
            IsOverwrite: 0,
          },
          item.file,
          (p) => update(item.uid, (i) => withProgress(i, p)),
        );
        any = true;
        update(item.uid, (i) => uploaded(i, `/api/attachment/download/${encodeURIComponent(moduleType)}/${encodeURIComponent(r.Id)}`));
      } catch (e) {
        const message = e instanceof Error ? e.message : '';
        update(item.uid, (i) => failed(i, message));
        // spec 000 §8: an upload answer with ErrorCode -1 is alerted.
        if (e instanceof ApiError && e.errorCode === -1 && message) alertBox(message, t('error.upload'));
      }
    }
    setBusy(false);
    if (any) onUploaded();
  };

  const close = () => {
    if (busy) return;
    setItems([]);
    setShowErrors(false);
    onClose();
  };

  const allDone = items.length > 0 && items.every((i) => i.status === 'done');

  return (
    <Modal
      open={open}
      title={t('widgets.upload.dialogTitle')}
      width={UPLOAD_DIALOG_WIDTH}
      onCancel={close}
      destroyOnHidden
      footer={null}
      mask={{ closable: false }}
    >
      <div data-testid="upload-dialog">
        <Space style={{ marginBottom: 12 }}>
          <Button icon={<UploadOutlined />} onClick={() => input.current?.click()} disabled={busy}>
            {t('widgets.action.chooseFiles')}
          </Button>
          <Typography.Text type="secondary">{t('widgets.attachment.tooLarge').replace(/!$/, '')}</Typography.Text>
        </Space>
        <input ref={input} type="file" multiple hidden onChange={add} data-testid="upload-file" />
        <UploadList items={items} onChange={setItems} showErrors={showErrors} />
        <Space style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 12 }}>
          <Button onClick={close} disabled={busy}>
            {allDone ? t('widgets.action.close') : t('common.cancel')}
          </Button>
          <Button type="primary" onClick={start} loading={busy} disabled={allDone || items.length === 0} data-testid="upload-start">
            {t('widgets.action.startUpload')}
          </Button>
        </Space>
      </div>
    </Modal>
  );
}
