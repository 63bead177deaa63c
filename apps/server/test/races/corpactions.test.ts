import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_STOCK_RISK } from '@stock-admin/contracts';
import { rows } from '../../src/db/rows.js';
import { runDue } from '../../src/modules/corpactions/run.js';
import { setReferencePrices } from '../../src/modules/market/store.js';
import { credit, makeUser } from '../funds/funds.helpers.js';
import { post, signedIn, type TestApp } from '../helpers.js';
import { sleep } from '../realtime/realtime.helpers.js';
import { twoInstances } from './instances.js';
import { ledgerVerified, report } from './kit.js';

/**
 * Issue 62: the ex-date job on two instances at once (PostgreSQL): every position is adjusted once, its dividend
 * posted once, one run records it, and the ledger holds.
 */
const PG = !!process.env.DATABASE_URL;
let inst: Awaited<ReturnType<typeof twoInstances>>;
let apps: TestApp[];
let maker: string;
let checker: string;
const HOLDERS = 40;

beforeAll(async () => {
  if (!PG) return;
  inst = await twoInstances({ QUOTE_INTERVAL_MS: '200', QUOTE_CLOCK_START: '2026-11-24T10:00:00+08:00', QUOTE_SEED: 'races-corp' });
  apps = [inst.a, inst.b];
  maker = (await signedIn(inst.a, 'admin')).token;
  checker = (await signedIn(inst.a, 'admin')).token;
  await setReferencePrices(inst.a.app.ctx.db, [{ gid: 'sh600036', prevClose: '40.00' }]);
  expect(
    (await post(inst.a, '/admin/stock/add.do', { code: '600036', name: '招商银行', market: 'sh' }, { token: maker })).json().status,
  ).toBe(0);
  const cur = (await post(inst.a, '/admin/risk/stock/get.do', {}, { token: maker })).json().data;
  await post(inst.a, '/admin/risk/stock/update.do', { ...DEFAULT_STOCK_RISK, version: cur.version }, { token: maker, json: true });
  for (let i = 0; i < 200 && !apps.every((t) => t.app.market.tradablePrice('sh600036')); i++) await sleep(50);
}, 120_000);
afterAll(async () => {
  if (!PG) return;
  report('corporate-action runs');
  await inst.close();
});

describe.skipIf(!PG)('the ex-date job on two instances', () => {
  it('adjusts every position once and posts each dividend once', async () => {
    const db = inst.a.app.ctx.db;
    const price = inst.a.app.market.tradablePrice('sh600036')!;
    for (let i = 0; i < HOLDERS; i++) {
      const u = await makeUser(inst.a);
      await credit(inst.a, u, '100000.00');
      const r = (
        await post(
          apps[i % 2]!,
          '/admin/position/create.do',
          { userId: u, gid: 'sh600036', direction: i % 3 ? 'long' : 'short', shares: 1000, leverage: 5, price },
          { token: maker, json: true },
        )
      ).json();
      expect(r.status, r.msg).toBe(0);
    }
    await db.execute(sql`UPDATE positions SET opened_at = '2026-11-20T10:00:00+08:00' WHERE gid = 'sh600036'`);
    const held = (
      await post(
        inst.a,
        '/admin/corpaction/add.do',
        { gid: 'sh600036', cashPerShare: '0.5', recordDate: '2026-11-23', exDate: '2026-11-24' },
        {
          token: maker,
          json: true,
        },
      )
    ).json();
    expect(held.status, held.msg).toBe(0);
    const ok = (
      await post(inst.b, '/admin/approval/decide.do', { id: held.data.approval.id, approve: true }, { token: checker, json: true })
    ).json();
    expect(ok.status, ok.msg).toBe(0);
    // entered before its ex-date: the job's to apply, once its quote has gone ex (on whichever instance ticks)
    await db.execute(sql`UPDATE corp_actions SET created_at = '2026-11-20T10:00:00+08:00' WHERE gid = 'sh600036'`);
    for (const t of apps) t.app.market.symbolsChanged();
    for (let i = 0; i < 200; i++) {
      const [x] = rows<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM quote_ex_rights`));
      if (x!.n) break;
      await sleep(50);
    }
    const results = await Promise.all([runDue(inst.a.app.ctx), runDue(inst.b.app.ctx), runDue(inst.a.app.ctx), runDue(inst.b.app.ctx)]);
    expect(results.reduce((n, r) => n + r.positions, 0)).toBe(HOLDERS);
    expect(results.filter((r) => r.run != null)).toHaveLength(1);
    const [counts] = rows<{ adjusted: number; distinct_positions: number; dividends: number; runs: number }>(
      await db.execute(sql`
        SELECT (SELECT count(*)::int FROM position_adjustments) AS adjusted,
               (SELECT count(DISTINCT position_id)::int FROM position_adjustments) AS distinct_positions,
               (SELECT count(*)::int FROM fund_records WHERE type = 'dividend') AS dividends,
               (SELECT count(*)::int FROM corp_action_runs) AS runs`),
    );
    expect(counts).toEqual({ adjusted: HOLDERS, distinct_positions: HOLDERS, dividends: HOLDERS, runs: 1 });
    expect((await runDue(inst.b.app.ctx)).positions).toBe(0);
    await ledgerVerified(inst.a);
  }, 120_000);
});
