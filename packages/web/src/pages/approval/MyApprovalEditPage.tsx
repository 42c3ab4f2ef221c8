import { AuditOutlined, CheckOutlined, CloseOutlined, FileSearchOutlined, StopOutlined } from '@ant-design/icons';
import { APPROVAL_FIELD_NAMES, approvalTerms, documentLines, getEntity, type EntityDef } from '@portal/model';
import { Button, Card, Descriptions, Form, Input, Modal, Result, Skeleton, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { approveFlow, type ApproveAction } from '../../api/approval.ts';
import { displayValue, retrieveRecord, type RecordRow } from '../../api/records.ts';
import { refreshApprovalWaiting } from '../../app/counters.ts';
import { screenPath } from '../../app/screen-path.ts';
import { toast } from '../../app/feedback.ts';
import { fieldText, RecordDescriptions } from '../../entity-ui/RecordDescriptions.tsx';
import { useLocale, useT } from '../../locales/i18n.ts';
import { formatAmount } from '../../shared/format.ts';
import { formatUtc8 } from '../../shared/date.ts';
import { ApprovalProgressDialog } from '../../widgets/approval/ApprovalProgressDialog.tsx';
import { ApprovalStatusTag } from '../../widgets/approval/ApprovalStatusTag.tsx';
import { DetailHeader, type BackState } from '../../widgets/DetailHeader.tsx';
import { DocumentLines } from '../../entity-ui/document/DocumentLines.tsx';
import { charCount, lengthCount } from '../../widgets/typed-rules.ts';

const SUMMARY = ['new_name', 'new_station_id', 'new_submitter_id', 'new_stepname', 'new_submittime', 'new_approvalstatus'];
const MEMO_MAX = 500;

/**
 * What the approver weighs, from the model: the document's form sections without the approval
 * section and fields (the summary shows those), amount and its meaning from the approval terms.
 */
function contentSections(e: EntityDef, shown: Set<string>) {
  const approval = new Set(APPROVAL_FIELD_NAMES);
  return (e.forms.main ?? [])
    .map((s) => ({ key: s.key, label: s.label, fields: s.fields.filter((f) => !approval.has(f) && !shown.has(f) && f in e.allFields) }))
    .filter((s) => s.fields.length > 0);
}

type Decision = Exclude<ApproveAction, 'approve'>;

/**
 * /myapproval/edit?entityName=&id=: the document's summary (amount with its meaning), its fields
 * and lines read-only, a memo and approve / reject / veto; rejecting and vetoing ask for the
 * reason (sent to the submitter) and confirm.
 */
export default function MyApprovalEditPage() {
  const t = useT();
  const lang = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const entityName = params.get('entityName') ?? '';
  const id = params.get('id') ?? '';
  const e = getEntity(entityName);
  const terms = approvalTerms(entityName);
  const [row, setRow] = useState<RecordRow | null>(null);
  const [missing, setMissing] = useState(false);
  const [memo, setMemo] = useState('');
  const memoOver = charCount(memo.trim()) > MEMO_MAX;
  const [busy, setBusy] = useState<ApproveAction | null>(null);
  const [progressOpen, setProgressOpen] = useState(false);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);

  const shown = useMemo(() => new Set([e?.primaryName ?? '', ...SUMMARY, terms?.amount ?? '', terms?.meaning ?? '']), [e, terms]);
  const sections = useMemo(() => (e ? contentSections(e, shown) : []), [e, shown]);
  const lines = useMemo(() => (e ? documentLines(e) : []), [e]);

  useEffect(() => {
    if (!e || !id) {
      setMissing(true);
      return;
    }
    let live = true;
    const select = [...new Set([...shown, ...sections.flatMap((s) => s.fields)])].filter((f) => f in e.allFields);
    retrieveRecord(e.entitySet, id, [e.primaryKey, ...select])
      .then((r) => live && setRow(r))
      .catch(() => live && setMissing(true));
    return () => {
      live = false;
    };
  }, [e, id, shown, sections]);

  const act = async (action: ApproveAction, text: string) => {
    setBusy(action);
    try {
      await approveFlow(id, entityName, action, text.trim());
      toast.success(t(`approval.outcome.${action}`));
      void refreshApprovalWaiting();
      setDecision(null);
      navigate('/myapproval/list');
    } catch {
      /* the call toasts the (trimmed) message */
    } finally {
      setBusy(null);
    }
  };

  // The reason starts from what was typed as the memo; the dialog is also the confirmation.
  const ask = (d: Decision) => {
    setReason(memo);
    setReasonError(false);
    setDecision(d);
  };
  const decide = () => {
    if (!decision) return;
    // Refused at the field, never cut: what was typed stays to correct.
    if (!reason.trim() || reason.trim().length > MEMO_MAX) {
      setReasonError(true);
      return;
    }
    void act(decision, reason);
  };

  const has = (f: string) => !!e && f in e.allFields;
  // The document's own screen (e.g. an application's lines) where the app has one; its 返回 comes back here.
  // Its record screen: the edit screen, else the view screen (a sales order, a receipt: documents that open read-mostly).
  const documentPath = e && id ? (screenPath(entityName, 'edit', id) ?? screenPath(entityName, 'view', id)) : undefined;
  const here: BackState = { backTo: `${location.pathname}${location.search}` };
  const amountField = terms?.amount && has(terms.amount) ? terms.amount : undefined;
  const meaning = row && terms?.meaning && e ? fieldText(e, row, terms.meaning, lang) : '';
  const docName = row && e ? displayValue(row, e.primaryName) : '';

  return (
    <div data-testid="myapproval-edit" data-entity={entityName} data-id={id}>
      <DetailHeader
        title={t('approval.edit')}
        backTo="/myapproval/list"
        tags={
          row && has('new_approvalstatus') ? (
            <ApprovalStatusTag status={Number(row.new_approvalstatus)} testId="myapproval-status" />
          ) : undefined
        }
        extra={
          <Space>
            {documentPath && (
              <Button
                icon={<FileSearchOutlined />}
                data-testid="myapproval-open-document"
                onClick={() => navigate(documentPath, { state: here })}
              >
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
        <Result
          status="404"
          title={t('widgets.form.notFound')}
          extra={<Button onClick={() => navigate('/myapproval/list')}>{t('common.back')}</Button>}
        />
      ) : !row || !e ? (
        <Skeleton active />
      ) : (
        <Card>
          <Descriptions column={{ xs: 1, md: 2 }} data-testid="myapproval-summary">
            <Descriptions.Item label={t('approval.col.entity')}>{e.label[lang]}</Descriptions.Item>
            <Descriptions.Item label={t('approval.col.document')}>{docName}</Descriptions.Item>
            {amountField && (
              <Descriptions.Item label={meaning ? t('approval.amountOf', { meaning }) : t('approval.col.amount')}>
                <span data-testid="myapproval-amount" data-meaning={meaning}>
                  {formatAmount(row[amountField] as number | string | null)}
                </span>
              </Descriptions.Item>
            )}
            {has('new_station_id') && (
              <Descriptions.Item label={t('approval.col.station')}>{displayValue(row, 'new_station_id')}</Descriptions.Item>
            )}
            {has('new_submitter_id') && (
              <Descriptions.Item label={t('approval.col.submitter')}>{displayValue(row, 'new_submitter_id')}</Descriptions.Item>
            )}
            {has('new_submittime') && (
              <Descriptions.Item label={t('approval.col.submitTime')}>
                {row.new_submittime ? formatUtc8(String(row.new_submittime)) : ''}
              </Descriptions.Item>
            )}
            {has('new_stepname') && (
              <Descriptions.Item label={t('approval.col.step')}>{displayValue(row, 'new_stepname')}</Descriptions.Item>
            )}
          </Descriptions>
          {sections.length > 0 && (
            <div data-testid="myapproval-content" style={{ marginTop: 16 }}>
              <RecordDescriptions
                e={e}
                row={row}
                lang={lang}
                sections={sections.map((s) => ({ key: s.key, label: s.label[lang], fields: s.fields }))}
              />
            </div>
          )}
          {lines.map((l) => (
            <div key={l.entity.logicalName} data-testid="myapproval-lines" data-entity={l.entity.logicalName} style={{ marginTop: 16 }}>
              <h3>{lines.length > 1 ? l.entity.label[lang] : t('approval.lines')}</h3>
              <DocumentLines entity={l.entity.logicalName} parentField={l.field} parentId={id} editable={false} />
            </div>
          ))}
          <div style={{ marginTop: 16 }}>
            <div style={{ marginBottom: 8 }}>{t('approval.memo')}</div>
            {/* Kept whole over the limit (never cut) and refused: the count turns red and the message shows. */}
            <Input.TextArea
              data-testid="myapproval-memo"
              rows={4}
              count={lengthCount(MEMO_MAX)}
              status={memoOver ? 'error' : undefined}
              value={memo}
              onChange={(ev) => setMemo(ev.target.value)}
              aria-label={t('approval.memo')}
            />
            {memoOver && (
              <Typography.Text type="danger" role="alert" data-testid="myapproval-memo-error" style={{ display: 'block', marginTop: 20 }}>
                {t('flow.memoTooLong')}
              </Typography.Text>
            )}
          </div>
          <Space style={{ marginTop: 16 }}>
            <Button
              type="primary"
              icon={<CheckOutlined />}
              data-testid="myapproval-approve"
              loading={busy === 'approve'}
              disabled={!!busy}
              onClick={() => (memoOver ? toast.error(t('flow.memoTooLong')) : act('approve', memo))}
            >
              {t('approval.approve')}
            </Button>
            <Button icon={<CloseOutlined />} data-testid="myapproval-reject" disabled={!!busy} onClick={() => ask('reject')}>
              {t('approval.reject')}
            </Button>
            <Button danger icon={<StopOutlined />} data-testid="myapproval-veto" disabled={!!busy} onClick={() => ask('veto')}>
              {t('approval.veto')}
            </Button>
          </Space>
        </Card>
      )}
      <Modal
        open={!!decision}
        title={decision === 'veto' ? t('approval.vetoTitle') : t('approval.rejectTitle')}
        okText={decision === 'veto' ? t('approval.veto') : t('approval.reject')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: decision === 'veto', loading: !!decision && busy === decision, 'data-testid': 'myapproval-decision-ok' }}
        cancelButtonProps={{ disabled: !!busy }}
        onOk={decide}
        onCancel={() => !busy && setDecision(null)}
        destroyOnHidden
      >
        <div data-testid="myapproval-decision" data-action={decision ?? ''}>
          <p>{decision === 'veto' ? t('approval.vetoConfirmName', { name: docName }) : t('approval.rejectConfirm', { name: docName })}</p>
          <Form layout="vertical" component="div">
            <Form.Item
              label={decision === 'veto' ? t('approval.vetoReason') : t('approval.rejectReason')}
              required
              validateStatus={reasonError ? 'error' : undefined}
              help={
                !reasonError
                  ? t('approval.reasonHint')
                  : reason.trim()
                    ? t('flow.memoTooLong')
                    : t(decision === 'veto' ? 'flow.vetoReasonRequired' : 'flow.rejectReasonRequired')
              }
            >
              <Input.TextArea
                data-testid="myapproval-reason"
                rows={4}
                count={{ show: true, max: MEMO_MAX }}
                autoFocus
                value={reason}
                onChange={(ev) => {
                  setReason(ev.target.value);
                  setReasonError(false);
                }}
              />
            </Form.Item>
          </Form>
        </div>
      </Modal>
      {id && entityName && (
        <ApprovalProgressDialog open={progressOpen} entityName={entityName} entityId={id} onClose={() => setProgressOpen(false)} />
      )}
    </div>
  );
}
