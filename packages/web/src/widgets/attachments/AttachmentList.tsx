import { DeleteOutlined, DownloadOutlined, EyeOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Modal, Space, Table, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { deleteAttachment, downloadAttachment, listAttachments, uploadAttachment, type Attachment } from '../../api/attachments.ts';
import { ApiError } from '../../api/envelope.ts';
import { alertBox, confirm, toast } from '../../app/feedback.ts';
import { useT } from '../../locales/i18n.ts';
import { formatUtc8 } from '../../shared/date.ts';
import { saveBlob } from '../../shared/download.ts';
import { formatFileSize } from '../../shared/format.ts';
import { attachmentTooLarge, canPreview } from './rules.ts';
import { UploadDialog } from './UploadDialog.tsx';

const safeDate = (v?: string) => {
  try {
    return v ? formatUtc8(v) : '';
  } catch {
    return '';
  }
};

/**
 * Attachments of one record (spec 000 §2): list (FileName, FileSize), upload, download, image
 * preview (png, jpg, jpeg, gif, svg only) and delete of the selected files.
 */
export function AttachmentList({ moduleType, objectId, readOnly = false }: { moduleType: string; objectId: string; readOnly?: boolean }) {
  const t = useT();
  const [rows, setRows] = useState<Attachment[]>([]);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [dialog, setDialog] = useState(false);
  const [preview, setPreview] = useState<{ name: string; url: string } | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const list = await listAttachments(moduleType, objectId);
      setRows(list);
      setSelected((s) => s.filter((id) => list.some((r) => r.Id === id)));
    } catch {
      /* toasted by the client */
    } finally {
      setLoading(false);
    }
  }, [moduleType, objectId]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview.url);
    },
    [preview],
  );

  const onFiles = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    if (files.length === 0) return;
    setUploading(true);
    let any = false;
    for (const file of files) {
      // spec 000 §5: under 50MB.
      if (attachmentTooLarge(file.size)) {
        toast.error(t('widgets.attachment.tooLarge'));
        continue;
      }
      try {
        await uploadAttachment({ ModuleType: moduleType, ObjectId: objectId, FileName: file.name, Title: file.name, IsOverwrite: 0 }, file);
        any = true;
      } catch (err) {
        const message = err instanceof Error && err.message ? err.message : t('error.upload');
        // spec 000 §8: an upload answer with ErrorCode -1 is alerted; other failures are toasts.
        if (err instanceof ApiError && err.errorCode === -1) alertBox(message, t('error.upload'));
        else toast.error(message);
      }
    }
    setUploading(false);
    if (any) {
      toast.success(t('widgets.attachment.uploaded'));
      await load();
    }
  };

  const download = async (row: Attachment) => {
    try {
      const { blob } = await downloadAttachment(moduleType, row.Id);
      saveBlob(blob, row.FileName);
    } catch {
      /* toasted */
    }
  };

  const showPreview = async (row: Attachment) => {
    try {
      const { blob } = await downloadAttachment(moduleType, row.Id);
      const typed =
        row.FileName.toLowerCase().endsWith('.svg') && blob.type !== 'image/svg+xml' ? new Blob([blob], { type: 'image/svg+xml' }) : blob;
      setPreview({ name: row.FileName, url: URL.createObjectURL(typed) });
    } catch {
      /* toasted */
    }
  };

  const remove = () => {
    // spec 000 §5: nothing selected.
    if (selected.length === 0) {
      toast.warning(t('widgets.attachment.selectAtLeastOne'));
      return;
    }
    confirm({
      title: t('widgets.attachment.confirmDelete'),
      content: '',
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        // A refused delete is reported, not hidden behind the success message.
        const failures: string[] = [];
        for (const id of selected)
          await deleteAttachment(moduleType, id).catch((e: unknown) => failures.push(e instanceof Error ? e.message : String(e)));
        if (failures.length) toast.error(failures[0]);
        else toast.success(t('widgets.attachment.deleted'));
        setSelected([]);
        await load();
      },
    });
  };

  return (
    <div data-testid="attachment-list" className="attachment-list">
      {!readOnly && (
        <Space style={{ marginBottom: 12 }} wrap>
          <Button type="primary" icon={<UploadOutlined />} loading={uploading} onClick={() => input.current?.click()}>
            {t('widgets.action.upload')}
          </Button>
          <Button icon={<PaperClipOutlined />} onClick={() => setDialog(true)} data-testid="attachment-batch-upload">
            {t('widgets.action.batchUpload')}
          </Button>
          <Button danger icon={<DeleteOutlined />} onClick={remove} data-testid="attachment-delete">
            {t('widgets.action.delete')}
          </Button>
          <Typography.Text type="secondary">{t('widgets.attachment.tooLarge').replace(/!$/, '')}</Typography.Text>
        </Space>
      )}
      {!readOnly && <input ref={input} type="file" multiple hidden onChange={onFiles} data-testid="attachment-upload" />}
      <Table<Attachment>
        size="small"
        rowKey="Id"
        loading={loading}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: <span data-testid="attachment-empty">{t('widgets.attachment.empty')}</span> }}
        rowSelection={readOnly ? undefined : { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        onRow={(row) =>
          ({ 'data-testid': 'attachment-row', 'data-id': row.Id, 'data-filename': row.FileName }) as React.HTMLAttributes<HTMLElement>
        }
        columns={[
          { key: 'FileName', dataIndex: 'FileName', title: t('widgets.attachment.fileName'), ellipsis: true },
          {
            key: 'FileSize',
            dataIndex: 'FileSize',
            title: t('widgets.attachment.fileSize'),
            width: 110,
            render: (v: number) => formatFileSize(v),
          },
          {
            key: 'CreatedOn',
            dataIndex: 'CreatedOn',
            title: t('widgets.attachment.uploadedOn'),
            width: 160,
            render: (v?: string) => safeDate(v),
          },
          {
            key: 'actions',
            title: t('widgets.list.actions'),
            width: 150,
            render: (_, row) => (
              <Space size={4}>
                <Button
                  type="link"
                  size="small"
                  icon={<DownloadOutlined />}
                  onClick={() => download(row)}
                  data-testid="attachment-download"
                >
                  {t('widgets.action.download')}
                </Button>
                {canPreview(row.FileName) && (
                  <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => showPreview(row)} data-testid="attachment-preview">
                    {t('widgets.action.preview')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!preview}
        title={preview?.name ?? t('widgets.attachment.previewTitle')}
        footer={null}
        onCancel={() => setPreview(null)}
        width={720}
        centered
      >
        <div data-testid="attachment-preview-dialog" style={{ textAlign: 'center' }}>
          {preview && <img src={preview.url} alt={preview.name} style={{ maxWidth: '100%', maxHeight: '70vh' }} />}
        </div>
      </Modal>
      {!readOnly && (
        <UploadDialog open={dialog} moduleType={moduleType} objectId={objectId} onClose={() => setDialog(false)} onUploaded={load} />
      )}
    </div>
  );
}
