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
    // A young generation of 64 MB instead of 16: React's development build and jsdom make short-lived
    // garbage by the gigabyte, and fewer scavenges cut a screen test's CPU by about an eighth.
    execArgv: ['--max-semi-space-size=64'],
  },
});
