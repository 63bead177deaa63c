import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rows } from '../../src/db/rows.js';
import { adminSessions } from '../../src/modules/session/tables.js';
import { scheduledTaskRuns, scheduledTasks } from '../../src/modules/tasks/tables.js';
import { registerJob } from '../../src/jobs/index.js';
import { jobByKey } from '../../src/jobs/registry.js';
import { startRun, syncTasks, tick } from '../../src/modules/tasks/runner.js';
import { nextRunAfter, validateSchedule } from '../../src/jobs/schedule.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';
import { makeRole, oplogRows, superUser, withRole } from '../admins/admins-helpers.js';

let calls = 0;
registerJob({ key: 'test-count', name: { zh: '计数', en: 'Count' }, schedule: '@every 1h', run: async () => ({ n: ++calls }) });
registerJob({
  key: 'test-fail',
  name: { zh: '失败任务', en: 'Failing job' },
  schedule: '0 2 * * *',
  run: async () => {
    throw new Error('boom: upstream unavailable');
  },
});
let release: () => void = () => {};
registerJob({
  key: 'test-slow',
  name: { zh: '慢任务', en: 'Slow job' },
  schedule: '@every 1d',
  run: () => new Promise((r) => (release = () => r({ slow: true }))),
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (url: string, body: Record<string, unknown>, token: string, lang?: string) =>
  post(t, `/admin/task/${url}`, body, { token, lang });

describe('schedules', () => {
  it('accepts cron expressions (Asia/Shanghai) and @every intervals, refuses the rest', () => {
    expect(() => validateSchedule('0 3 * * *')).not.toThrow();
    expect(() => validateSchedule('@every 15m')).not.toThrow();
    for (const bad of ['every day', '61 * * * *', '@every 5x', '@every 0s']) expect(() => validateSchedule(bad), bad).toThrow();
    // 03:00 Shanghai = 19:00 UTC the day before
    expect(nextRunAfter('0 3 * * *', new Date('2026-01-01T12:00:00Z'))!.toISOString()).toBe('2026-01-01T19:00:00.000Z');
    expect(nextRunAfter('@every 2h', new Date('2026-01-01T00:00:00Z'))!.toISOString()).toBe('2026-01-01T02:00:00.000Z');
    expect(() => registerJob({ key: 'test-count', name: { zh: 'x', en: 'x' }, schedule: '@every 1h', run: async () => null })).toThrow(
      /twice/,
    );
  });
});

describe('task endpoints', () => {
  it('lists every job with its schedule, next run and last result', async () => {
    const s = await signedIn(t, 'admin');
    const r = (await call('list.do', { pageSize: 100 }, s.token)).json();
    expect(r.status).toBe(0);
    const cleanup = r.data.list.find((x: { key: string }) => x.key === 'session-cleanup');
    expect(cleanup).toMatchObject({
      name: '会话清理',
      schedule: '30 3 * * *',
      defaultSchedule: '30 3 * * *',
      enabled: true,
      running: false,
      lastResult: null,
    });
    expect(new Date(cleanup.nextRunAt).getTime()).toBeGreaterThan(Date.now());
    const en = (await call('list.do', { pageSize: 100 }, s.token, 'en-US')).json();
    expect(en.data.list.find((x: { key: string }) => x.key === 'session-cleanup').name).toBe('Session cleanup');
  });

  it('runs session cleanup now: old revoked and expired sessions go, live ones stay; the run is recorded and audited', async () => {
    const s = await signedIn(t, 'admin');
    const old = await signedIn(t, 'support');
    const db = t.app.ctx.db;
    const [a] = await db
      .insert(adminSessions)
      .values({
        adminId: old.id,
        tokenHash: 'old-revoked',
        expiresAt: new Date(),
        revokedAt: new Date(Date.now() - 31 * 86400_000),
        revokeReason: 'logout',
      })
      .returning();
    const [b] = await db
      .insert(adminSessions)
      .values({ adminId: old.id, tokenHash: 'old-expired', expiresAt: new Date(Date.now() - 40 * 86400_000) })
      .returning();
    const [c] = await db
      .insert(adminSessions)
      .values({
        adminId: old.id,
        tokenHash: 'recent-revoked',
        expiresAt: new Date(),
        revokedAt: new Date(Date.now() - 86400_000),
        revokeReason: 'logout',
      })
      .returning();
    const r = (await call('run.do', { key: 'session-cleanup' }, s.token)).json();
    expect(r.status).toBe(0);
    expect(r.data).toMatchObject({
      taskKey: 'session-cleanup',
      taskName: '会话清理',
      trigger: 'manual',
      adminId: s.id,
      result: 'ok',
      error: null,
      summary: { deleted: 2 },
    });
    const left = (await db.select({ id: adminSessions.id }).from(adminSessions)).map((x) => x.id);
    expect(left).not.toContain(a!.id);
    expect(left).not.toContain(b!.id);
    expect(left).toContain(c!.id);
    expect((await post(t, '/admin/system/current.do', {}, { token: old.token })).json().status).toBe(0);

    const list = (await call('list.do', { pageSize: 100 }, s.token)).json().data.list;
    expect(list.find((x: { key: string }) => x.key === 'session-cleanup')).toMatchObject({
      lastResult: 'ok',
      lastError: null,
      running: false,
    });
    const runs = (await call('runs.do', { taskKey: 'session-cleanup' }, s.token)).json().data;
    expect(runs.total).toBe(1);
    expect(runs.list[0].durationMs).toBeGreaterThanOrEqual(0);
    const log = (await oplogRows(t, '/admin/task/run.do')).at(-1)!;
    expect(log).toMatchObject({ module: 'tasks', result: 'ok', target_id: 'session-cleanup' });
  });

  it('records a failing job with its error', async () => {
    const s = await signedIn(t, 'admin');
    const r = (await call('run.do', { key: 'test-fail' }, s.token)).json();
    expect(r.data).toMatchObject({ result: 'error', error: 'boom: upstream unavailable' });
    const task = (await call('list.do', { pageSize: 100 }, s.token)).json().data.list.find((x: { key: string }) => x.key === 'test-fail');
    expect(task).toMatchObject({ lastResult: 'error', lastError: 'boom: upstream unavailable' });
    const errors = (await call('runs.do', { result: 'error' }, s.token)).json().data.list;
    expect(errors.every((x: { result: string }) => x.result === 'error')).toBe(true);
    expect((await call('run.do', { key: 'no-such-task' }, s.token)).json().msg).toBe('定时任务不存在');
  });

  it('answers run-now of a long job while it still runs, and refuses a second run meanwhile', async () => {
    const s = await signedIn(t, 'admin');
    const { runNow } = await import('../../src/modules/tasks/service.js');
    const adminP = t.app.ctx.authenticate(s.token);
    const run = await runNow(t.app.ctx, (await adminP)!, 'zh-CN', 'test-slow', () => {}, 50);
    expect(run.result).toBe('running');
    const list = (await call('list.do', { pageSize: 100 }, s.token)).json().data.list;
    expect(list.find((x: { key: string }) => x.key === 'test-slow').running).toBe(true);
    expect((await call('run.do', { key: 'test-slow' }, s.token)).json()).toMatchObject({ status: 1, msg: '该任务正在运行中，请稍后再试' });
    release();
    await expect.poll(async () => (await call('runs.do', { taskKey: 'test-slow' }, s.token)).json().data.list[0].result).toBe('ok');
  });

  it('enables, disables and reschedules a task, audited; a bad schedule is status 2', async () => {
    const su = await superUser(t);
    const off = (await call('update.do', { key: 'test-count', enabled: false }, su.token)).json();
    expect(off.data).toMatchObject({ enabled: false, nextRunAt: null });
    const on = (await call('update.do', { key: 'test-count', enabled: 'true', schedule: '*/5 * * * *' }, su.token)).json();
    expect(on.data).toMatchObject({ enabled: true, schedule: '*/5 * * * *', defaultSchedule: '@every 1h' });
    expect(new Date(on.data.nextRunAt).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    expect((await call('update.do', { key: 'test-count', schedule: 'default' }, su.token)).json().data.schedule).toBe('@every 1h');
    const bad = (await call('update.do', { key: 'test-count', schedule: 'whenever' }, su.token)).json();
    expect(bad.status).toBe(2);
    expect(bad.msg).toContain('schedule');
    const log = (await oplogRows(t, '/admin/task/update.do')).filter((l) => l.result === 'ok');
    expect(log[0]!.summary).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
    expect(log[0]!.target_id).toBe('test-count');
  });
});

describe('task permissions', () => {
  it('needs scheduledtasks: query to read, edit (+ enable / disable) to change or run', async () => {
    const none = await signedIn(t, 'support');
    expect((await call('list.do', {}, none.token)).statusCode).toBe(403);
    expect((await call('runs.do', {}, none.token)).statusCode).toBe(403);
    const reader = await withRole(t, await makeRole(t, { scheduledtasks: ['query'] }));
    expect((await call('list.do', {}, reader.token)).json().status).toBe(0);
    expect((await call('run.do', { key: 'test-count' }, reader.token)).statusCode).toBe(403);
    expect((await call('update.do', { key: 'test-count', enabled: false }, reader.token)).statusCode).toBe(403);
    const editor = await withRole(t, await makeRole(t, { scheduledtasks: ['query', 'edit'] }));
    const r = await call('update.do', { key: 'test-count', enabled: false }, editor.token);
    expect(r.statusCode).toBe(403);
    expect(r.json().msg).toBe('无权限：缺少 scheduledtasks 的 disable 权限');
    expect((await call('update.do', { key: 'test-count', schedule: '@every 2h' }, editor.token)).json().status).toBe(0);
  });
});

describe('runner', () => {
  it('runs a due job once per slot even when ticks race, then schedules the next slot; disabled jobs wait', async () => {
    await syncTasks(t.app.ctx);
    const db = t.app.ctx.db;
    await db
      .update(scheduledTasks)
      .set({ enabled: true, schedule: '@every 1h', nextRunAt: new Date(Date.now() - 1000) })
      .where(eq(scheduledTasks.key, 'test-count'));
    await db
      .update(scheduledTasks)
      .set({ nextRunAt: new Date(Date.now() + 3600_000) })
      .where(sql`key <> 'test-count'`);
    const before = calls;
    const starts = (await Promise.all([tick(t.app.ctx), tick(t.app.ctx), tick(t.app.ctx)])).flat();
    await Promise.all(starts.map((s) => s.finished));
    expect(calls - before).toBe(1);
    expect(starts.filter((s) => s.state === 'started')).toHaveLength(1);
    const [task] = await db.select().from(scheduledTasks).where(eq(scheduledTasks.key, 'test-count'));
    expect(task!.nextRunAt!.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    expect(task!.lastResult).toBe('ok');
    const runs = await db.select().from(scheduledTaskRuns).where(eq(scheduledTaskRuns.taskKey, 'test-count'));
    expect(runs.at(-1)).toMatchObject({ trigger: 'schedule', result: 'ok', summary: { n: calls } });
    // after the slot: nothing due
    expect(await tick(t.app.ctx)).toEqual([]);
    // a declined attempt has let go of the job when it answers: a run-now straight after one starts
    const late = await startRun(t.app.ctx, jobByKey('test-count')!, 'schedule');
    expect(late.state).toBe('skipped');
    const now = await startRun(t.app.ctx, jobByKey('test-count')!, 'manual');
    expect(now.state).toBe('started');
    await now.finished;
    expect(calls - before).toBe(2);
    // disabled: not run even when due
    await db
      .update(scheduledTasks)
      .set({ enabled: false, nextRunAt: new Date(Date.now() - 1000) })
      .where(eq(scheduledTasks.key, 'test-count'));
    expect(await tick(t.app.ctx)).toEqual([]);
    expect(calls - before).toBe(2);
  });

  it('marks a run left "running" by a stopped instance as interrupted', async () => {
    const db = t.app.ctx.db;
    const [stale] = await db
      .insert(scheduledTaskRuns)
      .values({ taskKey: 'test-count', trigger: 'schedule', instance: 'gone:1' })
      .returning();
    const s = await startRun(
      t.app.ctx,
      { key: 'test-count', name: { zh: '', en: '' }, schedule: '@every 1h', run: async () => null },
      'manual',
    );
    await s.finished;
    const [row] = await db.select().from(scheduledTaskRuns).where(eq(scheduledTaskRuns.id, stale!.id));
    expect(row!.result).toBe('interrupted');
  });

  it('starts from main.ts and stops cleanly', async () => {
    // the server as `npm run dev` starts it, job runner on, on an in-memory PGlite of its own (also in PostgreSQL runs)
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const k of ['DATABASE_URL', 'REDIS_URL', 'WEB_CONCURRENCY']) delete env[k];
    Object.assign(env, {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      SEED_DEMO: 'false',
      JOBS_ENABLED: 'true',
      LOG_LEVEL: 'info',
      SECRET_KEY: 'test-secret-key-0123456789',
      QUOTE_INTERVAL_MS: '60000',
    });
    const serverDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout!.on('data', (d: Buffer) => (out += d));
    child.stderr!.on('data', (d: Buffer) => (err += d));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    try {
      const deadline = Date.now() + 120_000; // tsx under the browser suite beside it: a slow start, not a failure
      while (!out.includes(`Stock Admin is serving on http://127.0.0.1:${port} (database: memory://)`)) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`main.ts did not start:\n${out}\n${err}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });

      const stopAt = Date.now();
      child.kill('SIGTERM');
      // jobs stopped, app and database closed, then exit 0 — well before main.ts's 10 s forced exit (code 1)
      expect(await exited).toEqual({ code: 0, signal: null });
      expect(Date.now() - stopAt).toBeLessThan(8_000);
      const logged = out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { msg?: string; signal?: string; level: number });
      expect(logged.find((l) => l.msg === 'shutting down')).toMatchObject({ signal: 'SIGTERM' });
      expect(logged.filter((l) => l.level >= 50)).toEqual([]);
      expect(err).toBe('');
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }, 90_000);
});

describe.runIf(process.env.DATABASE_URL)('two instances on one PostgreSQL database', () => {
  it('run each slot once: the advisory lock stops overlap, the slot claim stops a re-run', async () => {
    const { openDatabase } = await import('../../src/db/client.js');
    const { buildApp } = await import('../../src/app.js');
    const schema = rows<{ s: string }>(await t.app.ctx.db.execute(sql`SELECT current_schema() AS s`))[0]!.s;
    const db2 = await openDatabase({ databaseUrl: t.config.DATABASE_URL, dataDir: t.config.dataDir, schemaName: schema, poolSize: 4 });
    const app2 = await buildApp({ config: t.config, database: db2 });
    try {
      let runs = 0;
      const def = registerJob({
        key: 'test-overlap',
        name: { zh: '重叠', en: 'Overlap' },
        schedule: '@every 1h',
        run: async () => {
          runs++;
          await new Promise((r) => setTimeout(r, 300));
          return { runs };
        },
      });
      await syncTasks(t.app.ctx);
      const due = () =>
        t.app.ctx.db
          .update(scheduledTasks)
          .set({ enabled: true, nextRunAt: new Date(Date.now() - 1000) })
          .where(eq(scheduledTasks.key, def.key));
      await due();
      // both instances start the same slot at once: one runs, the other finds the lock held (or the slot taken)
      const [a, b] = await Promise.all([startRun(t.app.ctx, def, 'schedule'), startRun(app2.ctx, def, 'schedule')]);
      expect([a.state, b.state].filter((s) => s === 'started')).toHaveLength(1);
      await Promise.all([a.finished, b.finished]);
      expect(runs).toBe(1);
      // the slot is taken: a late instance does not run it again
      expect((await startRun(app2.ctx, def, 'schedule')).state).toBe('skipped');
      // ...and has let go of the job when it says so: a run-now straight after it starts
      const m = await startRun(app2.ctx, def, 'manual');
      expect(m.state).toBe('started');
      await m.finished;
      expect(runs).toBe(2);
      // the next slot runs on whichever instance gets there
      await due();
      const c = await startRun(app2.ctx, def, 'schedule');
      expect(c.state).toBe('started');
      await c.finished;
      expect(runs).toBe(3);
      const history = await t.app.ctx.db.select().from(scheduledTaskRuns).where(eq(scheduledTaskRuns.taskKey, def.key));
      expect(history.map((h) => h.result)).toEqual(['ok', 'ok', 'ok']);
    } finally {
      await app2.close();
      await db2.close();
    }
  });
});

/** A TCP port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
