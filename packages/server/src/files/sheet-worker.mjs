// Entry of the workbook-parse worker (sheet-worker.ts). Plain JavaScript because a worker thread may
// start without the TypeScript loader (under vitest it always does): tsx is loaded here, scoped to
// this import, and runs the parse written in TypeScript.
import { setPriority } from 'node:os';
import { tsImport } from 'tsx/esm/api';

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

await tsImport('./sheet-worker-task.ts', import.meta.url);
