import type { RouteDef } from './routes.ts';

/**
 * Expense settlement of spec 001 §2 (Contracts and amounts): the statements' list (kept) with the
 * generation for head office, and one statement with its commands and lines. Both are pages of
 * their own standing for the entity's list and edit screens.
 */
export const EXPENSE_ROUTES: RouteDef[] = [
  // Not a spec route: the printable settlement confirmation form of one statement (A4, no app chrome).
  {
    name: 'expenseClaimPrint',
    path: '/expenseClaim/print/:id',
    layout: 'bare',
    permissions: ['expense.read'],
    page: 'ExpenseConfirmationPage',
  },
];
