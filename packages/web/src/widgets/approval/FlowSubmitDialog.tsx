import { Alert, Button, Empty, Form, Modal, Select, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { getFlowList, getFlowStepList, submitFlow, type FlowOption, type FlowStepOption } from '../../api/approval.ts';
import { toast } from '../../app/feedback.ts';
import { useT } from '../../locales/i18n.ts';

export interface FlowSubmitDialogProps {
  open: boolean;
  entityName: string;
  entityId: string;
  /** The screen's submit condition (spec 000 §4): without it the submit button is not shown. */
  canSubmit?: boolean;
  onClose: () => void;
  onSubmitted?: () => void;
}

const errText = (e: unknown) => (e instanceof Error ? e.message : String(e ?? ''));

/**
 * spec 000 §4: opening loads the flows and selects the first; a flow's steps load with the first
 * candidate of each step pre-selected; every step needs an approver; a failed step load disables submit.
 */
export function FlowSubmitDialog({ open, entityName, entityId, canSubmit = true, onClose, onSubmitted }: FlowSubmitDialogProps) {
  const t = useT();
  const [flows, setFlows] = useState<FlowOption[]>([]);
  const [flowsError, setFlowsError] = useState('');
  const [flowsLoaded, setFlowsLoaded] = useState(false);
  const [flowId, setFlowId] = useState<string | undefined>();
  const [steps, setSteps] = useState<FlowStepOption[]>([]);
  const [stepsError, setStepsError] = useState('');
  const [loading, setLoading] = useState(false);
  const [approvers, setApprovers] = useState<Record<string, string | undefined>>({});
  const [submitting, setSubmitting] = useState(false);
  const seq = useRef(0);

  const chooseFlow = async (id: string | undefined) => {
    const mine = ++seq.current;
    setFlowId(id);
    setSteps([]);
    setApprovers({});
    setStepsError('');
    if (!id) return;
    setLoading(true);
    try {
      const list = await getFlowStepList(id, entityName, entityId, { silent: true });
      if (mine !== seq.current) return;
      setSteps(list);
      setApprovers(Object.fromEntries(list.map((s) => [s.new_flowstepsid, s.new_stepusers[0]?.systemuserid])));
    } catch (e) {
      if (mine === seq.current) setStepsError(errText(e) || t('approval.stepsFailed'));
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  };

  useEffect(() => {
    if (!open) return;
    let live = true;
    setFlows([]);
    setFlowsLoaded(false);
    setFlowsError('');
    setFlowId(undefined);
    setSteps([]);
    setStepsError('');
    setLoading(true);
    getFlowList(entityName, entityId, { silent: true })
      .then((list) => {
        if (!live) return;
        setFlows(list);
        setFlowsLoaded(true);
        setLoading(false);
        if (list[0]) void chooseFlow(list[0].new_flowid);
      })
      .catch((e) => {
        if (!live) return;
        setFlowsError(errText(e));
        setLoading(false);
      });
    return () => {
      live = false;
      seq.current++;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, entityName, entityId]);

  const complete = !!flowId && steps.length > 0 && steps.every((s) => !!approvers[s.new_flowstepsid]);
  const allowed = complete && !stepsError && !loading && !flowsError;

  const submit = async () => {
    if (!allowed || !flowId) return;
    setSubmitting(true);
    try {
      await submitFlow(
        entityId,
        entityName,
        flowId,
        steps.map((s) => ({ StepId: s.new_flowstepsid, ApproveUserId: approvers[s.new_flowstepsid]! })),
        { silent: true },
      );
      toast.success(t('approval.outcome.submit'));
      onSubmitted?.();
      onClose();
    } catch (e) {
      toast.error(errText(e));
    } finally {
      setSubmitting(false);
    }
  };

  const footer = [
    <Button key="cancel" onClick={onClose}>
      {t('common.cancel')}
    </Button>,
    ...(canSubmit
      ? [
          <Button key="ok" type="primary" data-testid="flow-submit-ok" disabled={!allowed} loading={submitting} onClick={submit}>
            {t('approval.submit')}
          </Button>,
        ]
      : []),
  ];

  return (
    <Modal open={open} title={t('approval.submitTitle')} onCancel={onClose} footer={footer} destroyOnHidden width={560}>
      <div data-testid="flow-submit-dialog">
        {flowsError && <Alert type="error" showIcon title={flowsError} style={{ marginBottom: 12 }} data-testid="flow-submit-error" />}
        {flowsLoaded && flows.length === 0 && (
          <Alert type="warning" showIcon title={t('approval.noFlow')} style={{ marginBottom: 12 }} data-testid="flow-submit-noflow" />
        )}
        <Form layout="vertical">
          <Form.Item label={t('approval.flow')} required>
            <Select
              data-testid="flow-select"
              value={flowId}
              placeholder={t('approval.flowRequired')}
              options={flows.map((f) => ({ value: f.new_flowid, label: f.new_name }))}
              onChange={(v: string) => void chooseFlow(v)}
              notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('approval.noFlow')} />}
            />
          </Form.Item>
          <Spin spinning={loading}>
            {stepsError && <Alert type="error" showIcon title={stepsError} style={{ marginBottom: 12 }} data-testid="flow-steps-error" />}
            {steps.map((s) => {
              const value = approvers[s.new_flowstepsid];
              return (
                <div key={s.new_flowstepsid} data-testid="flow-step" data-step-id={s.new_flowstepsid}>
                  <Form.Item
                    label={`${s.new_sequence}. ${s.new_name}`}
                    required
                    validateStatus={value ? undefined : 'error'}
                    help={value ? undefined : t('approval.approverRequired')}
                  >
                    <Select
                      data-testid="flow-step-approver"
                      value={value}
                      placeholder={t('approval.approverRequired')}
                      options={s.new_stepusers.map((u) => ({ value: u.systemuserid, label: u.fullname }))}
                      onChange={(v: string) => setApprovers((a) => ({ ...a, [s.new_flowstepsid]: v }))}
                    />
                  </Form.Item>
                </div>
              );
            })}
          </Spin>
        </Form>
      </div>
    </Modal>
  );
}
