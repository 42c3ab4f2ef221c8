import { stockCheckState } from '@portal/model';
import type { ReactNode } from 'react';
import type { RecordRow } from '../../api/records.ts';
import { useT } from '../../locales/i18n.ts';
import { OptionTag } from '../../entity-ui/document/OptionTag.tsx';

const n = (v: unknown) => (v === null || v === undefined || v === '' ? 0 : Number(v) || 0);

/** Counted of all lines of a sheet, with the numbers as data attributes. */
export function CountProgress({ row, testId }: { row: RecordRow; testId?: string }) {
  const t = useT();
  const counted = n(row.new_countedcount);
  const lines = n(row.new_linecount);
  return (
    <span data-testid={testId} data-counted={counted} data-lines={lines}>
      {t('stock.ui.progressValue', { counted, lines })}
    </span>
  );
}

/**
 * Cells of the count-sheet lists (盘点, 盘点任务): the state as a coloured tag, and progress as
 * counted/lines in the counted column. `prefix` names the screen's hooks (`sc`, `it`).
 */
export function countCells(prefix: string): Record<string, (row: RecordRow) => ReactNode> {
  return {
    new_state: (row) => <OptionTag set={stockCheckState} value={row.new_state} testId={`${prefix}-row-state`} />,
    new_countedcount: (row) => <CountProgress row={row} testId={`${prefix}-row-progress`} />,
  };
}
