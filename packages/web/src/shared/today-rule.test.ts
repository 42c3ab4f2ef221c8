import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('"today" comes from shared/date.ts only (UTC+8, spec 000 §9)', () => {
  it("no screen reads the browser's day: no dayjs(), new Date().getX() or new Date().getFullYear()", () => {
    const offenders: string[] = [];
    for (const file of sources(ROOT)) {
      const text = readFileSync(file, 'utf8');
      for (const [i, line] of text.split('\n').entries()) {
        if (/^\s*(\*|\/\/)/.test(line)) continue;
        if (/\bdayjs\(\)|new Date\(\)\.get/.test(line)) offenders.push(`${relative(ROOT, file)}:${i + 1}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
