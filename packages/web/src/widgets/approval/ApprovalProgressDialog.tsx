import { approvalStepStatus as S } from '@portal/model';
import { Alert, Empty, Modal, Spin, Steps, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { getApproveLog, getProgress, type ApproveLog, type ProgressStep } from '../../api/approval.ts';
import { useT, type Translate } from '../../locales/i18n.ts';
import { formatUtc8 } from '../../shared/date.ts';

export interface ApprovalProgressDialogProps {
  open: boolean;
  entityName: string;
  entityId: string;
  onClose: () => void;
}

/** antd step status of a progress step's status (the approval step option set). */
export const stepStatus = (s: number): 'wait' | 'process' | 'finish' | 'error' =>
  s === S.submitted || s === S.approved ? 'finish' : s === S.approving ? 'process' : s === S.rejected || s === S.vetoed ? 'error' : 'wait';

export const progressText = (t: Translate, s: number) =>
  S.options.some((o) => o.value === s) ? t(`approval.status.${s}` as 'approval.status.0') : String(s);

const when = (d: string | null | undefined) => (d ? formatUtc8(d, 'YYYY-MM-DD HH:mm') : '');

/** spec 000 §2: 审批进度 — the flow's steps with their state, then the approval log. */
export function ApprovalProgressDialog({ open, entityName, entityId, onClose }: ApprovalProgressDialogProps) {
  const t = useT();
  const [steps, setSteps] = useState<ProgressStep[]>([]);
  const [log, setLog] = useState<ApproveLog[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoading(true);
    setError('');
    setSteps([]);
    setLog([]);
    Promise.all([getProgress(entityName, entityId, { silent: true }), getApproveLog(entityName, entityId, { silent: true })])
      .then(([p, l]) => {
        if (!live) return;
        setSteps([...p].sort((a, b) => Number(a.Sequence) - Number(b.Sequence)));
        setLog(l);
      })
      .catch((e) => live && setError(e instanceof Error ? e.message : String(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [open, entityName, entityId]);

  return (
    <Modal open={open} title={t('approval.progress')} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <div data-testid="approval-progress-dialog">
        <Spin spinning={loading}>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="approval-error" />}
          {!loading && !error && steps.length === 0 ? (
            <Empty data-testid="approval-empty" description={t('approval.noInfo')} />
          ) : (
            <>
              <Steps
                size="small"
                style={{ marginBottom: 24 }}
                items={steps.map((s) => ({
                  key: s.StepId || String(s.Sequence),
                  status: stepStatus(Number(s.Status)),
                  title: (
                    <span data-testid="approval-step" data-status={Number(s.Status)} data-step-id={s.StepId}>
                      {s.StepName}
                    </span>
                  ),
                  content: (
                    <div>
                      <div>{progressText(t, Number(s.Status))}</div>
                      {s.UserName && <div>{s.UserName}</div>}
                      {s.Date && <Typography.Text type="secondary">{when(s.Date)}</Typography.Text>}
                    </div>
                  ),
                }))}
              />
              {steps.length > 0 && (
                <>
                  <Typography.Title level={5}>{t('approval.log')}</Typography.Title>
                  <Table<ApproveLog>
                    size="small"
                    rowKey={(r) => r.LogId}
                    dataSource={log}
                    pagination={false}
                    onRow={() => ({ 'data-testid': 'approval-log-row' }) as React.HTMLAttributes<HTMLElement>}
                    columns={[
                      { key: 'date', title: t('approval.col.date'), render: (_, r) => when(r.Date), width: 150 },
                      { key: 'action', title: t('approval.col.action'), dataIndex: 'ActionName', width: 90 },
                      { key: 'step', title: t('approval.col.step'), dataIndex: 'StepName' },
                      { key: 'user', title: t('approval.col.user'), dataIndex: 'UserName', width: 110 },
                      { key: 'memo', title: t('approval.col.memo'), dataIndex: 'Memo' },
                    ]}
                  />
                </>
              )}
            </>
          )}
        </Spin>
      </div>
    </Modal>
  );
}
