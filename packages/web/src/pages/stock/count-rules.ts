import { stockCheckSource, stockCheckState } from '@portal/model';

/** What a count sheet offers, mirroring the server (domain/stock/counts.ts). */
export type CountCommand = 'submit' | 'confirm' | 'cancel';

export interface SheetState {
  state: number;
  source: number;
}

/** Counted quantities change only while counting, for stock.write holders. */
export const linesEditable = (s: SheetState, can: (p: string) => boolean) => s.state === stockCheckState.counting && can('stock.write');

/**
 * 提交 while counting (stock.write); 确认盘点 once submitted (stock.adjust); 取消 while counting or
 * submitted (stock.write, and a task's sheet only for whoever releases tasks).
 */
export function countCommands(s: SheetState, can: (p: string) => boolean): CountCommand[] {
  const out: CountCommand[] = [];
  const open = s.state === stockCheckState.counting || s.state === stockCheckState.submitted;
  if (s.state === stockCheckState.counting && can('stock.write')) out.push('submit');
  if (s.state === stockCheckState.submitted && can('stock.adjust')) out.push('confirm');
  if (open && can('stock.write') && (s.source !== stockCheckSource.task || can('invtask.manage'))) out.push('cancel');
  return out;
}
