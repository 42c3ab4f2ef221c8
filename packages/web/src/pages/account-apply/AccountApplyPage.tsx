import { PlusOutlined } from '@ant-design/icons';
import { ACCOUNT_CHANGE_FIELDS, APPROVAL_PENDING, getEntity } from '@portal/model';
import { Alert, Button, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { apiGet } from '../../api/client.ts';
import { displayValue, retrieveMultiple, type RecordRow } from '../../api/records.ts';
import { useKeptEffect } from '../../app/use-kept-effect.ts';
import { useLocale, useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { ApplicationHistory } from '../../widgets/approval/ApplicationHistory.tsx';
import { ChangeApplyPage, type ChangeApplyConfig } from '../../widgets/approval/ChangeApplyPage.tsx';

export const ACCOUNT_APPLY = 'new_srv_accountapply';
const E = getEntity(ACCOUNT_APPLY)!;
const PAIRS = ACCOUNT_CHANGE_FIELDS;
export const accountApplyPath = (id?: string) => (id ? `/edit/apply?id=${encodeURIComponent(id)}` : '/edit/apply?new=1');

/**
 * /edit/apply: the signed-in user's application to change their own account details (name, mobile
 * phone, e-mail, job title), reviewed by head office through the approval engine; its approval
 * writes the new values to the user (server domain/account-apply). Opens the user's open
 * application if there is one (`?id=`), else a new one; head office opens one from its approvals
 * at `?id=`. The user's applications are listed below.
 */
export default function AccountApplyPage() {
  const t = useT();
  const lang = useLocale();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const user = useSession((s) => s.user);
  const id = search.get('id') ?? undefined;
  const [mine, setMine] = useState<RecordRow[] | null>(null);

  useKeptEffect(() => {
    // Signed out while the page is kept open: there is no one to list (an empty id asked 401s).
    if (!user.userId) return;
    retrieveMultiple(
      E.entitySet,
      {
        select: [E.primaryKey, 'new_name', 'new_approvalstatus', 'new_reason', 'createdon'],
        filter: `new_user_id eq ${user.userId}`,
        orderby: 'createdon desc',
        top: 50,
      },
      { silent: true },
    )
      .then((r) => {
        setMine(r.rows);
        // Without an id (and not asked for a new one): the open application, if any.
        const open = r.rows.find((x) => APPROVAL_PENDING.includes(Number(x.new_approvalstatus)));
        if (!id && !search.get('new') && open) navigate(accountApplyPath(String(open[E.primaryKey])), { replace: true });
      })
      .catch(() => setMine([]));
  }, [id, user.userId]);

  const config: ChangeApplyConfig = {
    entity: ACCOUNT_APPLY,
    targetEntity: 'systemuser',
    pairs: PAIRS,
    testPrefix: 'accountapply',
    tablePrefix: 'account',
    readFields: ['new_user_id'],
    title: t('menu.accountApply'),
    backTo: '/servicehome',
    writePrivilege: 'portal.login',
    subjectLabel: E.allFields.new_user_id.label[lang],
    subjectOf: (row) => displayValue(row, 'new_user_id'),
    loadNew: async () => ({
      name: user.nickName || user.userName,
      current: await apiGet<Record<string, unknown>>('/api/accountapply/current', { silent: true }),
    }),
    pathOf: accountApplyPath,
    footer: <Alert type="info" showIcon title={t('accountApply.ui.stationHint')} style={{ marginBottom: 16 }} />,
  };
  const hasOpen = !!mine?.some((x) => APPROVAL_PENDING.includes(Number(x.new_approvalstatus)));
  return (
    <div data-testid="account-apply">
      <ChangeApplyPage key={id ?? 'new'} id={id} config={config} />
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, margin: '24px 0 8px' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('accountApply.ui.history')}
        </Typography.Title>
        {id && !hasOpen && (
          <Button size="small" icon={<PlusOutlined />} onClick={() => navigate(accountApplyPath())} data-testid="accountapply-new">
            {t('accountApply.ui.new')}
          </Button>
        )}
      </div>
      <ApplicationHistory entity={E} rows={mine} testId="account-apply-history" pathOf={(r) => accountApplyPath(String(r[E.primaryKey]))} />
    </div>
  );
}
