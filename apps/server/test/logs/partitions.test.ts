import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/db/rows.js';
import { maintainLogPartitions, monthsOf, PARTITIONED_LOGS } from '../../src/modules/logs/retention.js';
import { monthOf, monthsAgo } from './months.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';

/**
 * Issue 51: the logs that grow without bound are partitioned by month (migration 0446) on PGlite and, in CI's second
 * phase, on PostgreSQL: rows land in their month, a row written for a month that had no partition yet is moved into
 * its own when the job runs, and a month past the retention is dropped whole while the current month stays.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signedIn(t, 'admin')).token;
});
afterAll(() => t?.close());

const q = async <R>(text: ReturnType<typeof sql>) => rows<R>(await t.app.ctx.db.execute(text));
const partitionOf = async (table: string, id: number) =>
  (await q<{ p: string }>(sql`SELECT tableoid::regclass::text AS p FROM ${sql.identifier(table)} WHERE id = ${id}`))[0]?.p;

describe('partitioned logs', () => {
  it('each log is partitioned by month, the current one and three ahead made, its indexes on every partition', async () => {
    const now = monthOf(new Date());
    for (const log of PARTITIONED_LOGS) {
      const [p] = await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM pg_partitioned_table WHERE partrelid = to_regclass(${log})`);
      expect(p!.n, log).toBe(1);
      const months = await monthsOf(t.app.ctx.db, log);
      expect(months, log).toContain(now);
      expect(months.filter((m) => m > now).length, log).toBeGreaterThanOrEqual(3);
    }
    // the sign-in of this test is in this month's partition, and the list still reads it
    const [row] = await q<{ id: number }>(sql`SELECT id::int FROM login_log ORDER BY id DESC LIMIT 1`);
    expect(await partitionOf('login_log', row!.id)).toBe(`login_log_p${now.replace('-', '')}`);
    const list = (await post(t, '/admin/log/loginList.do', { pageNum: 1, pageSize: 5 }, { token, json: true })).json();
    expect(list.status).toBe(0);
    expect(list.data.list.map((r: { id: number }) => r.id)).toContain(row!.id);
  });

  it('a row dated before any month existed waits in the default partition, then the job moves it into its month', async () => {
    const old = monthsAgo(30);
    const [r] = await q<{ id: number }>(sql`
      INSERT INTO sms_log (phone, kind, content, provider, result, created_at)
      VALUES ('13800000000', 'verify', 'x', 'test', 'ok', ${old.toISOString()}) RETURNING id::int`);
    expect(await partitionOf('sms_log', r!.id)).toBe('sms_log_default');
    await maintainLogPartitions(t.app.ctx.db, { login_log: 120, user_login_log: 120, sms_log: 120, push_log: 120 });
    expect(await partitionOf('sms_log', r!.id)).toBe(`sms_log_p${monthOf(old).replace('-', '')}`);
    const [d] = await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM sms_log_default`);
    expect(d!.n).toBe(0);
  });

  it('a month past the retention is dropped with its rows; the months kept and the current one are untouched', async () => {
    const at = (n: number) => monthsAgo(n).toISOString();
    const ids = await q<{ id: number; n: number }>(sql`
      INSERT INTO login_log (username, result, created_at)
      SELECT 'retention-' || n, 'ok', ts FROM (VALUES (14, ${at(14)}::timestamptz), (13, ${at(13)}::timestamptz),
        (11, ${at(11)}::timestamptz), (0, now())) AS v(n, ts)
      RETURNING id::int, substr(username, 11)::int AS n`);
    await maintainLogPartitions(t.app.ctx.db, { login_log: 12, user_login_log: 120, sms_log: 120, push_log: 120 });
    const left = (await q<{ username: string }>(sql`SELECT username FROM login_log WHERE username LIKE 'retention-%'`)).map(
      (x) => x.username,
    );
    expect(left.sort()).toEqual(['retention-0', 'retention-11']);
    const months = await monthsOf(t.app.ctx.db, 'login_log');
    expect(months).not.toContain(monthOf(monthsAgo(13)));
    expect(months).not.toContain(monthOf(monthsAgo(14)));
    expect(months).toContain(monthOf(monthsAgo(11)));
    expect(months).toContain(monthOf(new Date()));
    expect(ids).toHaveLength(4);
    // the other logs kept everything
    expect(await monthsOf(t.app.ctx.db, 'sms_log')).toContain(monthOf(monthsAgo(30)));
    // running it again changes nothing
    const again = await maintainLogPartitions(t.app.ctx.db, { login_log: 12, user_login_log: 120, sms_log: 120, push_log: 120 });
    expect(again.login_log).toEqual({ created: 0, dropped: [] });
  });

  it('the job is registered and runs from the task page', async () => {
    const su = (await signedIn(t, 'super')).token;
    const r = (await post(t, '/admin/task/run.do', { key: 'log-partitions' }, { token: su, json: true })).json();
    expect(r.status).toBe(0);
  });
});
