import { EXPENSE_COMMANDS, expenseFormStatus, type ExpenseCommand } from '@portal/model';

/** Which side the user acts for on a statement: its own station, head office (expense.write), or neither. */
export type Side = 'station' | 'headOffice' | null;

export function sideOf(opts: { userStationId: string; claimStationId: string; mayWrite: boolean }): Side {
  if (opts.userStationId && opts.userStationId === opts.claimStationId) return 'station';
  return opts.mayWrite ? 'headOffice' : null;
}

/**
 * Whether a side is offered a command the statement's state allows (its declaration): its own side's
 * only; while it waits for the station, the station's steps until the deadline, head office's invoice
 * after it (the statement then counts as confirmed). The server checks the same.
 */
export function offeredToSide(command: ExpenseCommand, side: Side, formstatus: number, lapsed: boolean): boolean {
  if (!side || EXPENSE_COMMANDS[command] !== side) return false;
  return formstatus !== expenseFormStatus.toConfirm || lapsed === (command === 'invoice');
}

/** The time for doubts has run out: the statement counts as confirmed (the next command records it). */
export const doubtsLapsed = (formstatus: number, deadline: unknown, now = Date.now()) =>
  formstatus === expenseFormStatus.toConfirm && typeof deadline === 'string' && !!deadline && new Date(deadline).getTime() <= now;
