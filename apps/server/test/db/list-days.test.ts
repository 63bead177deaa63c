import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/db/rows.js';
import { PERIOD_SKIP_MIN_OFFSET } from '../../src/db/days.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';
import { appUser, expectLedgerBalanced } from '../users/users-helpers.js';

// Deep pages that skip whole days (user_reg_days, fund_stats_day) and registration-time totals from
// user_reg_days must give exactly what a plain OFFSET / count(*) gives: same rows, same order, same
// totals, across day boundaries, ties on the time column, deleted users and rows added later.
let t: TestApp;
let admin: { token: string };
const USERS = 2600;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, 'admin');
  const db = t.app.ctx.db;
  // every 37 minutes from 2024-03-01 00:00 Shanghai (≈ 39 a day, 67 days); every 5th user shares the
  // registration time of the one before (ties are ordered by id); one in 13 is deleted
  await db.execute(sql`
    INSERT INTO users (phone, password_hash, reg_time, deleted_at)
    SELECT '1990' || lpad(i::text, 7, '0'), 'x',
           timestamptz '2024-03-01 00:00:00+08' + (i - CASE WHEN i % 5 = 0 THEN 1 ELSE 0 END) * interval '37 minutes',
           CASE WHEN i % 13 = 0 THEN now() END
    FROM generate_series(1, ${USERS}) i`);
  // two records per live user (balances back to zero, so the ledger still verifies), every 41 minutes
  await db.execute(sql`
    INSERT INTO fund_records (user_id, owner_agent_id, type, amount, equity_delta, enable_delta, user_amt_after, enable_amt_after, frozen_amt_after, created_at)
    SELECT u.id, u.agent_id, r.type, r.amount, r.amount, r.amount, r.after, r.after, 0,
           timestamptz '2024-01-01 00:00:00+08' + (2 * u.n + r.k) * interval '41 minutes'
    FROM (SELECT id, agent_id, row_number() OVER (ORDER BY id) AS n FROM users WHERE phone LIKE '1990%' AND deleted_at IS NULL) u
    CROSS JOIN (VALUES (0, 'recharge', 10.00, 10.00), (1, 'fee', -10.00, 0.00)) r (k, type, amount, after)`);
}, 60_000);
afterAll(() => t.close());

const list = (url: string, body: Record<string, unknown>) => post(t, url, body, { token: admin.token, json: true }).then((r) => r.json());

async function userPage(pageNum: number, pageSize: number, dir: 'asc' | 'desc') {
  const r = await list('/admin/user/list.do', { pageNum, pageSize, sortField: 'regTime', sortOrder: dir });
  expect(r.status).toBe(0);
  const expected = rows<{ id: number }>(
    await t.app.ctx.db.execute(
      sql`SELECT id FROM users WHERE deleted_at IS NULL ORDER BY reg_time ${sql.raw(dir)}, id ${sql.raw(dir)} LIMIT ${pageSize} OFFSET ${(pageNum - 1) * pageSize}`,
    ),
  ).map((x) => Number(x.id));
  return { api: r.data.list.map((u: { id: number }) => u.id) as number[], expected, total: r.data.total as number };
}

const liveUsers = async () =>
  Number(rows<{ n: string }>(await t.app.ctx.db.execute(sql`SELECT count(*) AS n FROM users WHERE deleted_at IS NULL`))[0]!.n);

// the fund-record case walks every owner's pages: 14 s alone on this machine, past 30 s when the cores are shared
describe('deep pages by day', { timeout: 90_000 }, () => {
  it('gives the rows of a plain offset for user pages past the threshold, both orders, to the end and beyond', async () => {
    const total = await liveUsers();
    expect(total).toBeGreaterThan(PERIOD_SKIP_MIN_OFFSET + 200);
    for (const dir of ['desc', 'asc'] as const) {
      for (const [pageNum, pageSize] of [
        [PERIOD_SKIP_MIN_OFFSET / 10 + 1, 10],
        [PERIOD_SKIP_MIN_OFFSET / 10 + 7, 10],
        [Math.ceil(PERIOD_SKIP_MIN_OFFSET / 7) + 3, 7],
        [Math.ceil(total / 13), 13], // the last page, partly filled
        [Math.ceil(total / 13) + 1, 13], // past the end: empty
        [Math.floor(PERIOD_SKIP_MIN_OFFSET / 25), 25], // just below the threshold (the plain path)
      ]) {
        const p = await userPage(pageNum!, pageSize!, dir);
        expect({ dir, pageNum, ids: p.api }).toEqual({ dir, pageNum, ids: p.expected });
        expect(p.total).toBe(total);
      }
    }
    // every page of one size (the walk lands on each day boundary once)
    for (let pageNum = PERIOD_SKIP_MIN_OFFSET / 50 + 1; (pageNum - 1) * 50 < total; pageNum++) {
      const p = await userPage(pageNum, 50, 'desc');
      expect({ pageNum, ids: p.api }).toEqual({ pageNum, ids: p.expected });
    }
  }, 60_000);

  it('stays exact after users are deleted, restored and registered', async () => {
    const db = t.app.ctx.db;
    await db.execute(sql`UPDATE users SET deleted_at = now() WHERE phone LIKE '1990%' AND id % 17 = 3 AND deleted_at IS NULL`);
    await db.execute(sql`UPDATE users SET deleted_at = NULL WHERE phone LIKE '1990%' AND id % 26 = 0`);
    for (let i = 0; i < 3; i++) await appUser(t);
    const total = await liveUsers();
    for (const dir of ['desc', 'asc'] as const) {
      for (const pageNum of [PERIOD_SKIP_MIN_OFFSET / 20 + 1, PERIOD_SKIP_MIN_OFFSET / 20 + 9, Math.ceil(total / 20)]) {
        const p = await userPage(pageNum, 20, dir);
        expect({ dir, pageNum, ids: p.api }).toEqual({ dir, pageNum, ids: p.expected });
        expect(p.total).toBe(total);
      }
    }
  });

  it('gives the rows of a plain offset for fund-record pages (default list, a type, every owner)', async () => {
    const db = t.app.ctx.db;
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'user_id IS NOT NULL'],
      [{ type: 'fee' }, `user_id IS NOT NULL AND type = 'fee'`],
      [{ owner: 'all', type: 'recharge,fee' }, `type IN ('recharge', 'fee')`],
    ];
    for (const [filter, where] of cases) {
      const [{ n }] = rows<{ n: string }>(await db.execute(sql`SELECT count(*) AS n FROM fund_records WHERE ${sql.raw(where)}`)) as [
        { n: string },
      ];
      const total = Number(n);
      const pages = [
        PERIOD_SKIP_MIN_OFFSET / 10 + 1,
        PERIOD_SKIP_MIN_OFFSET / 10 + 33,
        Math.ceil(total / 10),
        Math.ceil(total / 10) + 1,
      ].filter((p) => (p - 1) * 10 >= PERIOD_SKIP_MIN_OFFSET || p === Math.ceil(total / 10) + 1);
      expect(pages.length).toBeGreaterThan(1);
      for (const pageNum of pages) {
        const r = await list('/admin/cash/list.do', { ...filter, pageNum, pageSize: 10 });
        expect(r.status).toBe(0);
        const expected = rows<{ id: string }>(
          await db.execute(
            sql`SELECT id FROM fund_records WHERE ${sql.raw(where)} ORDER BY created_at DESC, id DESC LIMIT 10 OFFSET ${(pageNum - 1) * 10}`,
          ),
        ).map((x) => Number(x.id));
        expect({ filter, pageNum, ids: r.data.list.map((x: { id: number }) => x.id) }).toEqual({ filter, pageNum, ids: expected });
        expect(r.data.total).toBe(total);
      }
    }
  });
});

describe('registration-time totals by day', () => {
  it('counts any window exactly (whole days from user_reg_days, partial days from the users)', async () => {
    const windows: [string | undefined, string | undefined][] = [
      ['2024-03-05', '2024-03-20'],
      ['2024-03-05 10:00', '2024-03-20 06:30'],
      ['2024-03-10 01:00', '2024-03-10 23:00'],
      ['2024-03-31T00:00:00+08:00', undefined],
      [undefined, '2024-04-02T12:00:00.000Z'],
      ['2024-03-11T15:59:59.999Z', '2024-03-12T16:00:00.000Z'],
    ];
    for (const [regBeginTime, regEndTime] of windows) {
      const r = await list('/admin/user/list.do', { regBeginTime, regEndTime, pageSize: 5 });
      expect(r.status).toBe(0);
      const q = rows<{ n: string }>(
        await t.app.ctx.db.execute(sql`
          SELECT count(*) AS n FROM users WHERE deleted_at IS NULL
            AND reg_time >= ${from(regBeginTime)}::timestamptz AND reg_time < ${to(regEndTime)}::timestamptz`),
      );
      expect({ regBeginTime, regEndTime, total: r.data.total }).toEqual({ regBeginTime, regEndTime, total: Number(q[0]!.n) });
      expect(r.data.total).toBeGreaterThan(0);
    }
  });

  it('keeps the summaries and the ledger exact', async () => {
    await expectLedgerBalanced(t);
  });
});

/** The window's bounds as the list reads them: Shanghai local times, an end inclusive to the millisecond. */
function from(v: string | undefined): string {
  if (!v) return '-infinity';
  return /T/.test(v) ? v : `${v.replace(' ', 'T')}${v.length === 10 ? 'T00:00:00' : ':00'}+08:00`;
}
function to(v: string | undefined): string {
  if (!v) return 'infinity';
  const d = new Date(/T/.test(v) ? v : `${v.replace(' ', 'T')}${v.length === 10 ? 'T23:59:59.999' : ':00'}+08:00`);
  return new Date(d.getTime() + 1).toISOString();
}
