import { AuditOutlined, RollbackOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { getEntity, STATION_CHANGE_FIELDS, stationApplyType } from '@portal/model';
import { Alert, Form, Input, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from '../../app/feedback.ts';
import { useKeptEffect } from '../../app/use-kept-effect.ts';
import { ApiError } from '../../api/envelope.ts';
import { createRecord, displayValue, retrieveRecord, updateRecord, type RecordRow } from '../../api/records.ts';
import { inputFor, rulesFor } from '../../entity-ui/FieldInput.tsx';
import { formatRaw } from '../../entity-ui/format.ts';
import { toFormValues, toPayload } from '../../entity-ui/form-values.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { ButtonGroup, HEADER_MAX, type ActionButton } from '../../widgets/ButtonGroup.tsx';
import { DetailHeader } from '../../widgets/DetailHeader.tsx';
import { ApprovalProgressDialog } from '../../widgets/approval/ApprovalProgressDialog.tsx';
import { ApprovalStatusTag } from '../../widgets/approval/ApprovalStatusTag.tsx';
import { confirmRevoke } from '../../widgets/approval/confirm-revoke.ts';
import { FlowSubmitDialog } from '../../widgets/approval/FlowSubmitDialog.tsx';
import { applyPath, kindOf, STATION_APPLY } from './station-apply-paths.ts';

const E = getEntity(STATION_APPLY)!;
const STATION = getEntity('new_srv_station')!;
const PROPOSED = STATION_CHANGE_FIELDS.map((f) => f.proposed);
const FORM_FIELDS = [...PROPOSED, 'new_reason'];
const READ = [E.primaryKey, 'new_name', 'new_applytype', 'new_station_id', 'new_reason', 'new_approvalstatus', 'new_submitter_id', ...STATION_CHANGE_FIELDS.flatMap((f) => [f.current, f.proposed])];

/** The station's values a proposal is compared with, by station field. */
type Current = Record<string, unknown>;

/**
 * The station fields whose proposed value differs from the current one (a blank proposal keeps the
 * current value) — the server's rule (domain/station-apply).
 */
export function changedFields(current: Current, values: Record<string, unknown>): string[] {
  const payload = toPayload(E, values, PROPOSED, false);
  return STATION_CHANGE_FIELDS.filter((f) => {
    const v = payload[f.proposed];
    return v !== null && v !== undefined && String(v).trim() !== '' && String(v).trim() !== String(current[f.station] ?? '').trim();
  }).map((f) => f.station);
}

/**
 * /basicData/stationchangeapply/create and /edit/:id: a station's change application. Each field the
 * station may change shows its current value beside the new one (changed rows highlighted, counted);
 * with no changed value it cannot be submitted. Save, 提交审批, 撤回 and 审批进度 as on every
 * approval document; once approved, head office's approval has put the new values on the station.
 */
export default function StationChangeApplyPage() {
  const { id } = useParams();
  const t = useT();
  const lang = useLocale();
  const can = usePrivilege();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const [form] = Form.useForm();
  const values = (Form.useWatch([], form) ?? {}) as Record<string, unknown>;
  const [row, setRow] = useState<RecordRow | null>(null);
  const [current, setCurrent] = useState<Current | null>(null);
  const [stationName, setStationName] = useState('');
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [submitOpen, setSubmitOpen] = useState(false);
  const [progressOpen, setProgressOpen] = useState(false);
  const [version, setVersion] = useState(0);

  const status = Number(row?.new_approvalstatus ?? 1) || 1;
  const editableStatus = status === 1 || status === 4;
  const writable = can('station.apply') && (!id || (!!row && editableStatus));
  const stationId = id ? String(row?.new_station_id ?? '') : user.departId;

  useKeptEffect(() => {
    void (async () => {
      try {
        if (id) {
          const r = await retrieveRecord(E.entitySet, id, READ, { silent: true });
          const kind = kindOf(r.new_applytype);
          if (kind && kind !== 'change') {
            navigate(applyPath(kind, id), { replace: true });
            return;
          }
          setRow(r);
          setStationName(displayValue(r, 'new_station_id'));
          setCurrent(Object.fromEntries(STATION_CHANGE_FIELDS.map((f) => [f.station, r[f.current] ?? null])));
          form.setFieldsValue(toFormValues(E, r, FORM_FIELDS));
        } else {
          // A new application starts from the station's current values; the user edits what changes.
          const s = await retrieveRecord(STATION.entitySet, user.departId, [STATION.primaryKey, ...STATION_CHANGE_FIELDS.map((f) => f.station)], { silent: true });
          setStationName(String(s.new_name ?? user.departName));
          setCurrent(Object.fromEntries(STATION_CHANGE_FIELDS.map((f) => [f.station, s[f.station] ?? null])));
          form.setFieldsValue(toFormValues(E, Object.fromEntries(STATION_CHANGE_FIELDS.map((f) => [f.proposed, s[f.station] ?? null])), PROPOSED));
        }
      } catch (err) {
        setFailed(true);
        if (err instanceof ApiError) toast.error(err.message);
      }
    })();
  }, [id, version]);

  // Read-only (no inputs): the saved proposal.
  const proposal = writable ? values : row ? toFormValues(E, row, PROPOSED) : {};
  const changed = current ? changedFields(current, proposal) : [];

  /** Saves the form; answers the application's id (undefined when refused). */
  const save = async (): Promise<string | undefined> => {
    let v: Record<string, unknown>;
    try {
      v = await form.validateFields();
    } catch {
      toast.error(t('widgets.form.checkErrors'));
      return undefined;
    }
    setSaving(true);
    try {
      if (!id) {
        const body = { new_applytype: stationApplyType.change, new_station_id: stationId, ...toPayload(E, v, FORM_FIELDS, true) };
        const r = await createRecord(E.entitySet, body, { silent: true });
        toast.success(t('widgets.form.created'));
        if (r?.id) navigate(applyPath('change', r.id), { replace: true });
        return r?.id;
      }
      await updateRecord(E.entitySet, id, toPayload(E, v, FORM_FIELDS, false), { silent: true });
      toast.success(t('widgets.form.saved'));
      return id;
    } catch (err) {
      if (err instanceof Error && err.message) toast.error(err.message);
      return undefined;
    } finally {
      setSaving(false);
    }
  };

  const submit = async () => {
    if (!changed.length) {
      toast.error(t('stationApply.noChange'));
      return;
    }
    if (await save()) setSubmitOpen(true);
  };

  const reload = () => {
    setRow(null);
    setVersion((n) => n + 1);
  };
  const submitter = String(row?.new_submitter_id ?? '');
  const actions: ActionButton[] = [
    { key: 'save', label: t('common.save'), icon: <SaveOutlined />, type: 'primary', hidden: !writable || !current, loading: saving, onClick: () => void save(), testId: 'form-save' },
    { key: 'submit', label: t('approval.submit'), icon: <SendOutlined />, hidden: !id || !row || !writable, onClick: () => void submit(), testId: 'stationchangeapply-submit' },
    { key: 'revoke', label: t('approval.revoke'), icon: <RollbackOutlined />, hidden: !row || status !== 2 || !submitter || submitter.toLowerCase() !== user.userId.toLowerCase(), onClick: () => confirmRevoke(t, id!, STATION_APPLY, reload), testId: 'stationchangeapply-revoke' },
    { key: 'progress', label: t('approval.progress'), icon: <AuditOutlined />, hidden: !row, onClick: () => setProgressOpen(true), testId: 'stationchangeapply-progress' },
  ];

  const title = (
    <Space size={8}>
      <span>{stationApplyType.options.find((o) => o.value === stationApplyType.change)!.label[lang]}</span>
      {row && <ApprovalStatusTag status={status} testId="stationchangeapply-status" />}
    </Space>
  );
  const shown = (f: (typeof STATION_CHANGE_FIELDS)[number]) => formatRaw(STATION.allFields[f.station], current?.[f.station], lang);

  return (
    <div data-testid="station-change-apply" data-id={id ?? ''} className="entity-form">
      <DetailHeader title={title} backTo="/basicData/stationapplylist" tags={row ? <span className="detail-header-sub">{String(row.new_name ?? '')}</span> : undefined} extra={<ButtonGroup items={actions} max={HEADER_MAX} />} />
      {failed && <Alert type="error" showIcon title={t('widgets.form.notFound')} />}
      {!current && !failed && <Skeleton active paragraph={{ rows: 8 }} />}
      {current && (
        <Form form={form} layout="vertical" disabled={!writable} name={STATION_APPLY}>
          <p data-testid="station-change-station">
            {E.allFields.new_station_id.label[lang]}：<strong>{stationName}</strong>
            <Tag color={changed.length ? 'orange' : 'default'} style={{ marginInlineStart: 12 }} data-testid="station-change-count">
              {t('stationApply.ui.changedCount', { count: changed.length })}
            </Tag>
          </p>
          <table className="station-change-table" data-testid="station-change-table" style={{ width: '100%', borderCollapse: 'collapse', marginBottom: 16 }}>
            <thead>
              <tr>
                <th style={{ width: '18%', textAlign: 'start', padding: 8 }}>{t('stationApply.ui.field')}</th>
                <th style={{ width: '36%', textAlign: 'start', padding: 8 }}>{t('stationApply.ui.current')}</th>
                <th style={{ textAlign: 'start', padding: 8 }}>{t('stationApply.ui.proposed')}</th>
              </tr>
            </thead>
            <tbody>
              {STATION_CHANGE_FIELDS.map((f) => {
                const isChanged = changed.includes(f.station);
                const field = E.allFields[f.proposed];
                return (
                  <tr key={f.station} data-testid={`change-row-${f.station}`} data-changed={isChanged ? 'true' : 'false'} style={{ background: isChanged ? '#fff7e6' : undefined, borderTop: '1px solid #f0f0f0' }}>
                    <td style={{ padding: 8 }}>
                      {STATION.allFields[f.station].label[lang]}
                      {isChanged && <Tag color="orange" style={{ marginInlineStart: 8 }}>{t('stationApply.ui.changed')}</Tag>}
                    </td>
                    <td style={{ padding: 8 }} data-testid={`change-current-${f.station}`}>{shown(f)}</td>
                    <td style={{ padding: '4px 8px' }} data-testid={`change-new-${f.station}`}>
                      {writable ? (
                        <Form.Item name={f.proposed} rules={rulesFor(field, lang, t)} style={{ marginBottom: 0 }}>
                          {inputFor(E, f.proposed, field, lang, t, false)}
                        </Form.Item>
                      ) : (
                        <strong>{formatRaw(field, row?.[f.proposed], lang)}</strong>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <Form.Item name="new_reason" label={E.allFields.new_reason.label[lang]} required rules={rulesFor(E.allFields.new_reason, lang, t)}>
            {writable ? <Input.TextArea rows={3} maxLength={500} data-testid="field-new_reason" /> : <span>{String(row?.new_reason ?? '')}</span>}
          </Form.Item>
        </Form>
      )}
      {id && (
        <>
          <FlowSubmitDialog open={submitOpen} entityName={STATION_APPLY} entityId={id} canSubmit={writable} onClose={() => setSubmitOpen(false)} onSubmitted={reload} />
          <ApprovalProgressDialog open={progressOpen} entityName={STATION_APPLY} entityId={id} onClose={() => setProgressOpen(false)} />
        </>
      )}
    </div>
  );
}
