#!/usr/bin/env node
// npm start: the web build and the database's preparation (created and seeded on a first start) run
// side by side, then the server starts on the prepared database. A first start waits for the longer
// of the two instead of their sum; later starts find both done quickly.
import { spawn } from 'node:child_process';

const node = process.execPath;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(cmd, args) {
  const child = spawn(cmd, args, { stdio: 'inherit' });
  const done = new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${[cmd, ...args].join(' ')} ended with ${signal ?? `code ${code}`}`))));
  });
  return { child, done };
}

const steps = [run(npm, ['run', '--silent', 'build']), run(node, ['--import', 'tsx', 'packages/server/src/prepare-cli.ts'])];
const stopSteps = () => steps.forEach((s) => s.child.exitCode === null && s.child.kill('SIGTERM'));
process.once('SIGINT', stopSteps);
process.once('SIGTERM', stopSteps);
try {
  await Promise.all(steps.map((s) => s.done));
} catch (e) {
  stopSteps();
  console.error(`start: ${e.message}`);
  process.exit(1);
}
process.removeListener('SIGINT', stopSteps);
process.removeListener('SIGTERM', stopSteps);

// The server handles SIGINT/SIGTERM itself; this process only passes them on and exits with it.
const server = run(node, ['--import', 'tsx', 'packages/server/src/main.ts']);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.child.kill(sig));
server.done.then(() => process.exit(0), () => process.exit(server.child.exitCode ?? 1));
