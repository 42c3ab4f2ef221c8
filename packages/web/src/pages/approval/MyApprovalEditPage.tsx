import { AuditOutlined, CheckOutlined, CloseOutlined, FileSearchOutlined, StopOutlined } from '@ant-design/icons';
import { getEntity } from '@portal/model';
import { Button, Card, Descriptions, Input, Result, Skeleton, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { approveFlow, type ApproveAction } from '../../api/approval.ts';
import { displayValue, retrieveRecord, type RecordRow } from '../../api/records.ts';
import { refreshApprovalWaiting } from '../../app/counters.ts';
import { screenPath } from '../../app/screen-path.ts';
import { confirm, toast } from '../../app/feedback.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { formatAmount } from '../../shared/format.ts';
import { formatUtc8 } from '../../shared/date.ts';
import { ApprovalProgressDialog } from '../../widgets/approval/ApprovalProgressDialog.tsx';
import { ApprovalStatusTag } from '../../widgets/approval/ApprovalStatusTag.tsx';
import { DetailHeader } from '../../widgets/DetailHeader.tsx';

const SUMMARY = ['new_name', 'new_amount', 'new_station_id', 'new_submitter_id', 'new_stepname', 'new_submittime', 'new_approvalstatus'];

/** /myapproval/edit?entityName=&id=: the document's summary, a memo and approve / reject / veto. */
export default function MyApprovalEditPage() {
  const t = useT();
  const lang = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const entityName = params.get('entityName') ?? '';
  const id = params.get('id') ?? '';
  const e = getEntity(entityName);
  const [row, setRow] = useState<RecordRow | null>(null);
  const [missing, setMissing] = useState(false);
  const [memo, setMemo] = useState('');
  const [busy, setBusy] = useState<ApproveAction | null>(null);
  const [progressOpen, setProgressOpen] = useState(false);

  useEffect(() => {
    if (!e || !id) {
      setMissing(true);
      return;
    }
    let live = true;
    const select = SUMMARY.filter((f) => f in e.allFields);
    retrieveRecord(e.entitySet, id, [e.primaryKey, e.primaryName, ...select])
      .then((r) => live && setRow(r))
      .catch(() => live && setMissing(true));
    return () => {
      live = false;
    };
  }, [e, id]);

  const act = async (action: ApproveAction) => {
    setBusy(action);
    try {
      await approveFlow(id, entityName, action, memo.trim());
      toast.success(t(`approval.outcome.${action}`));
      void refreshApprovalWaiting();
      navigate('/myapproval/list');
    } catch {
      /* the call toasts the (trimmed) message */
    } finally {
      setBusy(null);
    }
  };

  const veto = () =>
    confirm({ title: t('approval.veto'), content: t('approval.vetoConfirm'), okText: t('common.ok'), cancelText: t('common.cancel'), onOk: () => act('veto') });

  const has = (f: string) => !!e && f in e.allFields;
  // The document's own screen (e.g. an application's lines) where the app has one.
  const documentPath = e && id ? screenPath(entityName, 'edit', id) : undefined;
  const amount = row && has('new_amount') ? row.new_amount : undefined;

  return (
    <div data-testid="myapproval-edit" data-entity={entityName} data-id={id}>
      <DetailHeader
        title={t('approval.edit')}
        backTo="/myapproval/list"
        tags={row && has('new_approvalstatus') ? <ApprovalStatusTag status={Number(row.new_approvalstatus)} testId="myapproval-status" /> : undefined}
        extra={
          <Space>
            {documentPath && (
              <Button icon={<FileSearchOutlined />} data-testid="myapproval-open-document" onClick={() => navigate(documentPath)}>
                {t('parts.ui.openDocument')}
              </Button>
            )}
            <Button icon={<AuditOutlined />} data-testid="myapproval-progress" disabled={!row} onClick={() => setProgressOpen(true)}>
              {t('approval.progress')}
            </Button>
          </Space>
        }
      />
      {missing ? (
        <Result status="404" title={t('widgets.form.notFound')} extra={<Button onClick={() => navigate('/myapproval/list')}>{t('common.back')}</Button>} />
      ) : !row ? (
        <Skeleton active />
      ) : (
        <Card>
          <Descriptions column={{ xs: 1, md: 2 }} data-testid="myapproval-summary">
            <Descriptions.Item label={t('approval.col.entity')}>{e?.label[lang]}</Descriptions.Item>
            <Descriptions.Item label={t('approval.col.document')}>{displayValue(row, e!.primaryName)}</Descriptions.Item>
            {has('new_amount') && <Descriptions.Item label={t('approval.col.amount')}>{amount === null || amount === undefined ? '' : formatAmount(amount as number)}</Descriptions.Item>}
            {has('new_station_id') && <Descriptions.Item label={t('approval.col.station')}>{displayValue(row, 'new_station_id')}</Descriptions.Item>}
            {has('new_submitter_id') && <Descriptions.Item label={t('approval.col.submitter')}>{displayValue(row, 'new_submitter_id')}</Descriptions.Item>}
            {has('new_submittime') && <Descriptions.Item label={t('approval.col.submitTime')}>{row.new_submittime ? formatUtc8(String(row.new_submittime)) : ''}</Descriptions.Item>}
            {has('new_stepname') && <Descriptions.Item label={t('approval.col.step')}>{displayValue(row, 'new_stepname')}</Descriptions.Item>}
          </Descriptions>
          <div style={{ marginTop: 16 }}>
            <div style={{ marginBottom: 8 }}>{t('approval.memo')}</div>
            <Input.TextArea data-testid="myapproval-memo" rows={4} maxLength={500} showCount value={memo} onChange={(ev) => setMemo(ev.target.value)} />
          </div>
          <Space style={{ marginTop: 16 }}>
            <Button type="primary" icon={<CheckOutlined />} data-testid="myapproval-approve" loading={busy === 'approve'} disabled={!!busy} onClick={() => act('approve')}>
              {t('approval.approve')}
            </Button>
            <Button icon={<CloseOutlined />} data-testid="myapproval-reject" loading={busy === 'reject'} disabled={!!busy} onClick={() => act('reject')}>
              {t('approval.reject')}
            </Button>
            <Button danger icon={<StopOutlined />} data-testid="myapproval-veto" loading={busy === 'veto'} disabled={!!busy} onClick={veto}>
              {t('approval.veto')}
            </Button>
          </Space>
        </Card>
      )}
      {id && entityName && <ApprovalProgressDialog open={progressOpen} entityName={entityName} entityId={id} onClose={() => setProgressOpen(false)} />}
    </div>
  );
}
