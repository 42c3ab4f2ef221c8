import { EXPENSE_API, type GenerateExpenseRequest, type GenerateExpenseResult } from '@portal/model';
import { call } from './client.ts';

/**
 * Head office's generation of a period's statements (the model's `expense-api.ts`): resolves with the
 * server's message; a refusal rejects with an ApiError carrying the server's text. Silent: the dialog
 * shows the messages itself. A statement's commands are declared ones (api/command.ts `runCommand`).
 */
export async function generateSettlements(body: GenerateExpenseRequest): Promise<GenerateExpenseResult> {
  const env = await call<GenerateExpenseResult>(`${EXPENSE_API}/generate`, { method: 'POST', json: body, silent: true });
  return { ...(env.Data as GenerateExpenseResult), message: String(env.Data?.message || env.Message || '') };
}
