import { EXPENSE_COMMANDS, expenseFormStatus, type ExpenseCommand } from '@portal/model';

/** Which side the user acts for on a statement: its own station, head office (expense.write), or neither. */
export type Side = 'station' | 'headOffice' | null;

export function sideOf(opts: { userStationId: string; claimStationId: string; mayWrite: boolean }): Side {
  if (opts.userStationId && opts.userStationId === opts.claimStationId) return 'station';
  return opts.mayWrite ? 'headOffice' : null;
}

/** The commands a side may run on a statement in `formstatus` (the server checks the same). */
export function availableCommands(formstatus: number, side: Side): ExpenseCommand[] {
  if (!side) return [];
  return (Object.keys(EXPENSE_COMMANDS) as ExpenseCommand[]).filter(
    (c) => EXPENSE_COMMANDS[c].side === side && EXPENSE_COMMANDS[c].from === formstatus,
  );
}

/** The time for doubts has run out: the statement counts as confirmed (the next command records it). */
export const doubtsLapsed = (formstatus: number, deadline: unknown, now = Date.now()) =>
  formstatus === expenseFormStatus.toConfirm && typeof deadline === 'string' && !!deadline && new Date(deadline).getTime() <= now;
