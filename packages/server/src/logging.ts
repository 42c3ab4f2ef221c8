/**
 * Log lines: pino's JSON (one object a line) for files and collectors, or one readable line per
 * record on a terminal. LOG_FORMAT=json|pretty overrides the choice made from stdout being a TTY.
 */
export type LogFormat = 'json' | 'pretty';

export function chooseLogFormat(setting: string | undefined, isTTY: boolean | undefined): LogFormat {
  const s = (setting ?? '').trim().toLowerCase();
  if (s === 'json' || s === 'pretty') return s;
  return isTTY ? 'pretty' : 'json';
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const LEVEL_NUMBER: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };
const COLOURS: Record<number, string> = { 10: '90', 20: '36', 30: '32', 40: '33', 50: '31', 60: '35' };
/** Said by the line itself (time, level, request) or noise on a terminal. */
const SHOWN = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'req', 'res', 'responseTime', 'reqId', 'err', 'v']);

const clock = (t: number) => {
  const d = new Date(t);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}.${p(d.getMilliseconds(), 3)}`;
};
const value = (v: unknown) => (typeof v === 'string' && !/[\s="]/.test(v) && v !== '' ? v : JSON.stringify(v));

/** One pino record as one line: `12:03:04.567 INFO  [req-3] GET /api/x 200 12 ms request completed key=value`. */
export function prettyLine(rec: Record<string, unknown>, colour = false): string {
  const level = Number(rec.level ?? 30);
  const name = (LEVELS[level] ?? String(level)).padEnd(5);
  const parts: string[] = [
    clock(typeof rec.time === 'number' ? rec.time : Date.now()),
    colour ? `\x1b[${COLOURS[level] ?? '0'}m${name}\x1b[0m` : name,
  ];
  if (rec.reqId !== undefined) parts.push(`[${rec.reqId}]`);
  const req = rec.req as { method?: string; url?: string } | undefined;
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`);
  const res = rec.res as { statusCode?: number } | undefined;
  if (res?.statusCode !== undefined) parts.push(String(res.statusCode));
  if (typeof rec.responseTime === 'number') parts.push(`${rec.responseTime.toFixed(0)} ms`);
  if (rec.msg !== undefined) parts.push(String(rec.msg));
  for (const [k, v] of Object.entries(rec)) if (!SHOWN.has(k) && v !== undefined) parts.push(`${k}=${value(v)}`);
  let line = parts.join(' ');
  const err = rec.err as { message?: string; stack?: string } | undefined;
  // The stack goes under the line: the one place a record takes more than one.
  if (err) line += err.stack ? `\n${String(err.stack).replace(/^/gm, '    ')}` : ` error=${value(err.message)}`;
  return `${line}\n`;
}

export interface LineSink {
  write(line: string): void;
}

/**
 * Where pino writes: undefined for JSON (pino's own fast stdout), or a sink turning each JSON line
 * into a readable one on the terminal.
 */
export function logDestination(format: LogFormat, out: LineSink & { isTTY?: boolean } = process.stdout): LineSink | undefined {
  if (format === 'json') return undefined;
  const colour = !!out.isTTY && !process.env.NO_COLOR;
  return {
    write(chunk: string) {
      for (const line of chunk.split('\n')) {
        if (!line) continue;
        try {
          out.write(prettyLine(JSON.parse(line) as Record<string, unknown>, colour));
        } catch {
          out.write(`${line}\n`);
        }
      }
    },
  };
}

/** A small logger for start-up (before the app's pino exists): same format and level rules as the app's. */
export interface StartupLog {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
}

export function startupLog(
  cfg: { logLevel: string; logFormat: LogFormat },
  out: LineSink & { isTTY?: boolean } = process.stdout,
): StartupLog {
  const min = LEVEL_NUMBER[cfg.logLevel.toLowerCase()] ?? 30;
  const sink = logDestination(cfg.logFormat, out) ?? out;
  const emit = (level: number, msg: string, fields?: Record<string, unknown>) => {
    if (level < min) return;
    sink.write(`${JSON.stringify({ level, time: Date.now(), pid: process.pid, ...fields, msg })}\n`);
  };
  return { info: (m, f) => emit(30, m, f), warn: (m, f) => emit(40, m, f) };
}

/** Nothing logged (tests, tools). */
export const quietLog: StartupLog = { info: () => undefined, warn: () => undefined };
