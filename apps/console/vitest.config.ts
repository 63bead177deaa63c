import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'happy-dom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    // Vitest's default on a 2-core machine is one worker: two halve the suite's time (128 s → 73 s, issue 50's CI)
    maxWorkers: 2,
  },
});
