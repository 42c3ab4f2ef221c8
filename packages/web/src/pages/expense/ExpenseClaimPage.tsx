import { EXPENSE_COMMANDS, expenseFormStatus, formatDeadline, type ExpenseCommand } from '@portal/model';
import { Alert, Card } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { RecordRow } from '../../api/records.ts';
import { DocumentPage, type CommandSlot } from '../../entity-ui/document/DocumentPage.tsx';
import { useT } from '../../locales/i18n.ts';
import { useSession } from '../../session/store.ts';
import { usePrivilege } from '../../session/use-privilege.ts';
import { STATION_USER } from '../basicdata/StationProfilePage.tsx';
import { ExpenseCommandDialog } from './ExpenseCommandDialog.tsx';
import { ExpenseLines } from './ExpenseLines.tsx';
import { doubtsLapsed, offeredToSide, sideOf } from './expense-rules.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Every command asks in its dialog: its fields (bank, adjustment, doubts, invoice, day paid) or the question alone. */
const DIALOGS = Object.fromEntries(
  (Object.keys(EXPENSE_COMMANDS) as ExpenseCommand[]).map((c): [string, CommandSlot] => [
    c,
    ({ id, row, onClose, onDone }) => (
      <ExpenseCommandDialog
        claimId={id}
        name={str(row.new_name)}
        command={c}
        approvedAmount={row.new_approvalamount ?? row.new_totalamount}
        onClose={onClose}
        onDone={onDone}
      />
    ),
  ]),
);

/**
 * /expenseClaim/edit/:id — one statement on the generic document page, read-only (the generic form:
 * totals, approval and adjustment, bank, invoice, payment), the commands its state allows the
 * user's side (its declaration), 打印确认单, and its lines per work order and reward/punishment order.
 */
export default function ExpenseClaimPage() {
  const { id = '' } = useParams();
  const t = useT();
  const can = usePrivilege();
  const user = useSession((s) => s.user);
  const [row, setRow] = useState<RecordRow | null>(null);
  const [reload, setReload] = useState(0);

  const formstatus = Number(row?.new_formstatus ?? 0);
  const lapsed = doubtsLapsed(formstatus, row?.new_confirmdeadline);
  // The state's commands come from the declaration; the side and the deadline decide which of them this user is offered.
  const offered = (name: string, r: RecordRow) => {
    const state = Number(r.new_formstatus ?? 0);
    const side = sideOf({
      userStationId: user.userType === STATION_USER ? user.departId : '',
      claimStationId: str(r.new_station_id),
      mayWrite: can('expense.write'),
    });
    return offeredToSide(name as ExpenseCommand, side, state, doubtsLapsed(state, r.new_confirmdeadline));
  };

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
      <DocumentPage
        entity="new_srv_expense_claim"
        testIdPrefix="ec"
        backTo="/expenseClaim/list"
        readOnlyText="expense.ui.readOnly"
        mayRun={(name, _, r) => offered(name, r)}
        commandDialogs={DIALOGS}
        onLoaded={(r) => {
          setRow(r);
          setReload((n) => n + 1);
        }}
      />
      <Card size="small" title={t('expense.ui.lines')} style={{ marginTop: 16 }}>
        <ExpenseLines claimId={id} reload={reload} />
      </Card>
    </div>
  );
}
