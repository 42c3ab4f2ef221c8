import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // One module graph per worker, not one per file (~300 s → ~175 s); src/test/setup.ts resets what modules keep between files.
    isolate: false,
    testTimeout: 30_000,
  },
});
