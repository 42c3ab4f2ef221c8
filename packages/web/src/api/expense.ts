import { EXPENSE_API, type ExpenseCommand, type GenerateExpenseRequest, type GenerateExpenseResult } from '@portal/model';
import { call } from './client.ts';

/**
 * The expense settlement calls of the model's contract (`expense-api.ts`). Commands resolve with
 * the server's message; a refusal rejects with an ApiError carrying the server's text. Silent:
 * the dialogs show the messages themselves.
 */
export interface ExpenseAnswer {
  id: string;
  message: string;
  formstatus?: number;
}

export async function generateSettlements(body: GenerateExpenseRequest): Promise<GenerateExpenseResult> {
  const env = await call<GenerateExpenseResult>(`${EXPENSE_API}/generate`, { method: 'POST', json: body, silent: true });
  return { ...(env.Data as GenerateExpenseResult), message: String(env.Data?.message || env.Message || '') };
}

export async function expenseCommand(id: string, command: ExpenseCommand, body: object = {}): Promise<ExpenseAnswer> {
  const env = await call<ExpenseAnswer>(`${EXPENSE_API}/${encodeURIComponent(id)}/${command}`, {
    method: 'POST',
    json: body,
    silent: true,
  });
  return { id, formstatus: env.Data?.formstatus, message: String(env.Data?.message || env.Message || '') };
}
