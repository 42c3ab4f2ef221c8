import { DownloadOutlined, FileExcelOutlined, LoginOutlined, OrderedListOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Space, Table, Typography } from 'antd';
import { useRef, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { importQuickOrder, quickOrderTemplate, type LineError, type QuickLine } from '../../api/quick-order.ts';
import { toast } from '../../app/feedback.ts';
import { useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { saveBlob } from '../../shared/download.ts';
import { formatAmount } from '../../shared/format.ts';
import { isExcelFile } from '../../widgets/attachments/rules.ts';
import { PageTitle } from '../PageTitle.tsx';
import { QUICK_ORDER_PATH, signInFor, StockTag } from './QuickOrderParts.tsx';
import { appendLines, setRows, useQuickOrder } from './quick-order-store.ts';

const IMPORT_PATH = '/quickorder/importproduct';

/**
 * /quickorder/importproduct (anonymous, kept): the template for anyone; a signed-in user uploads
 * an xls/xlsx file (the server reads .xlsx, at most 5000 rows, 10 MB) and sees every row in error
 * at once (row, part number, message) beside the rows that can be ordered, which then go to the
 * quick-order grid to be added to the cart there.
 */
export default function QuickOrderImportPage() {
  const t = useT();
  const navigate = useNavigate();
  const signedIn = useSession((s) => s.auth.isLoggedIn);
  const isStore = useSession((s) => s.isStore);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [fileName, setFileName] = useState('');
  const [result, setResult] = useState<{ message: string; valid: QuickLine[]; errors: LineError[] } | null>(null);
  const [failure, setFailure] = useState('');

  const template = async () => {
    try {
      const { blob, filename } = await quickOrderTemplate();
      saveBlob(blob, filename || `${t('quickOrder.template.file')}.xlsx`);
    } catch {
      /* toasted */
    }
  };

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setResult(null);
    setFailure('');
    setFileName(file.name);
    if (!isExcelFile(file.name)) {
      setFailure(t('widgets.excel.badType'));
      return;
    }
    setBusy(true);
    try {
      const r = await importQuickOrder(file);
      setResult({ message: r.message, valid: r.Lines.filter((l) => !l.Error), errors: r.Errors });
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const toGrid = () => {
    if (!result?.valid.length) return;
    setRows(appendLines(useQuickOrder.getState().rows, result.valid));
    toast.success(t('quickOrder.movedToGrid', { count: result.valid.length }));
    setResult(null);
    setFileName('');
    navigate(QUICK_ORDER_PATH);
  };

  return (
    <div data-testid="quick-import-page">
      <PageTitle
        extra={
          <Button icon={<OrderedListOutlined />} onClick={() => navigate(QUICK_ORDER_PATH)}>
            {t('quickOrder.title')}
          </Button>
        }
      >
        {t('quickOrder.importTitle')}
      </PageTitle>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card size="small">
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            <Typography.Text>{t('quickOrder.importHint')}</Typography.Text>
            <Typography.Link data-testid="quick-template" onClick={template}>
              <DownloadOutlined /> {t('widgets.excel.template')}
            </Typography.Link>
            {signedIn ? (
              <Space wrap>
                <Button
                  type="primary"
                  icon={<FileExcelOutlined />}
                  loading={busy}
                  onClick={() => input.current?.click()}
                  data-testid="quick-choose"
                >
                  {t('quickOrder.chooseFile')}
                </Button>
                <Typography.Text data-testid="quick-file-name">{fileName}</Typography.Text>
                <input
                  ref={input}
                  type="file"
                  hidden
                  accept=".xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  onChange={choose}
                  data-testid="quick-file"
                />
              </Space>
            ) : (
              <Alert
                type="info"
                showIcon
                data-testid="quick-sign-in"
                title={t('quickOrder.importSignIn')}
                action={
                  <Button type="primary" size="small" icon={<LoginOutlined />} onClick={() => navigate(signInFor(IMPORT_PATH, isStore))}>
                    {t('quickOrder.signIn')}
                  </Button>
                }
              />
            )}
          </Space>
        </Card>
        {failure && <Alert type="error" showIcon title={<span data-testid="quick-import-failure">{failure}</span>} />}
        {result && (
          <>
            <Alert
              type={result.errors.length ? 'warning' : 'success'}
              showIcon
              title={<span data-testid="quick-import-summary">{result.message}</span>}
            />
            {result.errors.length > 0 && (
              <Card size="small" title={t('quickOrder.importErrors', { count: result.errors.length })}>
                <Table<LineError>
                  data-testid="quick-import-errors"
                  size="small"
                  rowKey="row"
                  dataSource={result.errors}
                  pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
                  columns={[
                    { title: t('quickOrder.col.row'), dataIndex: 'row', width: 80 },
                    { title: t('quickOrder.col.code'), dataIndex: 'code', width: 200 },
                    {
                      title: t('quickOrder.col.message'),
                      dataIndex: 'message',
                      render: (m: string) => <Typography.Text type="danger">{m}</Typography.Text>,
                    },
                  ]}
                />
              </Card>
            )}
            {result.valid.length > 0 && (
              <Card
                size="small"
                title={t('quickOrder.validRows')}
                extra={
                  <Button type="primary" onClick={toGrid} data-testid="quick-to-grid">
                    {t('quickOrder.toGrid', { count: result.valid.length })}
                  </Button>
                }
              >
                <Table<QuickLine>
                  data-testid="quick-import-valid"
                  size="small"
                  rowKey="Row"
                  dataSource={result.valid}
                  pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
                  columns={[
                    { title: t('quickOrder.col.row'), dataIndex: 'Row', width: 80 },
                    { title: t('quickOrder.col.code'), dataIndex: 'Code', width: 180 },
                    { title: t('quickOrder.col.name'), dataIndex: 'ProductName' },
                    { title: t('quickOrder.col.model'), dataIndex: 'Model' },
                    { title: t('quickOrder.col.qty'), dataIndex: 'Quantity', width: 90, align: 'right' },
                    {
                      title: t('quickOrder.col.price'),
                      dataIndex: 'Price',
                      width: 110,
                      align: 'right',
                      render: (p: string | null) => (p === null ? '—' : formatAmount(p)),
                    },
                    {
                      title: t('quickOrder.col.stock'),
                      dataIndex: 'Stock',
                      width: 100,
                      render: (s: QuickLine['Stock']) => <StockTag stock={s} />,
                    },
                  ]}
                />
              </Card>
            )}
          </>
        )}
      </Space>
    </div>
  );
}
