import { DownloadOutlined, FileExcelOutlined } from '@ant-design/icons';
import { getEntityBySet } from '@portal/model';
import { Alert, Button, Modal, Space, Typography } from 'antd';
import { useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { ApiError } from '../api/envelope.ts';
import { excelImport, excelTemplate, importErrorsOf, type ImportRowError } from '../api/excel.ts';
import { toast } from '../app/feedback.ts';
import { useLocale, useT } from '../locales/i18n.ts';
import { saveBlob } from '../shared/download.ts';
import { isExcelFile } from './attachments/rules.ts';

/**
 * The Excel import dialog (spec 000 §2): template download, one xls/xlsx file sent by a custom
 * request, then either the imported count or the server's row-numbered errors. By default it uses
 * the entity set's generic template and import calls; a screen with an import call of its own
 * (a count sheet's counted quantities) passes `importFile` and `downloadTemplate`.
 */
export function ExcelImportDialog({
  open,
  entitySet,
  title,
  onClose,
  onImported,
  importFile,
  downloadTemplate,
  rowErrorText,
  hint,
}: {
  open: boolean;
  /** Field labels of row errors, and the generic calls unless replaced below. */
  entitySet: string;
  title?: string;
  onClose: () => void;
  onImported?: (count: number) => void;
  /** Sends the file to another import call (same answers: imported count, or 400 with row errors). */
  importFile?: (file: File) => Promise<{ imported: number }>;
  /** Downloads another template. */
  downloadTemplate?: () => Promise<{ blob: Blob; filename: string }>;
  /** How one row error reads (default: row, field and message). */
  rowErrorText?: (e: ImportRowError) => string;
  /** What the file must hold (its columns), shown above the limits. */
  hint?: ReactNode;
}) {
  const t = useT();
  const lang = useLocale();
  const entity = getEntitySet(entitySet);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ imported?: number; errors?: ImportRowError[]; message?: string; total?: number } | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const fieldLabel = (f: string) => entity?.allFields[f]?.label[lang] ?? f;

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0] ?? null;
    e.target.value = '';
    setResult(null);
    if (f && !isExcelFile(f.name)) {
      toast.error(t('widgets.excel.badType'));
      setFile(null);
      return;
    }
    setFile(f);
  };

  const template = async () => {
    try {
      const { blob, filename } = await (downloadTemplate ? downloadTemplate() : excelTemplate(entitySet));
      saveBlob(blob, filename || `${entity?.label[lang] ?? entitySet}.xlsx`);
    } catch {
      /* toasted */
    }
  };

  const submit = async () => {
    if (!file) {
      toast.warning(t('widgets.excel.noFile'));
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      const r = await (importFile ? importFile(file) : excelImport(entitySet, file));
      setResult({ imported: r.imported });
      setFile(null);
      onImported?.(r.imported);
    } catch (e) {
      const errors = e instanceof ApiError ? importErrorsOf(e.data) : [];
      // The server lists a limited number of row errors; `total` counts them all.
      const total =
        e instanceof ApiError
          ? Number((e.data as { total?: unknown } | undefined)?.total ?? errors.length) || errors.length
          : errors.length;
      setResult({ errors, message: e instanceof Error ? e.message : '', total });
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    if (busy) return;
    setFile(null);
    setResult(null);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={title ?? t('widgets.excel.title')}
      onCancel={close}
      footer={null}
      width={560}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <div data-testid="excel-import-dialog">
        <Space orientation="vertical" style={{ width: '100%' }} size={12}>
          <Typography.Link data-testid="excel-template" onClick={template}>
            <DownloadOutlined /> {t('widgets.excel.template')}
          </Typography.Link>
          <Space wrap>
            <Button icon={<FileExcelOutlined />} onClick={() => input.current?.click()} disabled={busy}>
              {t('widgets.excel.choose')}
            </Button>
            <Typography.Text data-testid="excel-file-name">{file?.name ?? ''}</Typography.Text>
          </Space>
          <input
            ref={input}
            type="file"
            accept=".xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            hidden
            onChange={choose}
            data-testid="excel-file"
          />
          {hint && <Typography.Text>{hint}</Typography.Text>}
          <Typography.Text type="secondary">
            {t('widgets.excel.badType')}；{t('widgets.excel.limit')}
          </Typography.Text>
          {result?.imported !== undefined && (
            <Alert
              type="success"
              showIcon
              title={<span data-testid="excel-result">{t('widgets.excel.imported', { count: result.imported })}</span>}
            />
          )}
          {result?.errors && (
            <Alert
              type="error"
              showIcon
              title={result.errors.length && (result.total ?? 0) <= result.errors.length ? t('widgets.excel.failed') : result.message}
              description={
                result.errors.length > 0 && (
                  <ul data-testid="excel-errors" className="excel-errors">
                    {result.errors.map((e, i) => (
                      <li key={i} data-row={e.row}>
                        {rowErrorText
                          ? rowErrorText(e)
                          : t('widgets.excel.rowError', { row: e.row, field: fieldLabel(e.field), message: e.message })}
                      </li>
                    ))}
                  </ul>
                )
              }
            />
          )}
          <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button onClick={close} disabled={busy}>
              {t('widgets.action.close')}
            </Button>
            <Button type="primary" onClick={submit} loading={busy} data-testid="excel-submit">
              {t('widgets.excel.submit')}
            </Button>
          </Space>
        </Space>
      </div>
    </Modal>
  );
}

const getEntitySet = (set: string) => getEntityBySet(set);
