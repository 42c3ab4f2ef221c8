import { CheckOutlined, VerticalAlignBottomOutlined } from '@ant-design/icons';
import { getEntity, receiptState } from '@portal/model';
import { Alert, Button, Card, Descriptions, Form, Result, Skeleton, Space, Table, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { receiveDelivery } from '../../api/parts.ts';
import { retrieveRecord, type RecordRow } from '../../api/records.ts';
import { toast } from '../../app/feedback.ts';
import { cellText } from '../../entity-ui/format.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { DetailHeader } from '../../widgets/DetailHeader.tsx';
import { num } from '../../entity-ui/document/num.ts';
import { OptionTag } from '../../entity-ui/document/OptionTag.tsx';
import { RECEIPT_LIST } from './delivery-paths.ts';
import { isReceivable } from './delivery-rules.ts';
import { useDocumentLines } from '../../entity-ui/document/use-document-lines.ts';
import { remainingOf, useReceiptQuantities } from './receipt-quantities.tsx';

const ORDER = getEntity('new_stockoutorder')!;
const LINE = getEntity('new_stockoutorderdetail')!;
const SUMMARY = [
  'new_name',
  'new_warehouse_id',
  'new_towarehouse_id',
  'new_logisticscorp',
  'new_trackingno',
  'new_shiptime',
  'new_totalqty',
];
const HEADER = [ORDER.primaryKey, ...SUMMARY, 'new_state', 'new_receiptstate'];

/**
 * /partsSign/edit/:id: the receipt of a delivery by its receiving side. The delivery's summary and
 * its lines with shipped, already received and still to receive; while it can be received (shipped,
 * to be received or semi received) one input per line, 本次签收数量, starting at the remainder;
 * 全部签收 fills every remainder, 确认签收 posts the lines above 0. The server's refusal shows in
 * place; after a receipt the screen reloads (a fully received delivery shows no inputs). Hooks:
 * `ps-receipt` (with `data-id`, `data-receiptstate`), `ps-summary`, `ps-receiptstate`, `ps-lines`
 * (with `data-count`), `ps-line-row` (with `data-id`, `data-remaining`), `ps-line-qty` (with
 * `data-line-id`), `ps-fill-all`, `ps-confirm`, `ps-error`, `ps-done`, `ps-not-receivable`.
 */
export default function ReceiptPage() {
  const { id = '' } = useParams();
  const t = useT();
  const lang = useLocale();
  const can = usePrivilege();
  const navigate = useNavigate();
  const [version, setVersion] = useState(0);
  const [header, setHeader] = useState<RecordRow | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const { rows, loading } = useDocumentLines(LINE.logicalName, 'new_stockoutorder_id', id, version);
  const receipt = useReceiptQuantities(LINE, rows);

  useEffect(() => {
    let live = true;
    retrieveRecord(ORDER.entitySet, id, HEADER, { silent: true })
      .then((h) => live && setHeader(h))
      .catch(() => live && setMissing(true));
    return () => {
      live = false;
    };
  }, [id, version]);

  const receivable = isReceivable(header) && can('parts.receive');
  const done = num(header?.new_receiptstate) === receiptState.received;

  const confirm = async () => {
    setBusy(true);
    setError('');
    try {
      // A refused quantity shows at its line; nothing is posted.
      const lines = await receipt.lines();
      if (!lines) return;
      const answer = await receiveDelivery(id, { lines });
      if (answer.message) toast.success(answer.message);
      setVersion((v) => v + 1);
    } catch (err) {
      const text = (err as Error).message;
      setError(text);
      toast.error(text);
    } finally {
      setBusy(false);
    }
  };

  const field = (name: string) => ({
    key: name,
    title: LINE.allFields[name].label[lang],
    align: LINE.allFields[name].type === 'int' ? ('right' as const) : undefined,
    render: (_: unknown, r: RecordRow) => cellText(r, name, LINE.allFields[name], lang),
  });
  const columns: TableColumnsType<RecordRow> = [
    field('new_code'),
    field('new_name'),
    field('new_uom'),
    field('new_qty'),
    field('new_receivedqty'),
    { key: 'remaining', title: t('parts.ui.remaining'), align: 'right', render: (_, r) => remainingOf(r) },
    ...(receivable ? [receipt.column(t('parts.ui.receiveQty'), 'ps-line-qty', 160)] : []),
  ];

  return (
    // The form holds the receipt quantities (one per line) so each is refused at its line.
    <Form form={receipt.form} component={false}>
      <div data-testid="ps-receipt" data-id={id} data-receiptstate={header ? String(header.new_receiptstate ?? '') : undefined}>
        <DetailHeader
          title={t('parts.ui.receipt')}
          backTo={RECEIPT_LIST}
          tags={header ? <OptionTag set={receiptState} value={header.new_receiptstate} testId="ps-receiptstate" /> : undefined}
          extra={
            receivable ? (
              <Space>
                <Button icon={<VerticalAlignBottomOutlined />} onClick={receipt.fill} disabled={busy} data-testid="ps-fill-all">
                  {t('parts.ui.receiveAll')}
                </Button>
                <Button type="primary" icon={<CheckOutlined />} loading={busy} onClick={confirm} data-testid="ps-confirm">
                  {t('parts.ui.receiveConfirm')}
                </Button>
              </Space>
            ) : undefined
          }
        />
        {missing ? (
          <Result
            status="404"
            title={t('widgets.form.notFound')}
            extra={<Button onClick={() => navigate(RECEIPT_LIST)}>{t('common.back')}</Button>}
          />
        ) : !header ? (
          <Skeleton active />
        ) : (
          <Card>
            <Descriptions column={{ xs: 1, md: 2, xl: 3 }} data-testid="ps-summary" style={{ marginBottom: 16 }}>
              {SUMMARY.map((f) => (
                <Descriptions.Item key={f} label={ORDER.allFields[f].label[lang]}>
                  {cellText(header, f, ORDER.allFields[f], lang)}
                </Descriptions.Item>
              ))}
            </Descriptions>
            {done && (
              <Alert type="success" showIcon title={t('parts.ui.fullyReceived')} style={{ marginBottom: 12 }} data-testid="ps-done" />
            )}
            {!done && !isReceivable(header) && (
              <Alert
                type="info"
                showIcon
                title={t('parts.ui.notReceivable')}
                style={{ marginBottom: 12 }}
                data-testid="ps-not-receivable"
              />
            )}
            {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="ps-error" />}
            <div data-testid="ps-lines" data-count={loading ? undefined : rows.length}>
              <Table<RecordRow>
                size="small"
                rowKey={receipt.idOf}
                columns={columns}
                dataSource={rows}
                loading={loading}
                pagination={false}
                scroll={{ x: 'max-content' }}
                onRow={(r) =>
                  ({
                    'data-testid': 'ps-line-row',
                    'data-id': receipt.idOf(r),
                    'data-remaining': remainingOf(r),
                  }) as React.HTMLAttributes<HTMLElement>
                }
                locale={{ emptyText: t('parts.ui.linesEmpty') }}
              />
            </div>
          </Card>
        )}
      </div>
    </Form>
  );
}
