import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/db/rows.js';
import { appToken, credit, makeUser, openRules } from '../funds/funds.helpers.js';
import { signedIn } from '../helpers.js';
import { twoInstances } from './instances.js';
import { call } from './kit.js';

/**
 * Issue 36: an instance killed (SIGKILL) while 20 withdrawal reviews run on it. Every review that committed has
 * its operation-log row (written in the same transaction), and no review that did not commit has a success row.
 */
const PG = !!process.env.DATABASE_URL;
const PORT = 18391;
let inst: Awaited<ReturnType<typeof twoInstances>>;
let finance: string;
let child: ChildProcess | undefined;

beforeAll(async () => {
  if (!PG) return;
  inst = await twoInstances();
  finance = (await signedIn(inst.a, 'finance')).token;
  await openRules(inst.a, finance);
}, 120_000);
afterAll(async () => {
  child?.kill('SIGKILL');
  if (PG) await inst.close();
});

function startInstance(): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const c = spawn(process.execPath, ['--import', 'tsx', 'test/races/serve.ts', inst.a.schema!, String(PORT)], {
      cwd: new URL('../..', import.meta.url).pathname,
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const timer = setTimeout(() => reject(new Error('the instance did not start')), 60_000);
    c.stdout!.on('data', (b: Buffer) => {
      if (b.toString().includes('listening')) {
        clearTimeout(timer);
        resolve(c);
      }
    });
    c.on('exit', (code) => reject(new Error(`the instance exited (${code})`)));
  });
}

async function withdrawals(n: number): Promise<number[]> {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const id = await makeUser(inst.a);
      await credit(inst.a, id, '5000');
      const r = (await call(inst.a, '/app/withdraw/apply.do', { amount: '1000' }, { user: await appToken(inst.a, id) })).json();
      expect(r.status, r.msg).toBe(0);
      return r.data.id as number;
    }),
  );
}

describe.skipIf(!PG)('an instance killed during reviews', () => {
  it('leaves every committed review with its operation-log row, and no success row without a commit', async () => {
    let committedSeen = 0;
    let lostSeen = 0;
    for (let round = 0; round < 6 && (committedSeen === 0 || lostSeen === 0); round++) {
      child = await startInstance();
      const ids = await withdrawals(20);
      const inFlight = ids.map((id, i) =>
        fetch(`http://127.0.0.1:${PORT}/admin/withdraw/updateState.do`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', admintoken: finance },
          body: JSON.stringify(i % 2 ? { id, state: 1 } : { id, state: 2, reason: '风控' }),
        }).then(
          () => 'answered',
          () => 'cut off',
        ),
      );
      // kill as soon as the first answer is back: the others are anywhere between their claim and their commit
      await Promise.race(inFlight);
      child.kill('SIGKILL');
      await Promise.all(inFlight);
      const killed = child;
      await new Promise((r) => (killed.exitCode !== null || killed.signalCode ? r(null) : killed.once('exit', r)));
      child = undefined;
      const state = rows<{ id: number; status: number; logged: number; failed_logs: number }>(
        await inst.a.app.ctx.db.execute(sql`
          SELECT w.id, w.status,
                 (SELECT count(*)::int FROM operation_log o WHERE o.action = '/admin/withdraw/updateState.do' AND o.target_id = w.id::text AND o.result = 'ok') AS logged,
                 (SELECT count(*)::int FROM operation_log o WHERE o.action = '/admin/withdraw/updateState.do' AND o.target_id = w.id::text AND o.result <> 'ok') AS failed_logs
          FROM withdrawals w WHERE w.id = ANY(${`{${ids.join(',')}}`}::int[]) ORDER BY w.id`),
      );
      const committed = state.filter((s) => s.status !== 0);
      const pending = state.filter((s) => s.status === 0);
      committedSeen += committed.length;
      lostSeen += pending.length;
      // every committed review: exactly one success row; every review that never committed: none
      expect(committed.map((s) => [s.id, s.logged])).toEqual(committed.map((s) => [s.id, 1]));
      expect(pending.map((s) => [s.id, s.logged])).toEqual(pending.map((s) => [s.id, 0]));
    }
    console.log(`crash: ${committedSeen} reviews committed and ${lostSeen} cut off by SIGKILL`);
    expect(committedSeen).toBeGreaterThan(0);
    expect(lostSeen).toBeGreaterThan(0);
  }, 240_000);
});
