#!/usr/bin/env node
// Runs shell commands side by side: the typecheck's four projects, and npm test's unit, PostgreSQL
// and build stages (independent; each alone leaves a core idle part of the time: 304 → 268 s side by
// side, 2026-11-29). Each command's output is printed whole when it ends,
// under its command line, so interleaved lines never mix; exits 1 if any command failed.
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
if (!commands.length) {
  console.error('usage: parallel.mjs "<command>" ["<command>" …]');
  process.exit(2);
}

const started = Date.now();
const results = await Promise.all(
  commands.map(
    (command) =>
      new Promise((resolve) => {
        const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
        const out = [];
        child.stdout.on('data', (d) => out.push(d));
        child.stderr.on('data', (d) => out.push(d));
        child.on('close', (code) => {
          const ok = code === 0;
          process.stdout.write(
            `${ok ? '✓' : '✗'} ${command} (${((Date.now() - started) / 1000).toFixed(1)} s)\n${Buffer.concat(out).toString()}`,
          );
          resolve(ok);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
