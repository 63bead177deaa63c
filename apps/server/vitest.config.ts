import { defineConfig } from 'vitest/config';
import { filesThatReplace } from '../../scripts/test/isolation.mjs';

/**
 * Most test files share their worker's modules (isolate: false): a fresh module graph per file re-imported the server
 * — Fastify, the domains, drizzle — for each of the 126 files. A file that replaces modules, timers or globals keeps a
 * graph of its own (scripts/test/isolation.mjs finds them), so that what it replaced cannot reach another; so does
 * add-domain.test.ts, which imports a second copy of the sources (its metrics would register twice in prom-client's one
 * registry).
 */
const isolated = [...filesThatReplace(import.meta.dirname, /\.test\.ts$/), 'test/structure/add-domain.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file opens its own database (PGlite in memory, or a schema of its own on PostgreSQL).
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: isolated, isolate: false } },
      { extends: true, test: { name: 'isolated', include: isolated, isolate: true } },
    ],
  },
});
