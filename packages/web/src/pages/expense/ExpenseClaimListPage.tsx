import { PlusOutlined } from '@ant-design/icons';
import { expenseFormStatus, siteConfirmStatus } from '@portal/model';
import { useState } from 'react';
import type { RecordRow } from '../../api/records.ts';
import { EntityListPage } from '../../entity-ui/EntityListPage.tsx';
import { useT } from '../../locales/i18n.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { OptionTag } from '../../entity-ui/document/OptionTag.tsx';
import { GenerateDialog } from './GenerateDialog.tsx';

export const claimPath = (id: string) => `/expenseClaim/edit/${encodeURIComponent(id)}`;
const CELLS = {
  new_formstatus: (row: RecordRow) => <OptionTag set={expenseFormStatus} value={row.new_formstatus} testId="ec-row-state" />,
  new_siteconfirmstatus: (row: RecordRow) => (
    <OptionTag set={siteConfirmStatus} value={row.new_siteconfirmstatus} testId="ec-row-confirm" />
  ),
};

/**
 * /expenseClaim/list (kept) — the statements in reach (a station its own). Statements are made by
 * generation and changed by their commands only, so the list has no new, import or delete; head
 * office (expense.write) generates a period's statements here.
 */
export default function ExpenseClaimListPage() {
  const t = useT();
  const can = usePrivilege();
  const [open, setOpen] = useState(false);
  const [reload, setReload] = useState(0);
  return (
    <>
      <EntityListPage
        key={reload}
        entity="new_srv_expense_claim"
        routeBase=""
        title={t('menu.expenseClaim')}
        paths={{ edit: claimPath, view: claimPath }}
        canWrite={false}
        allowCreate={false}
        allowImport={false}
        allowDelete={false}
        renderCell={CELLS}
        headerActions={[
          {
            key: 'generate',
            label: t('expense.ui.generate'),
            icon: <PlusOutlined />,
            type: 'primary',
            hidden: !can('expense.write'),
            onClick: () => setOpen(true),
            testId: 'ec-generate',
          },
        ]}
      />
      {can('expense.write') && (
        <GenerateDialog
          open={open}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            setReload((n) => n + 1);
          }}
        />
      )}
    </>
  );
}
