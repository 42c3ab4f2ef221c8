import { DeleteOutlined } from '@ant-design/icons';
import { Button, Input, Progress, Table, Typography } from 'antd';
import { useT } from '../../locales/i18n.ts';
import { formatFileSize } from '../../shared/format.ts';
import { lengthCount, lengthMessage } from '../typed-rules.ts';
import { capPercent, checkUploadItem, UPLOAD_LIMITS, type UploadItem } from './upload-item.ts';

/**
 * Rows of files to upload (spec 000 §2): name, size, title, remark and percent; name, title and
 * remark are editable until the upload starts. `showErrors` marks the empty required fields.
 */
export function UploadList({
  items,
  onChange,
  showErrors = false,
  requireRemark = false,
}: {
  items: UploadItem[];
  onChange: (items: UploadItem[]) => void;
  showErrors?: boolean;
  requireRemark?: boolean;
}) {
  const t = useT();
  const edit = (uid: string, patch: Partial<UploadItem>) => onChange(items.map((i) => (i.uid === uid ? { ...i, ...patch } : i)));
  const field =
    (
      key: 'name' | 'title' | 'remark',
      prompt: 'widgets.upload.fileNameRequired' | 'widgets.upload.titleRequired' | 'widgets.upload.remarkRequired',
    ) =>
    (_: unknown, item: UploadItem) => {
      // Empty fields are marked once an upload was tried; a text over its limit as soon as it is typed.
      const found = checkUploadItem(item, requireRemark)[key];
      const problem = showErrors || found === 'tooLong' ? found : undefined;
      return (
        <>
          <Input
            size="small"
            value={item[key]}
            placeholder={t(prompt)}
            aria-label={t(prompt)}
            status={problem ? 'error' : undefined}
            disabled={item.status === 'uploading' || item.status === 'done'}
            count={lengthCount(UPLOAD_LIMITS[key], false)}
            onChange={(e) => edit(item.uid, { [key]: e.target.value })}
            data-testid={`upload-${key}`}
          />
          {problem && (
            <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid={`upload-${key}-error`}>
              {problem === 'tooLong' ? lengthMessage(t(`widgets.upload.${key}`), UPLOAD_LIMITS[key], t) : t(problem)}
            </Typography.Text>
          )}
        </>
      );
    };
  return (
    <Table<UploadItem>
      size="small"
      rowKey="uid"
      dataSource={items}
      pagination={false}
      locale={{ emptyText: t('widgets.upload.empty') }}
      onRow={(item) => ({ 'data-testid': 'upload-row', 'data-status': item.status }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        { key: 'name', title: t('widgets.upload.name'), render: field('name', 'widgets.upload.fileNameRequired') },
        { key: 'size', title: t('widgets.upload.size'), width: 84, render: (_, i) => formatFileSize(i.size) },
        { key: 'title', title: t('widgets.upload.title'), render: field('title', 'widgets.upload.titleRequired') },
        { key: 'remark', title: t('widgets.upload.remark'), render: field('remark', 'widgets.upload.remarkRequired') },
        {
          key: 'percent',
          title: t('widgets.upload.percent'),
          width: 120,
          render: (_, i) =>
            i.status === 'error' ? (
              <Typography.Text type="danger" data-testid="upload-error" title={i.error}>
                {t('error.upload')}
              </Typography.Text>
            ) : (
              <Progress
                percent={capPercent(i.uploadPercent)}
                size="small"
                status={i.status === 'done' ? 'success' : i.status === 'uploading' ? 'active' : 'normal'}
              />
            ),
        },
        {
          key: 'remove',
          width: 40,
          render: (_, i) => (
            <Button
              type="text"
              size="small"
              icon={<DeleteOutlined />}
              aria-label={t('widgets.action.remove')}
              disabled={i.status === 'uploading'}
              onClick={() => onChange(items.filter((x) => x.uid !== i.uid))}
            />
          ),
        },
      ]}
    />
  );
}
