import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../../src/modules/fundrecords/ledger/index.js';
import { makeUser } from '../funds/funds.helpers.js';
import { createTestApp, type TestApp } from '../helpers.js';

/**
 * Issue 51: `npm run ledger:verify` over a year of a large platform (bench/year, scale 1: 20.8 M fund records) read
 * for longer than the server's 30-s read timeout, which the command had taken over, and stopped with "Query read
 * timeout" before PostgreSQL answered. A verification waits for its answer: here a statement held up for 32 s (a
 * lock another session holds) still ends in the verdict. PostgreSQL only: the embedded database has one connection.
 */
const PG = !!process.env.DATABASE_URL;
let t: TestApp;
beforeAll(async () => {
  if (PG) t = await createTestApp();
});
afterAll(() => t?.close());

describe.skipIf(!PG)('ledger:verify on a long read', () => {
  it('waits for a statement that takes longer than the server’s read timeout, and gives its verdict', async () => {
    const id = await makeUser(t);
    await post(t.app.ctx.db, id, [{ type: 'recharge', amount: '12.34' }]);
    const url = new URL(t.config.DATABASE_URL!); // the app's own database
    url.searchParams.set('options', `-c search_path=${t.schema}`);
    const holder = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
      const env = { ...process.env, DATABASE_URL: url.toString(), LOG_LEVEL: 'silent' };
      const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/ledger-verify.ts'], { env }).then(
        (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
      );
      // held for 32 s from the moment the command waits on it (its start takes a few seconds of its own)
      const waiting = async () =>
        (await holder.query(`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND relation = 'users'::regclass`)).rows[0].n > 0;
      for (let i = 0; i < 300 && !(await waiting()); i++) await new Promise((r) => setTimeout(r, 100));
      expect(await waiting()).toBe(true);
      await new Promise((r) => setTimeout(r, 32_000));
      await holder.query('COMMIT');
      const r = await run;
      expect(r.code, `${r.out}\n${r.err}`).toBe(0);
      expect(r.out).toMatch(/^OK: every balance equals the sum of its fund records/m);
    } finally {
      await holder.end();
    }
  }, 90_000);
});
