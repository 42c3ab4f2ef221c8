import { revokeFlow } from '../../api/approval.ts';
import { confirm, toast } from '../../app/feedback.ts';
import type { Translate } from '../../locales/i18n.ts';

/** 撤回 of a document under review: asks, revokes, says 已撤回, then lets the screen reload. */
export function confirmRevoke(t: Translate, id: string, entity: string, after: () => void): void {
  confirm({
    title: t('approval.revoke'),
    content: t('approval.revokeConfirm'),
    okText: t('common.ok'),
    cancelText: t('common.cancel'),
    onOk: async () => {
      await revokeFlow(id, entity);
      toast.success(t('approval.revoked'));
      after();
    },
  });
}
