import { approvalStatus as A } from '@portal/model';
import { Tag } from 'antd';
import { useT } from '../../locales/i18n.ts';

/** A document's approval status (spec 001 §4: 待提交, 审批中, 已审批, 已驳回, 已否决). */
export const DOC_STATUS_COLOR: Record<number, string> = {
  [A.draft]: 'default',
  [A.underReview]: 'processing',
  [A.approved]: 'success',
  [A.rejected]: 'warning',
  [A.vetoed]: 'error',
};

export function ApprovalStatusTag({ status, testId }: { status: number | null | undefined; testId?: string }) {
  const t = useT();
  const s = Number(status ?? A.draft) || A.draft;
  return (
    <Tag color={DOC_STATUS_COLOR[s] ?? 'default'} data-testid={testId} data-status={s}>
      {A.options.some((o) => o.value === s) ? t(`approval.doc.${s}` as 'approval.doc.1') : String(s)}
    </Tag>
  );
}
