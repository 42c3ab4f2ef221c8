import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { AppError } from '../http/errors.ts';
import type { RowsRequest, SheetMessage } from './sheet-worker-task.ts';
import type { SheetRow } from './xlsx-reader.ts';
import { SERVER_ROOT } from '../server-root.ts';

/**
 * Reads an uploaded workbook on a worker thread of its own (issue 10: the event loop is never
 * blocked for more than 100 ms). Inflating and scanning a sheet that inflates to ~95 MB is ~1 s of
 * CPU and ~100 MB of garbage; on the main thread its synchronous steps and the collections they
 * cause stalled every other request for 100–180 ms. The worker has its own heap with a ceiling
 * (a workbook that needs more is refused as abnormal, the server is unaffected) and a time limit.
 * One worker per import; imports are few (import-gate.ts), and the heap is freed when it ends.
 */
export const SHEET_WORKER_LIMITS = { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4 };
/** A 10 MB workbook is read in 1–2 s; one that takes this long (even on a busy host) is not an ordinary file. */
export const SHEET_READ_MS = 60_000;

export interface SheetReader {
  /** The first non-empty row of the first sheet. */
  header: SheetRow;
  /**
   * The rows after the header that hold a value in one of `columns`, cut to those columns, in
   * order; reading stops after `limit` of them. Call once.
   */
  rows(columns: number[], limit: number): AsyncGenerator<SheetRow>;
  /** Stops the worker (reading ended early, or a header was refused). */
  close(): Promise<void>;
}

const abnormal = () => new AppError(400, 'excel.unsafe');

let source: Promise<string> | null = null;
/**
 * The worker's code: sheet-worker-task.ts and what it imports, bundled by esbuild into one CommonJS
 * script (~19 KB), once per process (~30 ms in esbuild's own process, not on the event loop; its
 * process is stopped afterwards), run with `eval`. Loading the TypeScript loader (tsx) in every
 * worker instead cost ~20–25 MB of rss and ~300 ms per import (issue 10: < 50 MB per import).
 */
export function sheetWorkerSource(): Promise<string> {
  // esbuild is imported here, on the first import of a workbook: at start it was ~110 ms of CPU.
  source ??= (async () => {
    try {
      const esbuild = await import('esbuild');
      const r = await esbuild.build({
        entryPoints: [join(SERVER_ROOT, 'src/files/sheet-worker-task.ts')],
        bundle: true,
        platform: 'node',
        format: 'cjs',
        target: 'node20',
        write: false,
        logLevel: 'silent',
      });
      await esbuild.stop();
      return r.outputFiles[0].text;
    } catch (err) {
      source = null; // a later import tries again
      throw err;
    }
  })();
  return source;
}

/**
 * Starts the parse: the zip guard (excel.unsafe), then the header (excel.noData for an empty
 * sheet). Refusals are the reader's AppErrors; a worker that ran out of its heap or time is
 * excel.unsafe; anything else (a bug) is thrown as it is.
 */
export async function openSheetOffThread(
  bytes: Buffer,
  { limits = SHEET_WORKER_LIMITS, timeoutMs = SHEET_READ_MS }: { limits?: typeof SHEET_WORKER_LIMITS; timeoutMs?: number } = {},
): Promise<SheetReader> {
  // A copy the worker owns (transferred, not cloned): the upload's buffer may share its memory.
  const copy = new ArrayBuffer(bytes.length);
  new Uint8Array(copy).set(bytes);
  const worker = new Worker(await sheetWorkerSource(), {
    eval: true,
    workerData: { bytes: copy },
    transferList: [copy],
    resourceLimits: limits,
    // Not the server's flags (--import tsx, inspector): the code is plain JavaScript.
    execArgv: [],
  });
  const inbox: SheetMessage[] = [];
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const stop = (err: unknown) => {
    failure ??= err;
    wake?.();
  };
  worker.on('message', (m: SheetMessage) => {
    inbox.push(m);
    wake?.();
  });
  worker.on('error', (err: Error & { code?: string }) => stop(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? abnormal() : err));
  worker.on('exit', (code) => stop(new Error(`sheet worker exited (${code}) before it finished`)));
  const timer = setTimeout(() => {
    stop(abnormal());
    void worker.terminate();
  }, timeoutMs);
  timer.unref();

  const close = async () => {
    clearTimeout(timer);
    await worker.terminate();
  };
  // Messages already received come first: the worker's last rows arrive before its exit.
  const next = async (): Promise<SheetMessage> => {
    for (;;) {
      const m = inbox.shift();
      if (m) {
        if ('error' in m) throw new AppError(m.error.status, m.error.key, m.error.params);
        return m;
      }
      if (failure) throw failure;
      await new Promise<void>((r) => (wake = r));
      wake = null;
    }
  };

  try {
    const first = await next();
    if (!('header' in first)) throw new Error('sheet worker: header expected');
    return {
      header: first.header,
      async *rows(columns, limit) {
        worker.postMessage({ columns, limit } satisfies RowsRequest);
        for (;;) {
          const m = await next();
          if ('rows' in m) yield* m.rows;
          else if ('end' in m) return;
        }
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
