import { AuditOutlined, RollbackOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { approvalStatus, getEntity, isApprovalEditable, type EntityDef } from '@portal/model';
import { Alert, Form, Input, Skeleton, Space, Tag } from 'antd';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../app/feedback.ts';
import { useKeptEffect } from '../../app/use-kept-effect.ts';
import { ApiError } from '../../api/envelope.ts';
import { createRecord, retrieveRecord, updateRecord, type RecordRow } from '../../api/records.ts';
import { inputFor, rulesFor } from '../../entity-ui/FieldInput.tsx';
import { formatRaw } from '../../entity-ui/format.ts';
import { toFormValues, toPayload } from '../../entity-ui/form-values.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { ButtonGroup, HEADER_MAX, type ActionButton } from '../ButtonGroup.tsx';
import { DetailHeader } from '../DetailHeader.tsx';
import { ApprovalProgressDialog } from './ApprovalProgressDialog.tsx';
import { ApprovalStatusTag } from './ApprovalStatusTag.tsx';
import { confirmRevoke } from './confirm-revoke.ts';
import { FlowSubmitDialog } from './FlowSubmitDialog.tsx';
import { lengthCount } from '../typed-rules.ts';

/** A field an application may change: the target record's field, the application's snapshot of it and the proposed value. */
export interface ChangePair {
  readonly target: string;
  readonly current: string;
  readonly proposed: string;
}

/** The target record's values a proposal is compared with, by target field. */
export type Current = Record<string, unknown>;

/**
 * The target fields whose proposed value differs from the current one (a blank proposal keeps the
 * current value) — the servers' rule (domain/station-apply, domain/account-apply).
 */
export function changedFields(e: EntityDef, pairs: readonly ChangePair[], current: Current, values: Record<string, unknown>): string[] {
  const payload = toPayload(
    e,
    values,
    pairs.map((p) => p.proposed),
    false,
  );
  return pairs
    .filter((f) => {
      const v = payload[f.proposed];
      return v !== null && v !== undefined && String(v).trim() !== '' && String(v).trim() !== String(current[f.target] ?? '').trim();
    })
    .map((f) => f.target);
}

export interface ChangeApplyConfig {
  /** The application entity (registered with the approval engine). */
  entity: string;
  /** The entity whose record changes (labels and formats of the current values). */
  targetEntity: string;
  pairs: readonly ChangePair[];
  /** Prefix of the test ids: `<prefix>-submit`, `-revoke`, `-progress`, `-status`; the table is `<tablePrefix>-change-table`, `-count`, `-station`. */
  testPrefix: string;
  tablePrefix: string;
  /** The application's own (other) fields shown on the screen. */
  readFields: string[];
  title: ReactNode;
  backTo: string;
  writePrivilege: string;
  /** Label of what changes (服务站 / 申请人) and, for a new application, its name and current values. */
  subjectLabel: string;
  subjectOf: (row: RecordRow) => string;
  loadNew: () => Promise<{ name: string; current: Current }>;
  /** Extra values of a new application's create call. */
  createBody?: () => RecordRow;
  /** Where an application opens once created. */
  pathOf: (id: string) => string;
  /** A loaded application that belongs on another screen: answers true once it moved there. */
  redirect?: (row: RecordRow) => boolean;
  /** Shown under the table (a hint). */
  footer?: ReactNode;
}

/**
 * The change application screen (station changes, account changes): each field the application may
 * change shows its current value beside the new one (changed rows highlighted, counted); with no
 * changed value it cannot be submitted. Save, 提交审批, 撤回 and 审批进度 as on every approval
 * document; once approved, head office's approval has put the new values on the record.
 */
export function ChangeApplyPage({ id, config: c }: { id?: string; config: ChangeApplyConfig }) {
  const t = useT();
  const lang = useLocale();
  const can = usePrivilege();
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const E = getEntity(c.entity)!;
  const TARGET = getEntity(c.targetEntity)!;
  const PROPOSED = c.pairs.map((f) => f.proposed);
  const FORM_FIELDS = [...PROPOSED, 'new_reason'];
  const READ = [
    E.primaryKey,
    'new_name',
    'new_reason',
    'new_approvalstatus',
    'new_submitter_id',
    ...c.readFields,
    ...c.pairs.flatMap((f) => [f.current, f.proposed]),
  ];
  const [form] = Form.useForm();
  const values = (Form.useWatch([], form) ?? {}) as Record<string, unknown>;
  const [row, setRow] = useState<RecordRow | null>(null);
  const [current, setCurrent] = useState<Current | null>(null);
  const [subject, setSubject] = useState('');
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [submitOpen, setSubmitOpen] = useState(false);
  const [progressOpen, setProgressOpen] = useState(false);
  const [version, setVersion] = useState(0);

  const status = Number(row?.new_approvalstatus ?? approvalStatus.draft) || approvalStatus.draft;
  const editableStatus = isApprovalEditable(status);
  const writable = can(c.writePrivilege) && (!id || (!!row && editableStatus));

  useKeptEffect(() => {
    void (async () => {
      try {
        if (id) {
          const r = await retrieveRecord(E.entitySet, id, READ, { silent: true });
          if (c.redirect?.(r)) return;
          setRow(r);
          setSubject(c.subjectOf(r));
          setCurrent(Object.fromEntries(c.pairs.map((f) => [f.target, r[f.current] ?? null])));
          form.setFieldsValue(toFormValues(E, r, FORM_FIELDS));
        } else {
          // A new application starts from the current values; the user edits what changes.
          const n = await c.loadNew();
          setSubject(n.name);
          setCurrent(n.current);
          form.setFieldsValue(toFormValues(E, Object.fromEntries(c.pairs.map((f) => [f.proposed, n.current[f.target] ?? null])), PROPOSED));
        }
      } catch (err) {
        setFailed(true);
        if (err instanceof ApiError) toast.error(err.message);
      }
    })();
  }, [id, version]);

  // Read-only (no inputs): the saved proposal.
  const proposal = writable ? values : row ? toFormValues(E, row, PROPOSED) : {};
  const changed = current ? changedFields(E, c.pairs, current, proposal) : [];

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
        const body = { ...c.createBody?.(), ...toPayload(E, v, FORM_FIELDS, true) };
        const r = await createRecord(E.entitySet, body, { silent: true });
        toast.success(t('widgets.form.created'));
        if (r?.id) navigate(c.pathOf(r.id), { replace: true });
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
  const p = c.testPrefix;
  const actions: ActionButton[] = [
    {
      key: 'save',
      label: t('common.save'),
      icon: <SaveOutlined />,
      type: 'primary',
      hidden: !writable || !current,
      loading: saving,
      onClick: () => void save(),
      testId: 'form-save',
    },
    {
      key: 'submit',
      label: t('approval.submit'),
      icon: <SendOutlined />,
      hidden: !id || !row || !writable,
      onClick: () => void submit(),
      testId: `${p}-submit`,
    },
    {
      key: 'revoke',
      label: t('approval.revoke'),
      icon: <RollbackOutlined />,
      hidden: !row || status !== approvalStatus.underReview || !submitter || submitter.toLowerCase() !== user.userId.toLowerCase(),
      onClick: () => confirmRevoke(t, id!, c.entity, reload),
      testId: `${p}-revoke`,
    },
    {
      key: 'progress',
      label: t('approval.progress'),
      icon: <AuditOutlined />,
      hidden: !row,
      onClick: () => setProgressOpen(true),
      testId: `${p}-progress`,
    },
  ];

  const title = (
    <Space size={8}>
      <span>{c.title}</span>
      {row && <ApprovalStatusTag status={status} testId={`${p}-status`} />}
    </Space>
  );
  const shown = (f: ChangePair) => formatRaw(TARGET.allFields[f.target], current?.[f.target], lang);
  const tp = c.tablePrefix;

  return (
    <div data-testid={`${tp}-change-apply`} data-id={id ?? ''} className="entity-form">
      <DetailHeader
        title={title}
        backTo={c.backTo}
        tags={row ? <span className="detail-header-sub">{String(row.new_name ?? '')}</span> : undefined}
        extra={<ButtonGroup items={actions} max={HEADER_MAX} />}
      />
      {failed && <Alert type="error" showIcon title={t('widgets.form.notFound')} />}
      {!current && !failed && <Skeleton active paragraph={{ rows: 8 }} />}
      {current && (
        <Form form={form} layout="vertical" disabled={!writable} name={c.entity}>
          <p data-testid={`${tp}-change-station`}>
            {c.subjectLabel}：<strong>{subject}</strong>
            <Tag color={changed.length ? 'orange' : 'default'} style={{ marginInlineStart: 12 }} data-testid={`${tp}-change-count`}>
              {t('stationApply.ui.changedCount', { count: changed.length })}
            </Tag>
          </p>
          <table
            className="station-change-table"
            data-testid={`${tp}-change-table`}
            style={{ width: '100%', borderCollapse: 'collapse', marginBottom: 16 }}
          >
            <thead>
              <tr>
                <th style={{ width: '18%', textAlign: 'start', padding: 8 }}>{t('stationApply.ui.field')}</th>
                <th style={{ width: '36%', textAlign: 'start', padding: 8 }}>{t('stationApply.ui.current')}</th>
                <th style={{ textAlign: 'start', padding: 8 }}>{t('stationApply.ui.proposed')}</th>
              </tr>
            </thead>
            <tbody>
              {c.pairs.map((f) => {
                const isChanged = changed.includes(f.target);
                const field = E.allFields[f.proposed];
                return (
                  <tr
                    key={f.target}
                    data-testid={`change-row-${f.target}`}
                    data-changed={isChanged ? 'true' : 'false'}
                    style={{ background: isChanged ? '#fff7e6' : undefined, borderTop: '1px solid #f0f0f0' }}
                  >
                    <td style={{ padding: 8 }}>
                      {TARGET.allFields[f.target].label[lang]}
                      {isChanged && (
                        <Tag color="orange" style={{ marginInlineStart: 8 }}>
                          {t('stationApply.ui.changed')}
                        </Tag>
                      )}
                    </td>
                    <td style={{ padding: 8 }} data-testid={`change-current-${f.target}`}>
                      {shown(f)}
                    </td>
                    <td style={{ padding: '4px 8px' }} data-testid={`change-new-${f.target}`}>
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
          <Form.Item
            name="new_reason"
            label={E.allFields.new_reason.label[lang]}
            required
            rules={rulesFor(E.allFields.new_reason, lang, t)}
          >
            {writable ? (
              <Input.TextArea rows={3} count={lengthCount(500)} data-testid="field-new_reason" />
            ) : (
              <span>{String(row?.new_reason ?? '')}</span>
            )}
          </Form.Item>
          {c.footer}
        </Form>
      )}
      {id && (
        <>
          <FlowSubmitDialog
            open={submitOpen}
            entityName={c.entity}
            entityId={id}
            canSubmit={writable}
            onClose={() => setSubmitOpen(false)}
            onSubmitted={reload}
          />
          <ApprovalProgressDialog open={progressOpen} entityName={c.entity} entityId={id} onClose={() => setProgressOpen(false)} />
        </>
      )}
    </div>
  );
}
