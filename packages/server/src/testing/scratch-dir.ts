import { mkdtempSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SHM = '/dev/shm';
const TMPFS_MAGIC = 0x01021994;
/** Room a run's data directories may take there: a template and a few ~80 MB copies at a time. */
const NEEDED = 2 * 1024 ** 3;

/** /dev/shm when it is a tmpfs with room to spare (a container's 64 MB one is not), else null. */
function memoryDir(): string | null {
  try {
    const s = statfsSync(SHM);
    return s.type === TMPFS_MAGIC && s.bavail * s.bsize >= NEEDED ? SHM : null;
  } catch {
    return null;
  }
}
const base = memoryDir() ?? tmpdir();

/**
 * A new directory for a test portal's data (embedded database and files), in memory where the
 * machine has room (/dev/shm): a portal's data is ~80 MB, and on this machine's disk copying it from
 * the run's template took ~0.9 s of CPU and removing it as long, per portal (~50 a run); in memory
 * ~0.15 s, and PGlite's own reads and writes are cheaper too. Elsewhere, the system's temp directory.
 */
export function scratchDir(prefix: string): string {
  return mkdtempSync(join(base, prefix));
}
