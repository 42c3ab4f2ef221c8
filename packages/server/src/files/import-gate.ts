import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.ts';

/**
 * Excel imports are the heaviest calls a user can make (a 10 MB upload, up to 5,000 rows validated
 * and inserted in one transaction). One running import per user, and EXCEL_IMPORTS_MAX (2) per
 * server process; beyond that a 429 with a clear message rather than a queue that piles up memory.
 */
const perInstance = Math.max(1, Number(process.env.EXCEL_IMPORTS_MAX ?? 2) || 2);
const running = new Set<string>();

/** Takes the caller's import slot or answers 429; call the returned function when the import is over. */
export function importSlot(req: FastifyRequest): () => void {
  const user = req.principal!.userId;
  if (running.has(user)) throw new AppError(429, 'excel.busyUser');
  if (running.size >= perInstance) throw new AppError(429, 'excel.busyServer');
  running.add(user);
  let held = true;
  return () => {
    if (held) running.delete(user);
    held = false;
  };
}

/** How many imports this process is running (for tests that need one to be under way). */
export const importsRunning = (): number => running.size;
