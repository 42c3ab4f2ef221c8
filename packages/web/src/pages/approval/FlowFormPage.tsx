import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { approvableEntities, flowApproverType, getEntity, type Lang } from '@portal/model';
import { Button, Card, Form, Input, Select, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { createRecord, deleteRecord, displayValue, updateRecord } from '../../api/records.ts';
import { toast } from '../../app/feedback.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { randomId } from '../../shared/format.ts';
import { LookupInput } from '../../widgets/lookup/LookupInput.tsx';
import { charCount, lengthCount, lengthMessage } from '../../widgets/typed-rules.ts';
import type { LookupRecord } from '../../widgets/lookup/lookup-def.ts';
import { childRows, loadInto, saveRecord, syncUserRows, writableFields } from './record-form.tsx';
import { RecordEditor } from './RecordEditor.tsx';

/** The step's approvers: named users, or the members of a flow role. */
type ApproverType = typeof flowApproverType.users | typeof flowApproverType.role;

/** One step in the editor: chosen users, or a flow role. */
export interface StepDraft {
  key: string;
  id?: string;
  name: string;
  approverType: ApproverType;
  users: LookupRecord[];
  role: LookupRecord | null;
}

const FLOW_FIELDS = [
  'new_name',
  'new_entityname',
  'new_description',
  'new_isactive',
  'new_allowselfapprove',
  'new_condition_min',
  'new_condition_max',
  'new_order',
];

/**
 * The documents a flow may approve, derived from the model (entities carrying the approval fields),
 * labelled in the user's language; the stored value stays the logical name.
 */
export const approvableOptions = (lang: Lang) => approvableEntities().map((d) => ({ value: d.logicalName, label: d.label[lang] }));

export const newStep = (): StepDraft => ({ key: randomId(), name: '', approverType: flowApproverType.users, users: [], role: null });

/** The number (1-based) of the first incomplete step, or 0. */
export function incompleteStep(steps: StepDraft[]): number {
  const i = steps.findIndex((s) => !s.name.trim() || (s.approverType === flowApproverType.users ? s.users.length === 0 : !s.role?.id));
  return i + 1;
}

/** The step name's limit (new_name of the step entity); a longer name is kept and refused, not cut. */
export const STEP_NAME_MAX = 100;
export const stepNameOver = (s: StepDraft) => charCount(s.name) > STEP_NAME_MAX;

export function moveStep(steps: StepDraft[], index: number, by: -1 | 1): StepDraft[] {
  const to = index + by;
  if (to < 0 || to >= steps.length) return steps;
  const next = [...steps];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}

/**
 * /flow/createDetail and /flow/edit/:id: the flow's fields and its ordered steps (new_flowsteps with
 * new_flowstepuser rows for a step of named users), all saved through the record service.
 */
export default function FlowFormPage() {
  const { id } = useParams();
  const t = useT();
  const lang = useLocale();
  const navigate = useNavigate();
  const e = getEntity('new_flow')!;
  const stepE = getEntity('new_flowsteps')!;
  const userE = getEntity('new_flowstepuser')!;
  const fields = useMemo(() => writableFields(e, FLOW_FIELDS), [e]);
  const [form] = Form.useForm();
  const [steps, setSteps] = useState<StepDraft[]>(() => (id ? [] : [newStep()]));
  const [removed, setRemoved] = useState<string[]>([]);
  const [loading, setLoading] = useState(!!id);

  const load = async (flowId: string) => {
    setLoading(true);
    try {
      await loadInto(e, flowId, fields, form);
      const rows = await childRows(
        stepE,
        'new_flow_id',
        flowId,
        ['new_name', 'new_sequence', 'new_approvertype', 'new_flowrole_id'],
        'new_sequence asc',
      );
      const drafts = await Promise.all(
        rows.map(async (r): Promise<StepDraft> => {
          const stepId = String(r[stepE.primaryKey]);
          const type: ApproverType = Number(r.new_approvertype) === flowApproverType.role ? flowApproverType.role : flowApproverType.users;
          const users = type === flowApproverType.users ? await childRows(userE, 'new_flowstep_id', stepId, ['new_systemuser_id']) : [];
          return {
            key: stepId,
            id: stepId,
            name: String(r.new_name ?? ''),
            approverType: type,
            users: users
              .map((u) => ({ id: String(u.new_systemuser_id ?? ''), name: displayValue(u, 'new_systemuser_id') }))
              .filter((u) => u.id),
            role: r.new_flowrole_id ? { id: String(r.new_flowrole_id), name: displayValue(r, 'new_flowrole_id') } : null,
          };
        }),
      );
      setSteps(drafts);
      setRemoved([]);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setLoading(false);
    }
  };

  useEffect(() => {
    if (id) void load(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  const patch = (key: string, p: Partial<StepDraft>) => setSteps((all) => all.map((s) => (s.key === key ? { ...s, ...p } : s)));
  const remove = (s: StepDraft) => {
    setSteps((all) => all.filter((x) => x.key !== s.key));
    if (s.id) setRemoved((r) => [...r, s.id!]);
  };

  const save = async (values: Record<string, unknown>) => {
    if (steps.length === 0) {
      toast.error(t('approval.flowEditor.noSteps'));
      return false;
    }
    const long = steps.findIndex(stepNameOver);
    if (long >= 0) {
      toast.error(`${long + 1}. ${lengthMessage(t('approval.flowEditor.stepName'), STEP_NAME_MAX, t)}`);
      return false;
    }
    const bad = incompleteStep(steps);
    if (bad) {
      toast.error(t('approval.flowEditor.stepIncomplete', { n: bad }));
      return false;
    }
    const flowId = await saveRecord(e, id, values, fields);
    for (const stepId of removed) {
      await syncUserRows(userE, 'new_flowstep_id', stepId, []);
      await deleteRecord(stepE.entitySet, stepId, { silent: true });
    }
    for (const [i, s] of steps.entries()) {
      const body = {
        new_name: s.name.trim(),
        new_flow_id: flowId,
        new_sequence: i + 1,
        new_approvertype: s.approverType,
        new_flowrole_id: s.approverType === flowApproverType.role ? (s.role?.id ?? null) : null,
      };
      let stepId = s.id;
      if (stepId) await updateRecord(stepE.entitySet, stepId, body, { silent: true });
      else stepId = (await createRecord(stepE.entitySet, body, { silent: true })).id;
      await syncUserRows(userE, 'new_flowstep_id', stepId, s.approverType === flowApproverType.users ? s.users.map((u) => u.id) : []);
    }
    toast.success(t(id ? 'widgets.form.saved' : 'widgets.form.created'));
    if (!id) navigate(`/flow/edit/${encodeURIComponent(flowId)}`, { replace: true });
    else await load(flowId);
  };

  return (
    <RecordEditor
      testId="flow-form"
      saveTestId="flow-save"
      id={id}
      title={t(id ? 'approval.flow.edit' : 'approval.flow.create')}
      backTo="/flow/list"
      e={e}
      fields={fields}
      form={form}
      loading={loading}
      onSave={save}
      draft={steps}
      inputs={{
        new_entityname: (
          <Select
            data-testid="field-new_entityname"
            aria-label={e.allFields.new_entityname.label[lang]}
            placeholder={t('approval.flowEditor.entityPlaceholder')}
            options={approvableOptions(lang)}
            showSearch={{ optionFilterProp: 'label' }}
          />
        ),
      }}
    >
      <Card
        size="small"
        title={t('approval.flowEditor.steps')}
        extra={
          <Button icon={<PlusOutlined />} onClick={() => setSteps((all) => [...all, newStep()])} data-testid="flow-step-add">
            {t('approval.flowEditor.add')}
          </Button>
        }
      >
        {steps.map((s, i) => (
          <div
            key={s.key}
            data-testid="flow-step-row"
            data-step-id={s.id ?? ''}
            data-sequence={i + 1}
            style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap', marginBottom: 12 }}
          >
            <span style={{ width: 24 }}>{i + 1}.</span>
            <div style={{ width: 200 }}>
              <Input
                data-testid="flow-step-name"
                placeholder={t('approval.flowEditor.stepName')}
                aria-label={t('approval.flowEditor.stepName')}
                value={s.name}
                count={lengthCount(STEP_NAME_MAX, false)}
                status={s.name.trim() && !stepNameOver(s) ? undefined : 'error'}
                onChange={(ev) => patch(s.key, { name: ev.target.value })}
              />
              {stepNameOver(s) && (
                <Typography.Text type="danger" role="alert" data-testid="flow-step-name-error" style={{ display: 'block', fontSize: 12 }}>
                  {lengthMessage(t('approval.flowEditor.stepName'), STEP_NAME_MAX, t)}
                </Typography.Text>
              )}
            </div>
            <Select
              style={{ width: 130 }}
              data-testid="flow-step-type"
              aria-label={t('approval.flowEditor.approverType')}
              value={s.approverType}
              options={[
                { value: flowApproverType.users, label: t('approval.flowEditor.typeUsers') },
                { value: flowApproverType.role, label: t('approval.flowEditor.typeRole') },
              ]}
              onChange={(v: ApproverType) => patch(s.key, { approverType: v })}
            />
            <div style={{ flex: 1, minWidth: 220 }}>
              {s.approverType === flowApproverType.users ? (
                <LookupInput
                  multiple
                  def={{ entityName: 'systemuser' }}
                  value={s.users}
                  onChange={(users) => patch(s.key, { users })}
                  testId="flow-step-users"
                  placeholder={t('approval.flowEditor.users')}
                />
              ) : (
                <LookupInput
                  def={{ entityName: 'new_flowrole' }}
                  value={s.role}
                  onChange={(role) => patch(s.key, { role })}
                  testId="flow-step-role"
                  placeholder={t('approval.flowEditor.role')}
                />
              )}
            </div>
            <Space size={4}>
              <Button
                size="small"
                icon={<ArrowUpOutlined />}
                disabled={i === 0}
                onClick={() => setSteps((all) => moveStep(all, i, -1))}
                data-testid="flow-step-up"
                aria-label={t('approval.flowEditor.up')}
              />
              <Button
                size="small"
                icon={<ArrowDownOutlined />}
                disabled={i === steps.length - 1}
                onClick={() => setSteps((all) => moveStep(all, i, 1))}
                data-testid="flow-step-down"
                aria-label={t('approval.flowEditor.down')}
              />
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() => remove(s)}
                data-testid="flow-step-remove"
                aria-label={t('approval.flowEditor.remove')}
              />
            </Space>
          </div>
        ))}
      </Card>
    </RecordEditor>
  );
}
