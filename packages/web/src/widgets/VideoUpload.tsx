import { PlaySquareOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Progress, Space, Typography } from 'antd';
import { useRef, useState, type ChangeEvent } from 'react';
import { directUpload } from '../api/attachments.ts';
import { toast } from '../app/feedback.ts';
import { useT } from '../locales/i18n.ts';
import { formatFileSize } from '../shared/format.ts';
import { checkVideo, VIDEO_DEFAULT_LIMIT, VIDEO_TYPES } from './attachments/rules.ts';
import { capPercent, failed, newUploadItem, uploaded, withProgress, type UploadItem } from './attachments/upload-item.ts';

/**
 * Video upload (spec 000 §5): mp4, ogg, flv, avi, wmv, rmvb, mov only, under 5000MB, at most
 * `limit` (10) videos. Files go straight to object storage (/api/upload/sign) with progress.
 */
export function VideoUpload({
  moduleType,
  objectId,
  limit = VIDEO_DEFAULT_LIMIT,
  value,
  onChange,
  testId = 'video-upload',
  disabled,
}: {
  moduleType: string;
  objectId: string;
  limit?: number;
  value?: UploadItem[];
  onChange?: (items: UploadItem[]) => void;
  testId?: string;
  disabled?: boolean;
}) {
  const t = useT();
  const [own, setOwn] = useState<UploadItem[]>([]);
  const items = value ?? own;
  const latest = useRef(items);
  latest.current = items;
  const input = useRef<HTMLInputElement>(null);

  const set = (next: UploadItem[]) => {
    latest.current = next;
    if (!value) setOwn(next);
    onChange?.(next);
  };
  const update = (uid: string, fn: (i: UploadItem) => UploadItem) => set(latest.current.map((i) => (i.uid === uid ? fn(i) : i)));

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    const accepted: File[] = [];
    for (const f of files) {
      const problem = checkVideo(f);
      if (problem) {
        toast.error(t(problem));
        continue;
      }
      if (latest.current.length + accepted.length >= limit) {
        toast.error(t('widgets.video.tooMany', { max: limit }));
        break;
      }
      accepted.push(f);
    }
    const added = accepted.map(newUploadItem);
    set([...latest.current, ...added]);
    for (const item of added) {
      try {
        update(item.uid, (i) => withProgress(i, 0));
        const r = await directUpload({ ModuleType: moduleType, ObjectId: objectId }, item.file!, (p) =>
          update(item.uid, (i) => withProgress(i, p)),
        );
        update(item.uid, (i) =>
          uploaded(i, r.url ?? (r.Id ? `/api/attachment/download/${encodeURIComponent(moduleType)}/${encodeURIComponent(r.Id)}` : '')),
        );
      } catch (err) {
        update(item.uid, (i) => failed(i, err instanceof Error ? err.message : ''));
      }
    }
  };

  return (
    <div data-testid={testId} className="video-upload">
      <Space style={{ marginBottom: 8 }} wrap>
        <Button icon={<PlaySquareOutlined />} disabled={disabled || items.length >= limit} onClick={() => input.current?.click()}>
          {t('widgets.video.choose')}
        </Button>
        <Typography.Text type="secondary">{t('widgets.video.hint', { max: limit })}</Typography.Text>
      </Space>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={VIDEO_TYPES.map((x) => `.${x}`).join(',')}
        onChange={pick}
        data-testid={`${testId}-file`}
      />
      {items.length > 0 && (
        <ul className="plain-list">
          {items.map((i) => (
            <li key={i.uid} data-testid={`${testId}-item`} className="plain-list-item">
              <div style={{ flex: 1, minWidth: 0 }}>
                <Space>
                  <span>{i.name}</span>
                  <Typography.Text type="secondary">{formatFileSize(i.size)}</Typography.Text>
                </Space>
                {i.status === 'error' ? (
                  <Typography.Text type="danger" style={{ display: 'block' }}>
                    {t('error.upload')}
                  </Typography.Text>
                ) : (
                  <Progress percent={capPercent(i.uploadPercent)} size="small" status={i.status === 'done' ? 'success' : 'active'} />
                )}
              </div>
              <Button
                type="text"
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('widgets.action.remove')}
                disabled={i.status === 'uploading'}
                onClick={() => set(latest.current.filter((x) => x.uid !== i.uid))}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
