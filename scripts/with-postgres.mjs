#!/usr/bin/env node
// Runs a command against a throw-away PostgreSQL cluster on 127.0.0.1 (DATABASE_URL is set for it).
// Uses Debian's PostgreSQL binaries; when DATABASE_URL is already set, runs the command on that server.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

const [cmd, ...args] = process.argv.slice(2);
if (!cmd) {
  console.error('usage: with-postgres.mjs <command> [args…]');
  process.exit(2);
}

function run(command, commandArgs, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { stdio: 'inherit', env, shell: false });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

if (process.env.DATABASE_URL) process.exit(await run(cmd, args));

function pgBin() {
  const roots = ['/usr/lib/postgresql'];
  for (const root of roots) {
    if (!existsSync(root)) continue;
    const versions = readdirSync(root)
      .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length) return join(root, versions[0], 'bin');
  }
  throw new Error('PostgreSQL server binaries not found: apt-get install postgresql (or set DATABASE_URL)');
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

const bin = pgBin();
// In memory where the system has it (/dev/shm): a throw-away cluster needs no disk, and each test
// portal's CREATE DATABASE … TEMPLATE copies ~30 MB.
const dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'portal-pg-'));
const isRoot = userInfo().uid === 0;
// PostgreSQL refuses to run as root: run it as the `postgres` system user then.
const asPg = (exe, exeArgs) => (isRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, exe), ...exeArgs]] : [join(bin, exe), exeArgs]);
if (isRoot) {
  const pw = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const uid = Number(pw.stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  chownSync(dir, uid, gid);
}
const data = join(dir, 'data');
const port = await freePort();
const check = (r, what) => {
  if (r.status !== 0) {
    console.error(`${what} failed:\n${r.stdout ?? ''}${r.stderr ?? ''}`);
    rmSync(dir, { recursive: true, force: true });
    process.exit(1);
  }
};
let [exe, exeArgs] = asPg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
check(spawnSync(exe, exeArgs, { encoding: 'utf8' }), 'initdb');
[exe, exeArgs] = asPg('pg_ctl', [
  '-D',
  data,
  '-l',
  join(dir, 'server.log'),
  '-w',
  '-t',
  '60',
  '-o',
  `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
  'start',
]);
check(spawnSync(exe, exeArgs, { encoding: 'utf8' }), 'pg_ctl start');

const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
console.log(`PostgreSQL ${bin.split('/').at(-2)} test cluster on 127.0.0.1:${port}`);
let code = 1;
try {
  code = await run(cmd, args, { ...process.env, DATABASE_URL: url });
} finally {
  [exe, exeArgs] = asPg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
  spawnSync(exe, exeArgs, { encoding: 'utf8' });
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
