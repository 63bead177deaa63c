import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/db/rows.js';
import { createAdmin } from '../../src/modules/admins/service.js';
import { DEMO_AGENT_LOGIN, DEMO_USER_PASSWORD, seedUsersDemo } from '../../src/modules/users/seed.js';
import { createTestApp, login, post, type TestApp } from '../helpers.js';
import { appPost, expectLedgerBalanced } from './users-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createAdmin(t.app.ctx.db, { username: 'admin', name: '管理员', password: 'admin123', roleCode: 'admin' });
});
afterAll(() => t.close());

describe('users demo data', () => {
  it('creates an agent tree, ~200 users with reviews pending, cards and a balanced ledger', async () => {
    const started = Date.now();
    await seedUsersDemo(t.app.ctx);
    const ms = Date.now() - started;
    const [c] = rows<Record<string, number>>(
      await t.app.ctx.db.execute(sql`SELECT
        (SELECT count(*)::int FROM agents) AS agents,
        (SELECT count(*)::int FROM agents WHERE level = 3) AS level3,
        (SELECT count(*)::int FROM users) AS users,
        (SELECT count(*)::int FROM users WHERE real_state = 1) AS pending,
        (SELECT count(*)::int FROM users WHERE real_state = 2) AS approved,
        (SELECT count(*)::int FROM users WHERE account_type = 1) AS simulated,
        (SELECT count(DISTINCT agent_id)::int FROM users) AS agents_used,
        (SELECT count(*)::int FROM user_banks) AS banks,
        (SELECT count(*)::int FROM fund_records) AS records,
        (SELECT count(DISTINCT type)::int FROM fund_records) AS types`),
    );
    expect(c!.users).toBe(200);
    expect(c!.agents).toBeGreaterThanOrEqual(5);
    expect(c!.level3).toBeGreaterThanOrEqual(1);
    expect(c!.pending).toBeGreaterThan(10);
    expect(c!.approved).toBeGreaterThan(50);
    expect(c!.simulated).toBeGreaterThan(5);
    expect(c!.agents_used).toBeGreaterThanOrEqual(5);
    expect(c!.banks).toBeGreaterThan(50);
    expect(c!.records).toBeGreaterThan(500);
    expect(c!.types).toBeGreaterThan(10);
    await expectLedgerBalanced(t);
    // the agent staff sign-in sees its subtree only
    const token = await login(t, DEMO_AGENT_LOGIN.username, DEMO_AGENT_LOGIN.password);
    const mine = (await post(t, '/admin/user/list.do', {}, { token })).json().data.total;
    expect(mine).toBeGreaterThan(0);
    expect(mine).toBeLessThan(200);
    // demo users can sign in to the app
    const [u] = rows<{ phone: string }>(
      await t.app.ctx.db.execute(sql`SELECT phone FROM users WHERE NOT login_locked ORDER BY id LIMIT 1`),
    );
    expect(
      (await appPost(t, '/app/user/login.do', { phone: u!.phone, password: DEMO_USER_PASSWORD }, { ip: '10.40.0.1' })).json().status,
    ).toBe(0);
    // a second run does nothing
    await seedUsersDemo(t.app.ctx);
    expect(rows<{ n: number }>(await t.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM users`))[0]!.n).toBe(200);
    console.log(`[seed] users demo data: ${JSON.stringify(c)} in ${ms} ms (${t.app.ctx.database.kind})`);
  }, 180_000);
});
