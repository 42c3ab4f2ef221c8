#!/usr/bin/env node
// npm start: the web build and the server start side by side. The server opens (on a first start:
// creates and seeds) the database meanwhile, and builds its app only once the build has finished
// (told over the IPC channel), so a first start waits for the longer of the two, not their sum.
// The server runs as one bundled module (build-server.mjs, ~1 s to write).
import { spawn } from 'node:child_process';
import { buildServer, SERVER_BUNDLE } from './build-server.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

await buildServer();
const build = spawn(npm, ['run', '--silent', 'build', '--workspace', '@portal/web'], { stdio: 'inherit' });
const server = spawn(process.execPath, [SERVER_BUNDLE], {
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: { ...process.env, PORTAL_WEB_BUILD: 'pending' },
});

const alive = (c) => c.exitCode === null && c.signalCode === null;
build.on('exit', (code, signal) => {
  if (code === 0) {
    if (alive(server)) server.send('web-built');
    return;
  }
  console.error(`start: the web build ended with ${signal ?? `code ${code}`}`);
  if (alive(server)) server.kill('SIGTERM');
  process.exitCode = 1;
});
server.on('exit', (code, signal) => {
  if (alive(build)) build.kill('SIGTERM');
  process.exit(process.exitCode || (code ?? (signal ? 1 : 0)));
});
// A terminal's Ctrl-C reaches the children too; a kill of this process is passed on.
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => [build, server].forEach((c) => alive(c) && c.kill(sig)));
