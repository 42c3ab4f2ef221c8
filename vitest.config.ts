import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
      { test: { name: 'e2e', root: 'e2e', include: ['specs/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 180_000, fileParallelism: false, pool: 'forks' } },
    ],
  },
});
