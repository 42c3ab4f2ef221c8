import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker; the suites are CPU-bound and independent.
    maxWorkers: 2,
    // React work that antd scheduled in a root of its own may still run after a file's jsdom window
    // is torn down; it fails only because the window is gone, after every test of the file passed.
    onUnhandledError(error) {
      const afterTeardown = error.name === 'ReferenceError' && /^(window|document) is not defined$/.test(error.message);
      if (afterTeardown && /react-dom|scheduler/.test(error.stack ?? '')) return false;
    },
    projects: [
      { test: { name: 'model', root: 'packages/model', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server', root: 'packages/server', include: ['src/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000,
          // Suites that need several app instances on one server run in the PostgreSQL pass only.
          exclude: process.env.DATABASE_URL ? ['**/node_modules/**'] : ['**/node_modules/**', 'src/**/*.pg.test.ts'],
          pool: 'forks',
        },
      },
      './packages/web/vitest.config.ts',
      { test: { name: 'e2e', root: 'e2e', include: ['specs/**/*.test.ts'], globalSetup: ['support/global-setup.ts'], setupFiles: ['support/setup.ts'], testTimeout: 120_000, hookTimeout: 180_000, fileParallelism: false, pool: 'forks' } },
    ],
  },
});
