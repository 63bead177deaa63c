import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_STOCK_RISK } from '@stock-admin/contracts';
import { rows } from '../../src/db/rows.js';
import { verifyLedger } from '../../src/modules/fundrecords/ledger/index.js';
import Decimal from 'decimal.js';
import { closeThrough } from '../../src/modules/close/service.js';
import { runDue } from '../../src/modules/corpactions/run.js';
import { seedCorpActions } from '../../src/modules/corpactions/seed.js';
import { sweepPositions } from '../../src/modules/trading/sweep.js';
import { balances, credit, makeAgent, makeUser } from '../funds/funds.helpers.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';
import { sleep } from '../realtime/realtime.helpers.js';

/**
 * Corporate actions across an ex-date (issue 62), against a vendor whose prices the test sets: the market's trading
 * day is Tuesday 2026-11-24 (QUOTE_CLOCK_START); the record date is the Monday before.
 */
const prices = new Map<string, { last: string; prevClose: string }>();
/**
 * A stock's ex-date prices, served once its action is entered. A real vendor's quote is ex-rights from the open; here
 * the action is entered on the ex-date itself, and a quote that went ex before it existed would be taken as the
 * reference already (and one that went ex after the service read it would be read with the old close).
 */
const exPrices = new Map<string, { last: string; prevClose: string }>();
let vendor: http.Server;
let t: TestApp;
let maker: string;
let checker: string;
const EX = '2026-11-24';
const RECORD = '2026-11-23';

beforeAll(async () => {
  vendor = http.createServer((req, res) => {
    const symbols = new URL(req.url!, 'http://x').searchParams.get('symbols')!.split(',');
    void (async () => {
      const entered = new Set<string>();
      if (exPrices.size && t)
        for (const r of rows<{ gid: string }>(await t.app.ctx.db.execute(sql`SELECT gid FROM corp_actions WHERE status <> 'cancelled'`)))
          entered.add(r.gid.slice(2));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          data: symbols.map((symbol) => {
            const code = symbol.slice(0, 6);
            const p = (entered.has(code) && exPrices.get(code)) || prices.get(code) || { last: '10.00', prevClose: '10.00' };
            return { symbol, ...p, bid: p.last, ask: p.last, volume: 100 };
          }),
        }),
      );
    })().catch(() => {
      // a poll in flight while afterAll drops the test's schema: the vendor answers as a failed vendor would, not
      // with an unhandled rejection that fails the run after every test passed (CI, stop 78)
      if (!res.headersSent) res.writeHead(503);
      res.end();
    });
  });
  await new Promise<void>((r) => vendor.listen(0, '127.0.0.1', r));
  t = await createTestApp({
    QUOTE_SOURCE: 'http',
    QUOTE_URL: `http://127.0.0.1:${(vendor.address() as AddressInfo).port}/q`,
    QUOTE_INTERVAL_MS: '100',
    // three intervals (the default) is 300 ms: a busy machine's slow answer would mark a quote stale, unpriced for the
    // watcher, and no test here is about a vendor gone quiet
    QUOTE_STALE_MS: '10000',
    QUOTE_CLOCK_START: '2026-11-24T10:00:00+08:00',
  });
  maker = (await signedIn(t, 'admin')).token;
  checker = (await signedIn(t, 'admin')).token;
  for (const [code, name] of [
    ['600036', '招商银行'],
    ['600000', '浦发银行'],
    ['601398', '工商银行'],
    ['601988', '中国银行'],
  ])
    expect((await post(t, '/admin/stock/add.do', { code, name, market: 'sh' }, { token: maker })).json().status).toBe(0);
  for (let i = 0; i < 400 && !t.app.market.tradablePrice('sh601988'); i++) await sleep(50);
  const cur = (await post(t, '/admin/risk/stock/get.do', {}, { token: maker })).json().data;
  await post(t, '/admin/risk/stock/update.do', { ...DEFAULT_STOCK_RISK, version: cur.version }, { token: maker, json: true });
});
afterAll(async () => {
  await t.close();
  vendor.closeAllConnections();
  vendor.close();
});

/** A position made by an operator, held since before the ex-date. */
async function position(
  userId: number,
  gid: string,
  o: { shares: number; leverage: number; price: string; direction?: 'long' | 'short'; takeProfit?: string; stopLoss?: string },
) {
  const r = (await post(t, '/admin/position/create.do', { userId, gid, direction: 'long', ...o }, { token: maker, json: true })).json();
  expect(r.status, r.msg).toBe(0);
  // an operator's position has no take-profit or stop-loss of its own: the user's, set in the app, are written here
  await t.app.ctx.db.execute(sql`
    UPDATE positions SET opened_at = '2026-11-20T10:00:00+08:00', take_profit = ${o.takeProfit ?? null}::numeric,
           stop_loss = ${o.stopLoss ?? null}::numeric
    WHERE id = ${r.data.id}`);
  return r.data.id as number;
}

/**
 * Waits for the quote service to show what the vendor now answers (a tick every 100 ms; a busy machine — the browser
 * suite beside — can take seconds), and fails naming it if it never does: a silent timeout let a test go on with the
 * old price.
 */
async function until(ok: () => boolean | Promise<boolean>, what: string) {
  for (let i = 0; i < 400 && !(await ok()); i++) await sleep(50);
  expect(await ok(), what).toBe(true);
}

/**
 * The stored quote (what the watcher's sweep reads) at `last`, fresh: a tick reaches the in-memory book and the
 * sockets before its statement is written, so a busy machine can show the new price in memory while the row is a
 * tick behind (CI once swept the twin against 10.00 and left it open).
 */
const storedAt = async (gid: string, last: string) =>
  rows<{ n: number }>(
    await t.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM quotes WHERE gid = ${gid} AND last = ${last}::numeric AND NOT stale`),
  )[0]!.n === 1;

const positionRow = async (id: number) =>
  rows<{ status: string; shares: number; buy_price: string; margin: string; take_profit: string | null; stop_loss: string | null }>(
    await t.app.ctx.db.execute(
      sql`SELECT status, shares, buy_price::text, margin::text, take_profit::text, stop_loss::text FROM positions WHERE id = ${id}`,
    ),
  )[0]!;

const lineRatio = async (userId: number) =>
  (await post(t, '/admin/position/list.do', { userId }, { token: maker }))
    .json()
    .data.list.map((p: { lineRatioPct: string }) => p.lineRatioPct);

/** A dual-control call: held for the checker, approved, and the action's effect returned. */
async function approved(path: string, body: Record<string, unknown>) {
  const held = (await post(t, path, body, { token: maker, json: true })).json();
  expect(held.status, held.msg).toBe(0);
  expect(held.data.approval?.id, 'held for a second administrator').toBeTruthy();
  const ok = (
    await post(t, '/admin/approval/decide.do', { id: held.data.approval.id, approve: true }, { token: checker, json: true })
  ).json();
  return ok;
}

/** The vendor will quote a stock ex-rights once its action is entered: its previous close the reference price. */
const exAt = (code: string, ref: string) => exPrices.set(code, { last: ref, prevClose: ref });

/** The quote went ex at the reference price (the action entered, the vendor's quote read with it). */
async function goEx(code: string, ref: string) {
  for (let i = 0; i < 400; i++) {
    const [r] = rows<{ n: number }>(
      await t.app.ctx.db.execute(sql`
        SELECT count(*)::int AS n FROM quote_ex_rights x JOIN corp_actions a ON a.id = x.action_id
        WHERE a.gid = ${`sh${code}`} AND x.ref_price = ${ref}::numeric`),
    );
    if (r!.n > 0 && t.app.market.tradablePrice(`sh${code}`) === ref) return;
    await sleep(50);
  }
  throw new Error(`sh${code} never went ex at ${ref}`);
}

const dividendRecords = async (userId: number) =>
  rows<{ amount: string; equity_delta: string; enable_delta: string }>(
    await t.app.ctx.db.execute(sql`
      SELECT amount::text, equity_delta::text, enable_delta::text FROM fund_records WHERE user_id = ${userId} AND type = 'dividend'`),
  );

describe('a 10派5元 dividend across its ex-date at 5× leverage', () => {
  it('credits the long, debits the short, keeps both accounts exactly as far from their lines, and closes no one', async () => {
    // yesterday closed at 10.50 and today trades at 10.00 on both stocks
    for (const code of ['600036', '600000']) prices.set(code, { last: '10.00', prevClose: '10.50' });
    await until(() => t.app.market.quote('sh600000')?.prevClose === '10.50', 'sh600000 quoted with its close of 10.50');
    // long: 1,000 × 11.50 at 5× (margin 2,300.00) and no free cash; at 10.00 its loss is 1,500 of a 1,840.00 line
    const long = await makeUser(t);
    await credit(t, long, '2305.00'); // margin + the smallest buy fee, 5.00
    const longPos = await position(long, 'sh600036', { shares: 1000, leverage: 5, price: '11.50', takeProfit: '12.50', stopLoss: '9.80' });
    // short: 1,000 × 10.00 at 5× (margin 2,000.00), 1,000.00 free, a user of an agent
    const agent = await makeAgent(t);
    const short = await makeUser(t, { agentId: agent });
    await credit(t, short, '3005.00');
    const shortPos = await position(short, 'sh600036', { shares: 1000, leverage: 5, price: '10.00', direction: 'short' });
    // the same long on a stock without an action: what the ex-date did to every holder before (the old code)
    const twin = await makeUser(t);
    await credit(t, twin, '2305.00');
    const twinPos = await position(twin, 'sh600000', { shares: 1000, leverage: 5, price: '11.50' });
    expect(await balances(t, long)).toMatchObject({ enableAmt: '0.00' });
    const before = { long: await lineRatio(long), short: await lineRatio(short) };
    expect(before.long).toEqual(['81.52']); // 1,500 / 1,840

    exAt('600036', '9.50');
    const added = await approved('/admin/corpaction/add.do', {
      gid: 'sh600036',
      cashPerShare: '0.5',
      recordDate: RECORD,
      exDate: EX,
      payDate: EX,
    });
    expect(added.status, added.msg).toBe(0);
    // the ex-date's open: both stocks fall by 0.50
    await goEx('600036', '9.50');
    prices.set('600000', { last: '9.50', prevClose: '10.00' });
    await until(() => t.app.market.tradablePrice('sh600000') === '9.50', 'sh600000 quoted at 9.50');
    await until(() => storedAt('sh600000', '9.50'), 'sh600000 stored at 9.50');
    // before the run has adjusted them, a stock gone ex is not priced for the watcher: its holders are left alone
    const sweep = await sweepPositions(t.app.ctx);
    expect((await positionRow(longPos)).status).toBe('open');
    // the twin's loss of 2,000 passed its 1,840 line: closed for a fall that, on sh600036, is a dividend
    expect((await positionRow(twinPos)).status).toBe('closed');
    expect(sweep.users).toBe(1);

    // entered after its ex-date began: the job leaves it to an operator's run
    expect((await runDue(t.app.ctx)).late).toBe(1);
    const ran = await approved('/admin/corpaction/run.do', { day: EX });
    expect(ran.status, ran.msg).toBe(0);

    // cash: exactly 1,000 × 0.50, credited to the long and debited from the short, out of and into their margins
    expect(await dividendRecords(long)).toEqual([{ amount: '500.00', equity_delta: '0.00', enable_delta: '500.00' }]);
    expect(await dividendRecords(short)).toEqual([{ amount: '-500.00', equity_delta: '0.00', enable_delta: '-500.00' }]);
    expect(await balances(t, long)).toMatchObject({ enableAmt: '500.00' });
    expect(await balances(t, short)).toMatchObject({ enableAmt: '500.00' });
    expect(await positionRow(longPos)).toEqual({
      status: 'open',
      shares: 1000,
      buy_price: '11.0000',
      margin: '1800.00',
      take_profit: '12.0000',
      stop_loss: '9.3000',
    });
    expect(await positionRow(shortPos)).toMatchObject({ shares: 1000, buy_price: '9.5000', margin: '2500.00' });
    // the lines: exactly where they were
    expect({ long: await lineRatio(long), short: await lineRatio(short) }).toEqual(before);
    await sweepPositions(t.app.ctx);
    expect((await positionRow(longPos)).status).toBe('open');
    expect((await positionRow(shortPos)).status).toBe('open');

    // the history, and a second run that finds nothing to do
    const hist = (await post(t, '/admin/corpaction/adjustments.do', { positionId: longPos }, { token: maker })).json().data.list;
    expect(hist).toEqual([
      expect.objectContaining({
        plan: '10派5元',
        sharesBefore: 1000,
        sharesAfter: 1000,
        priceBefore: '11.5000',
        priceAfter: '11.0000',
        cash: '500.00',
      }),
    ]);
    // the agent's staff see their subtree's adjustments only
    const staff = (await signedIn(t, 'agent', { agentId: agent })).token;
    const theirs = (await post(t, '/admin/corpaction/adjustments.do', {}, { token: staff })).json().data;
    expect([theirs.total, theirs.list.map((a: { userId: number }) => a.userId)]).toEqual([1, [short]]);
    // and what the action and its run moved, in their subtree
    const [mine] = (await post(t, '/admin/corpaction/list.do', { code: '600036' }, { token: staff })).json().data.list;
    expect(mine).toMatchObject({ positions: 1, credited: '0.00', debited: '500.00' });
    const [run] = (await post(t, '/admin/corpaction/runs.do', {}, { token: staff })).json().data.list;
    expect(run).toMatchObject({ positions: 1, credited: '0.00', debited: '500.00' });
    const staffRun = (await post(t, '/admin/corpaction/run.do', { day: EX }, { token: staff, json: true })).json();
    expect(staffRun.status).not.toBe(0);
    const again = (await post(t, '/admin/corpaction/run.do', { day: EX }, { token: maker, json: true })).json();
    expect([again.status, again.msg]).toEqual([1, '2026-11-24 没有待执行的公司行动']);
    expect(await dividendRecords(long)).toHaveLength(1);
    const list = (await post(t, '/admin/corpaction/list.do', { code: '600036' }, { token: maker })).json().data.list;
    expect(list[0]).toMatchObject({ status: 'applied', positions: 2, credited: '500.00', debited: '500.00', refPrice: '9.50' });
    expect((await verifyLedger(t.app.ctx.db)).offenders).toEqual([]);
  });
});

describe('a 10送10 on 300 shares', () => {
  it('gives 600 shares at half the cost with the lines halved: the P/L at the reference price is unchanged', async () => {
    const u = await makeUser(t);
    await credit(t, u, '5000.00');
    const p = await position(u, 'sh601398', { shares: 300, leverage: 2, price: '9.00', takeProfit: '12.00', stopLoss: '6.00' });
    const before = await positionRow(p);
    exAt('601398', '5.00');
    const a = await approved('/admin/corpaction/add.do', {
      gid: 'sh601398',
      bonusPer10: '10',
      recordDate: RECORD,
      exDate: EX,
    });
    expect(a.status, a.msg).toBe(0);
    await t.app.ctx.db.execute(sql`UPDATE corp_actions SET created_at = '2026-11-20T10:00:00+08:00' WHERE gid = 'sh601398'`);
    await goEx('601398', '5.00');
    // the job, twice at once: one of them applies it
    const [r1, r2] = await Promise.all([runDue(t.app.ctx), runDue(t.app.ctx)]);
    expect(r1.positions + r2.positions).toBe(1);
    expect(await positionRow(p)).toEqual({ ...before, shares: 600, buy_price: '4.5000', take_profit: '6.0000', stop_loss: '3.0000' });
    // P/L at 5.00: 600 × (5.00 − 4.50) = 300 × (10.00 − 9.00)
    const [row] = (await post(t, '/admin/position/list.do', { userId: u }, { token: maker })).json().data.list;
    expect(row.pnl ?? row.profit).toBe('300.00');
    expect(await dividendRecords(u)).toEqual([]);
    expect((await runDue(t.app.ctx)).positions).toBe(0);
  });
});

describe('a cancelled action', () => {
  it('never applies; a duplicate on the same stock and ex-date is refused naming the first', async () => {
    const id = 'sh601988';
    const a = await approved('/admin/corpaction/add.do', { gid: id, cashPerShare: '0.2', recordDate: RECORD, exDate: '2026-11-26' });
    expect(a.status, a.msg).toBe(0);
    const dup = (
      await post(
        t,
        '/admin/corpaction/add.do',
        { gid: id, bonusPer10: '5', recordDate: RECORD, exDate: '2026-11-26' },
        { token: maker, json: true },
      )
    ).json();
    expect(dup.status).toBe(1);
    expect(dup.msg).toMatch(/sh601988 在 2026-11-26 已有除权除息安排（#\d+ 10派2元）/);
    const [row] = (await post(t, '/admin/corpaction/list.do', { code: '601988' }, { token: maker })).json().data.list;
    const c = await approved('/admin/corpaction/cancel.do', { id: row.id, reason: '公告撤回' });
    expect(c.status, c.msg).toBe(0);
    const run = (await post(t, '/admin/corpaction/run.do', { day: '2026-11-26' }, { token: maker, json: true })).json();
    expect(run.status).toBe(1);
    // cancelled twice: the second is refused, naming what happened
    const twice = (await post(t, '/admin/corpaction/cancel.do', { id: row.id, reason: '重复' }, { token: maker, json: true })).json();
    expect([twice.status, twice.msg]).toEqual([1, '该公司行动已取消，不能再取消']);
    const [after] = (await post(t, '/admin/corpaction/list.do', { code: '601988' }, { token: maker })).json().data.list;
    expect(after).toMatchObject({ status: 'cancelled', cancelReason: '公告撤回', positions: 0 });
  });

  it('refuses bad input naming the field, in the caller’s language', async () => {
    const id = 'sh601988';
    const bad = async (body: Record<string, unknown>, lang = 'en-US') =>
      (
        await post(
          t,
          '/admin/corpaction/add.do',
          { gid: id, recordDate: RECORD, exDate: '2026-11-27', ...body },
          { token: maker, json: true, lang },
        )
      ).json();
    expect((await bad({})).msg).toMatch(/cashPerShare.*give a dividend, bonus, transfer or split/);
    expect((await bad({ cashPerShare: '-1' })).status).toBe(2);
    expect((await bad({ cashPerShare: '0.5', exDate: '2026-11-22' })).msg).toMatch(/exDate.*must come after the record date/);
    expect((await bad({ splitRatio: '1' })).msg).toMatch(/splitRatio/);
    expect((await bad({ cashPerShare: '0.5', exDate: '2026-11-20' }, 'zh-CN')).msg).toMatch(/exDate.*须晚于股权登记日/);
    // refused to the maker at once, not to the checker on approval: a day the exchange does not trade, a stock unknown
    expect((await bad({ cashPerShare: '0.5', exDate: '2026-11-28' }, 'zh-CN')).msg).toContain('2026-11-28 不是交易日');
    expect((await bad({ cashPerShare: '0.5', gid: 'sh688999' })).msg).toMatch(/gid.*No such stock/);
    // agent staff read, never enter
    const agentStaff = (await signedIn(t, 'agent', { agentId: await makeAgent(t) })).token;
    const refused = (
      await post(
        t,
        '/admin/corpaction/add.do',
        { gid: id, cashPerShare: '0.5', recordDate: RECORD, exDate: '2026-11-27' },
        { token: agentStaff, json: true },
      )
    ).json();
    expect(refused.status).not.toBe(0);
  });
});

describe("the ex-date's daily close", () => {
  it('lists the dividends under their own kind, with the cash they moved, and still balances', async () => {
    // everything this file booked, dated into the ex-date (no day of this database is closed yet)
    await t.app.ctx.db.execute(sql`UPDATE fund_records SET created_at = '2026-11-24T11:00:00+08:00'`);
    const s = await closeThrough(t.app.ctx, '2026-11-24', null);
    expect(s.checks.balanced).toBe(true);
    const dividends = s.movements.filter((m) => m.kind === 'dividend');
    // the long's +500.00 and the short's −500.00: equity unchanged, free cash moved both ways
    expect(dividends).toEqual([{ account: 'users', kind: 'dividend', count: 2, amount: '0.00', cash: '0.00' }]);
    const users = s.accounts.find((a) => a.account === 'users')!;
    const moved = s.movements.filter((m) => m.account === 'users').reduce((x, m) => x.plus(m.amount), new Decimal(0));
    expect(new Decimal(users.opening).plus(moved).toFixed(2)).toBe(users.closing);
  });
});

describe('the demo data', () => {
  it('runs on the market’s own clock: an action of its last trading day applied to the positions held then, others to come', async () => {
    await seedCorpActions(t.app.ctx);
    const list = (await post(t, '/admin/corpaction/list.do', { exFrom: '2026-11-23', pageSize: 50 }, { token: maker })).json().data
      .list as {
      gid: string;
      exDate: string;
      status: string;
      positions: number;
    }[];
    // the market's day is Tuesday 2026-11-24: its last trading day is Monday the 23rd, the next ones the 25th, 26th, 27th
    const past = list.find((a) => a.exDate === '2026-11-23')!;
    expect(past).toMatchObject({ gid: 'sh600036', status: 'applied', positions: 2 });
    expect(list.filter((a) => a.exDate > '2026-11-24' && a.status !== 'cancelled').map((a) => [a.exDate, a.status])).toEqual([
      ['2026-11-25', 'scheduled'],
    ]);
    await verifyLedger(t.app.ctx.db).then((r) => expect(r.offenders).toEqual([]));
  });
});
