import { expenseFormStatus, formatDeadline, type ExpenseCommand } from '@portal/model';
import { Alert, Card } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { RecordRow } from '../../api/records.ts';
import { EntityFormPage } from '../../entity-ui/EntityFormPage.tsx';
import { useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { STATION_USER } from '../basicdata/StationProfilePage.tsx';
import { ExpenseCommandDialog } from './ExpenseCommandDialog.tsx';
import { ExpenseLines } from './ExpenseLines.tsx';
import { availableCommands, doubtsLapsed, sideOf } from './expense-rules.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * /expenseClaim/edit/:id — one statement, read-only (the generic form: totals, approval and
 * adjustment, bank, invoice, payment), the buttons of the commands its state allows the user's
 * side, and its lines per work order and reward/punishment order.
 */
export default function ExpenseClaimPage() {
  const { id = '' } = useParams();
  const t = useT();
  const can = usePrivilege();
  const user = useSession((s) => s.user);
  const [row, setRow] = useState<RecordRow | null>(null);
  const [command, setCommand] = useState<ExpenseCommand | null>(null);
  const [reload, setReload] = useState(0);
  const navigate = useNavigate();

  const formstatus = Number(row?.new_formstatus ?? 0);
  const side = row
    ? sideOf({
        userStationId: user.userType === STATION_USER ? user.departId : '',
        claimStationId: str(row.new_station_id),
        mayWrite: can('expense.write'),
      })
    : null;
  const lapsed = doubtsLapsed(formstatus, row?.new_confirmdeadline);
  // After the deadline the station's doubts are closed; head office's invoice confirms it first.
  const commands = availableCommands(lapsed ? expenseFormStatus.confirmed : formstatus, side).filter(() => !(lapsed && side === 'station'));

  return (
    <div data-testid="ec-page" data-id={id} data-formstatus={formstatus || undefined}>
      {formstatus === expenseFormStatus.toConfirm && (
        <Alert
          style={{ marginBottom: 12 }}
          showIcon
          type={lapsed ? 'info' : 'warning'}
          data-testid="ec-deadline"
          title={
            lapsed ? t('expense.ui.deadlinePassed') : t('expense.ui.deadline', { deadline: formatDeadline(str(row?.new_confirmdeadline)) })
          }
        />
      )}
      <EntityFormPage
        entity="new_srv_expense_claim"
        id={id}
        backTo="/expenseClaim/list"
        canWrite={false}
        allowDelete={false}
        onLoaded={setRow}
        reloadSignal={reload}
        actions={[
          ...commands.map((c, i) => ({
            key: c,
            label: t(`expense.action.${c}`),
            type: i === 0 ? ('primary' as const) : ('default' as const),
            danger: c === 'doubt',
            onClick: () => setCommand(c),
            testId: `ec-${c}`,
          })),
          {
            key: 'print',
            label: t('expense.print.open'),
            onClick: () => navigate(`/expenseClaim/print/${encodeURIComponent(id)}`),
            testId: 'ec-print',
          },
        ]}
      />
      <Card size="small" title={t('expense.ui.lines')} style={{ marginTop: 16 }}>
        <ExpenseLines claimId={id} reload={reload} />
      </Card>
      <ExpenseCommandDialog
        claimId={id}
        name={str(row?.new_name)}
        command={command}
        approvedAmount={row?.new_approvalamount ?? row?.new_totalamount}
        onClose={() => setCommand(null)}
        onDone={() => {
          setCommand(null);
          setReload((n) => n + 1);
        }}
      />
    </div>
  );
}
