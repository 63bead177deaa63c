import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { filesThatReplace } from '../../scripts/test/isolation.mjs';

/**
 * Most test files share their worker's modules (isolate: false): each isolated file paid ≈ 3 s of setting up happy-dom,
 * antd and both languages' catalogues again, three quarters of the suite's CPU (181 s → 65 s on 2 cores). A file that
 * replaces modules, timers or globals (vi.mock, vi.doMock, vi.useFakeTimers, vi.stubGlobal, vi.stubEnv) keeps a fresh
 * module graph of its own, so that what it replaced cannot reach another file; scripts/test/isolation.mjs finds them.
 */
const isolated = filesThatReplace(import.meta.dirname, /\.test\.tsx?$/);

const shared = { environment: 'happy-dom' as const, setupFiles: ['test/setup.ts'] };

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default on a 2-core machine is one worker: two halve the suite's time (128 s → 73 s, issue 50's CI)
    maxWorkers: 2,
    // 20 s, not vitest's 5: the suite runs beside the type check and lint (scripts/test/together.mjs), in CI on a
    // loaded two-core machine, where a form driven through happy-dom (an upload, a confirmation flow) took past 5 s
    // (2026-12-06 the daily close, 2026-12-07 the reconciliation upload). No test here times anything.
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: { ...shared, name: 'shared', include: ['test/**/*.test.{ts,tsx}'], exclude: isolated, isolate: false },
      },
      { extends: true, test: { ...shared, name: 'isolated', include: isolated.length ? isolated : ['none'], isolate: true } },
    ],
  },
});
