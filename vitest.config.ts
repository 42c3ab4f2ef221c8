import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'model', root: 'packages/model', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server', root: 'packages/server', include: ['src/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000,
          pool: 'forks', fileParallelism: true, maxWorkers: 2,
        },
      },
      './packages/web/vitest.config.ts',
      { test: { name: 'e2e', root: 'e2e', include: ['specs/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 180_000, fileParallelism: false, pool: 'forks' } },
    ],
  },
});
