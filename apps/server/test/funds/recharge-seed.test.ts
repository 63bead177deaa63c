import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/db/rows.js';
import { seedFunds } from '../../src/modules/funds/seed.js';
import { createTestApp, get, signedIn, type TestApp } from '../helpers.js';
import { ledgerOk, makeUser } from './funds.helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await signedIn(t, 'finance');
  // what the users seeder leaves: real verified users (some without a bank card), and others
  for (let i = 0; i < 12; i++) await makeUser(t, { bank: i % 3 !== 0 });
  await makeUser(t, { realState: 1 });
  await makeUser(t, { accountType: 1 });
  await seedFunds(t.app.ctx);
});
afterAll(() => t.close());

describe('funds demo data', () => {
  it('creates channels of several types, three tiers with channels, history in every status, and a ledger that verifies', async () => {
    const channels = rows<{ type: string }>(await t.app.ctx.db.execute(sql`SELECT DISTINCT type FROM pay_channels`))
      .map((r) => r.type)
      .sort();
    expect(channels).toEqual(['alipay', 'bank', 'gateway', 'usdt', 'wechat']);
    const tiers = rows<{ layering_name: string; is_default: boolean; n: number }>(
      await t.app.ctx.db.execute(
        sql`SELECT t.layering_name, t.is_default, count(cl.id)::int AS n FROM layering_tiers t LEFT JOIN channel_layering cl ON cl.layering_id = t.id GROUP BY t.id ORDER BY t.id`,
      ),
    );
    expect(tiers).toHaveLength(3);
    expect(tiers.every((x) => x.n > 0)).toBe(true);
    expect(tiers.filter((x) => x.is_default)).toHaveLength(1);

    const dep = rows<{ status: number; n: number }>(
      await t.app.ctx.db.execute(sql`SELECT status, count(*)::int AS n FROM recharge_orders GROUP BY status ORDER BY status`),
    );
    expect(dep.map((d) => d.status)).toEqual([0, 1, 2, 3]);
    const wd = rows<{ status: number; n: number }>(
      await t.app.ctx.db.execute(sql`SELECT status, count(*)::int AS n FROM withdrawals GROUP BY status ORDER BY status`),
    );
    expect(wd.map((d) => d.status)).toEqual([0, 1, 2, 3]);
    expect(await ledgerOk(t)).toBe(true);

    // the recompute placed some users above the default tier
    const placed = rows<{ n: number }>(
      await t.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM users WHERE layering_id IS NOT NULL`),
    )[0]!.n;
    expect(placed).toBeGreaterThan(0);

    // the header badges have work
    const admin = await signedIn(t, 'finance');
    const counts = (await get(t, '/admin/system/count.do', {}, { token: admin.token })).json().data;
    expect(counts['2']).toBeGreaterThan(0);
    expect(counts.recharge).toBeGreaterThan(0);
  });
});
