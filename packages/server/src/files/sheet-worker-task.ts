import { setPriority } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../http/errors.ts';
import { firstSheetRows, type SheetRow } from './xlsx-reader.ts';
import { collectWhileInflating, zipProblem } from './zip-guard.ts';

/**
 * The workbook parse, run on a worker thread (sheet-worker.ts starts it): the zip guard, then the
 * first sheet's header row, then — once the main thread has named the columns that count — the
 * rows with a value in one of them, cut to those columns, until `limit` such rows. All the inflate,
 * XML scanning and their garbage stay on this thread, so the server's event loop never waits on them.
 *
 * Messages out: { header } | { rows } (batches) | { end } | { error: { status, key, params } }.
 * Message in (after the header): { columns: number[]; limit: number }.
 */
export type SheetMessage =
  | { header: SheetRow }
  | { rows: SheetRow[] }
  | { end: true }
  | { error: { status: number; key: AppError['key']; params?: AppError['params'] } };

export interface RowsRequest {
  columns: number[];
  limit: number;
}

/** Rows per message: each stays small, so taking one in costs the main thread little. */
const BATCH = 500;

// On Linux a nice value belongs to the thread (pid 0 = this thread, and the threads it starts):
// the parse yields the CPU to the server's event loop. Elsewhere it would renice the whole process.
// 5, not more: a busy host must not starve the parse into its time limit.
if (process.platform === 'linux') {
  try {
    setPriority(5);
  } catch {
    // not permitted: the parse runs at the server's priority
  }
}

// A collector for the inflate (zip-guard.ts): `gc` exposed in a context of this thread's own heap.
setFlagsFromString('--expose-gc');
collectWhileInflating(runInNewContext('gc') as () => void);

const port = parentPort!;
const send = (m: SheetMessage) => port.postMessage(m);

async function run(): Promise<void> {
  const buf = Buffer.from(workerData.bytes as ArrayBuffer);
  if (await zipProblem(buf)) throw new AppError(400, 'excel.unsafe');
  const rows = firstSheetRows(buf);
  try {
    const first = await rows.next();
    if (first.done) throw new AppError(400, 'excel.noData');
    send({ header: first.value });
    const { columns, limit } = await new Promise<RowsRequest>((resolve) => port.once('message', resolve));
    let batch: SheetRow[] = [];
    let count = 0;
    for await (const r of rows) {
      const cells: SheetRow['cells'] = [];
      let any = false;
      for (const col of columns) {
        const v = r.cells[col];
        if (v === null || v === undefined) continue;
        cells[col] = v;
        any = true;
      }
      if (!any) continue;
      batch.push({ row: r.row, cells });
      if (batch.length >= BATCH) {
        send({ rows: batch });
        batch = [];
      }
      if (++count >= limit) break; // leaving the loop stops the inflate
    }
    if (batch.length) send({ rows: batch });
    send({ end: true });
  } finally {
    await rows.return(undefined);
  }
}

run().catch((err: unknown) => {
  // Anything but a refusal (a reader bug) is thrown on, so the main thread reports it as such.
  if (err instanceof AppError) send({ error: { status: err.status, key: err.key, params: err.params } });
  else throw err;
});
