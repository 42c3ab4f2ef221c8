import { Tag } from 'antd';
import { useT } from '../../locales/i18n.ts';

/** A document's approval status (spec 001 §4: 1 待提交, 2 审批中, 3 已审批, 4 已驳回, 5 已否决). */
export const DOC_STATUS_COLOR: Record<number, string> = { 1: 'default', 2: 'processing', 3: 'success', 4: 'warning', 5: 'error' };

export function ApprovalStatusTag({ status, testId }: { status: number | null | undefined; testId?: string }) {
  const t = useT();
  const s = Number(status ?? 1) || 1;
  return (
    <Tag color={DOC_STATUS_COLOR[s] ?? 'default'} data-testid={testId} data-status={s}>
      {s >= 1 && s <= 5 ? t(`approval.doc.${s}` as 'approval.doc.1') : String(s)}
    </Tag>
  );
}
