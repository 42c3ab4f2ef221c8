import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { chooseLogFormat, logDestination, prettyLine, startupLog } from './logging.ts';

const sink = (isTTY: boolean) => {
  const lines: string[] = [];
  return { lines, isTTY, write: (l: string) => void lines.push(l) };
};

describe('log format', () => {
  it('is readable lines on a terminal and JSON otherwise, unless LOG_FORMAT says which', () => {
    expect(chooseLogFormat(undefined, true)).toBe('pretty');
    expect(chooseLogFormat(undefined, false)).toBe('json');
    expect(chooseLogFormat(undefined, undefined)).toBe('json');
    expect(chooseLogFormat('json', true)).toBe('json');
    expect(chooseLogFormat(' Pretty ', false)).toBe('pretty');
    expect(chooseLogFormat('nonsense', true)).toBe('pretty');
    // The test runner's stdout is no terminal: JSON, as a log collector would see it.
    expect(loadConfig({} as NodeJS.ProcessEnv).logFormat).toBe(process.stdout.isTTY ? 'pretty' : 'json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' } as NodeJS.ProcessEnv).logFormat).toBe('pretty');
    expect(logDestination('json', sink(false))).toBeUndefined();
  });

  it('prints one line per record: time, level, request, status, duration, message, other fields', () => {
    const time = new Date(2026, 10, 27, 9, 5, 7, 42).getTime();
    expect(
      prettyLine({
        level: 30,
        time,
        pid: 1,
        hostname: 'h',
        reqId: 'req-3',
        req: { method: 'GET', url: '/api/x' },
        res: { statusCode: 200 },
        responseTime: 12.4,
        msg: 'request completed',
      }),
    ).toBe('09:05:07.042 INFO  [req-3] GET /api/x 200 12 ms request completed\n');
    expect(prettyLine({ level: 40, time, msg: 'seeding', stage: '工单', rows: 120, note: 'a b' })).toBe(
      '09:05:07.042 WARN  seeding stage=工单 rows=120 note="a b"\n',
    );
    const err = prettyLine({ level: 50, time, msg: 'unhandled error', err: { message: 'boom', stack: 'Error: boom\n    at f' } });
    expect(err.split('\n')[0]).toBe('09:05:07.042 ERROR unhandled error');
    expect(err).toContain('\n    Error: boom\n');
  });

  it('turns pino JSON into those lines on a terminal and honours the level at start-up', () => {
    const out = sink(false);
    logDestination('pretty', out)!.write('{"level":30,"time":0,"msg":"a"}\n{"level":30,"time":0,"msg":"b"}\nnot json\n');
    expect(out.lines.slice(0, 2).map((l) => l.slice(13))).toEqual(['INFO  a\n', 'INFO  b\n']);
    // A line that is not pino's goes through as it is.
    expect(out.lines[2]).toBe('not json\n');
    const quiet = sink(false);
    startupLog({ logLevel: 'warn', logFormat: 'json' }, quiet).info('hidden');
    startupLog({ logLevel: 'warn', logFormat: 'json' }, quiet).warn('shown', { n: 1 });
    expect(quiet.lines).toHaveLength(1);
    expect(JSON.parse(quiet.lines[0])).toMatchObject({ level: 40, msg: 'shown', n: 1 });
  });
});
