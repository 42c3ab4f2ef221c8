import type { EntityDef } from '@portal/model';
import { InputNumber } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { RecordRow } from '../../api/records.ts';
import { num } from '../workorder/work-order-rules.ts';

/** What is still to receive of a line (shipped − received). */
export const remainingOf = (r: RecordRow) => Math.max(0, (num(r.new_qty) ?? 0) - (num(r.new_receivedqty) ?? 0));

/**
 * The quantities of one receipt (a delivery's, a parts return's): one per line, starting at what
 * is still to receive (a full receipt) each time the lines load; `lines()` is what is posted (the
 * lines above 0) and `column()` the input of each line.
 */
export function useReceiptQuantities(line: EntityDef, rows: RecordRow[]) {
  const [qty, setQty] = useState<Record<string, number | null>>({});
  const idOf = useCallback((r: RecordRow) => String(r[line.primaryKey] ?? ''), [line]);
  const fill = useCallback(() => setQty(Object.fromEntries(rows.map((r) => [idOf(r), remainingOf(r)]))), [rows, idOf]);
  useEffect(fill, [fill]);
  const lines = () => rows.map((r) => ({ lineId: idOf(r), qty: Number(qty[idOf(r)] ?? 0) })).filter((l) => l.qty > 0);
  const column = (title: string, testId: string, width: number) => ({
    key: 'receive',
    title,
    width,
    render: (_: unknown, r: RecordRow) => (
      <InputNumber
        data-testid={testId}
        data-line-id={idOf(r)}
        aria-label={`${title} ${String(r.new_name ?? '')}`}
        value={qty[idOf(r)] ?? null}
        min={0}
        max={remainingOf(r)}
        precision={0}
        disabled={remainingOf(r) === 0}
        onChange={(v) => setQty((q) => ({ ...q, [idOf(r)]: v === null ? null : Number(v) }))}
        style={{ width: '100%' }}
      />
    ),
  });
  return { idOf, fill, lines, column };
}
