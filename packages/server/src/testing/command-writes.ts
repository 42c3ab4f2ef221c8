import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The columns the server's commands write, read off their SQL (issue 23's oracle for the field
 * sweep): every `UPDATE <table> [alias] SET a = …, b = …` with a literal table name in the
 * server's sources outside the generic record service, the schema and demo data, and the tests.
 * Template expressions (`${…}`) are skipped, so a column named only inside one is not seen: this
 * finds what commands plainly own, the model's declarations (readOnly, edit rules) say the rest.
 */
export interface CommandWrite {
  table: string;
  column: string;
  file: string;
}

// demo/: the demo data (moved out of db/), which writes what users would.
const SKIP_DIRS = new Set(['records', 'db', 'demo', 'testing', 'node_modules']);

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (!SKIP_DIRS.has(name)) out.push(...sources(p));
    } else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

/** `${…}` removed (nested braces counted), so only literal SQL text remains. */
function literal(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '$' && text[i + 1] === '{') {
      let depth = 1;
      i += 2;
      while (i < text.length && depth > 0) {
        if (text[i] === '{') depth++;
        else if (text[i] === '}') depth--;
        i++;
      }
      i--;
      out += ' ? ';
      continue;
    }
    out += text[i];
  }
  return out;
}

const UPDATE = /\bUPDATE\s+([a-z_][a-z0-9_]*)(?:\s+(?!SET\b)[a-z_][a-z0-9_]*)?\s+SET\s+([\s\S]*?)(?=\bWHERE\b|\bFROM\b|\bRETURNING\b|`|$)/g;
const ASSIGN = /(?:^|,)\s*(?:[a-z_][a-z0-9_]*\.)?"?([a-z_][a-z0-9_]*)"?\s*=/g;

/** Splits a SET list at top-level commas (function calls keep theirs). */
function assignments(list: string): string[] {
  const cols: string[] = [];
  let depth = 0;
  let start = 0;
  const parts: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  for (const part of parts) {
    ASSIGN.lastIndex = 0;
    const m = ASSIGN.exec(part);
    if (m) cols.push(m[1]);
  }
  return cols;
}

export function commandWrites(serverSrc: string): CommandWrite[] {
  const out: CommandWrite[] = [];
  for (const file of sources(serverSrc)) {
    const text = literal(readFileSync(file, 'utf8'));
    for (const m of text.matchAll(UPDATE)) {
      for (const column of assignments(m[2])) out.push({ table: m[1], column, file: relative(serverSrc, file) });
    }
  }
  return out;
}
