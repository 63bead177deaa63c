import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_PRODUCT_CONFIG, SUB_STATUS } from '@stock-admin/contracts';
import { rows } from '../../src/db/rows.js';
import { verifyLedger } from '../../src/modules/fundrecords/ledger/index.js';
import { convertListed, forfeitOverdue } from '../../src/modules/newshares/jobs.js';
import { multipart } from '../admins/admins-helpers.js';
import { appPost, appToken, balances, credit, makeAgent, makeUser } from '../funds/funds.helpers.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';

// Issue 23, the record side over HTTP: CSV batch allotment (order no or phone, all or nothing, per-row
// report), delete while pending, batch conversion with a per-id result, station messages at every step,
// the product switches on apply, the auto-convert flag of the listing-day job, and agent scoping.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({});
  admin = (await signedIn(t, 'admin')).token;
});
afterAll(() => t.close());

const db = () => t.app.ctx.db;
const shDay = (offsetDays = 0) => new Date(Date.now() + 8 * 3600_000 + offsetDays * 86400_000).toISOString().slice(0, 10);
const call = (path: string, body: Record<string, unknown>, o: { token?: string; lang?: string } = {}) =>
  post(t, path, body, { token: o.token ?? admin, json: true, lang: o.lang }).then((r) => ({ http: r.statusCode, ...r.json() }));
const app = (path: string, body: Record<string, unknown>, token: string, lang?: string) =>
  appPost(t, path, body, token, { json: true, lang }).then((r) => r.json());
const upload = (issueId: number, text: string, lang?: string) =>
  multipart(
    t,
    '/admin/subscribe/record/batchAllot.do',
    { issueId: String(issueId) },
    { file: { filename: 'allot.csv', type: 'text/csv', data: Buffer.from(text) } },
    { token: admin, lang },
  ).then((r) => r.json());
const ledgerOk = async () => expect((await verifyLedger(db())).offenders).toEqual([]);
const inbox = async (userId: number) =>
  rows<{ title: string; content: string }>(
    await db().execute(sql`SELECT m.title, m.content FROM station_message_recipients r JOIN station_messages m ON m.id = r.message_id
                           WHERE r.user_id = ${userId} ORDER BY m.id`),
  );

let seq = 0;
/** An issue subscribing today (Shanghai), listing in five days. */
async function newIssue(type: 'public' | 'placement', o: Record<string, unknown> = {}) {
  const code = String(603800 + ++seq);
  const r = await call('/admin/subscribe/add.do', {
    code,
    name: `测新${seq}`,
    market: 'sh',
    issuePrice: '10.00',
    issueSize: 1_000_000,
    maxPerUser: 10_000,
    subscribeType: type,
    subscribeDate: shDay(),
    allotDate: shDay(),
    payDeadline: shDay(1),
    listingDate: shDay(5),
    ...o,
  });
  expect(r.status).toBe(0);
  return r.data as { id: number; code: string; name: string };
}
async function subscriber(cash = '100000.00', o: Parameters<typeof makeUser>[1] = {}) {
  const id = await makeUser(t, o);
  await credit(t, id, cash);
  const [u] = rows<{ phone: string }>(await db().execute(sql`SELECT phone FROM users WHERE id = ${id}`));
  return { id, phone: u!.phone, token: await appToken(t, id) };
}
async function applyFor(issueId: number, u: { token: string }, quantity: number) {
  const r = await app('/app/newshares/apply.do', { issueId, quantity }, u.token);
  expect(r.status).toBe(0);
  return r.data as { id: number; orderNo: string };
}
async function setProduct(over: Record<string, unknown>) {
  const cur = (await post(t, '/admin/risk/product/get.do', {}, { token: admin })).json().data;
  const r = await call('/admin/risk/product/update.do', { ...DEFAULT_PRODUCT_CONFIG, ...over, version: cur.version });
  expect(r.status).toBe(0);
}
const statusOf = async (id: number) =>
  rows<{ status: number }>(await db().execute(sql`SELECT status FROM newshare_subscriptions WHERE id = ${id}`))[0]?.status;

describe('CSV batch allotment', () => {
  it('refuses the whole file when a row fails, with the report; then allots by order no and by phone, refunding placements', async () => {
    const issue = await newIssue('placement');
    const a = await subscriber();
    const b = await subscriber();
    const c = await subscriber();
    const sa = await applyFor(issue.id, a, 1000);
    const sb = await applyFor(issue.id, b, 2000);
    const sc = await applyFor(issue.id, c, 1000);
    expect((await balances(t, b.id)).frozenAmt).toBe('20000.00');

    const badFile = [
      'orderNo,phone,allotted',
      `${sa.orderNo},,500`,
      `,${b.phone},3000`,
      `,13000000000,100`,
      `${sc.orderNo},,abc`,
      `,,100`,
      `${sa.orderNo},,100`,
    ].join('\n');
    const refused = await upload(issue.id, badFile, 'en-US');
    expect(refused.status).not.toBe(0);
    expect(refused.msg).toBe('6 rows failed; nothing was allotted. Fix them and upload again');
    expect(refused.data.applied).toBe(false);
    expect(refused.data.rows.map((r: { line: number; reason?: string }) => [r.line, r.reason ?? 'ok'])).toEqual([
      [2, 'duplicate'],
      [3, 'above_applied'],
      [4, 'not_found'],
      [5, 'bad_quantity'],
      [6, 'no_key'],
      [7, 'duplicate'],
    ]);
    expect(await statusOf(sa.id)).toBe(SUB_STATUS.pending);
    expect((await balances(t, b.id)).frozenAmt).toBe('20000.00');

    const good = await upload(issue.id, `\uFEFForderNo,phone,allotted\n${sa.orderNo},,500\n,${b.phone},0\n${sc.orderNo},,1000\n`);
    expect(good.status).toBe(0);
    expect(good.msg).toBe('配售完成：中签 2 笔，未中签 1 笔');
    expect(good.data).toMatchObject({ applied: true, allotted: 2, notAllotted: 1, failed: 0 });
    // placement: allotted part stays frozen as paid, the rest comes back
    expect(await balances(t, a.id)).toEqual({ userAmt: '100000.00', enableAmt: '95000.00', frozenAmt: '5000.00' });
    expect(await balances(t, b.id)).toEqual({ userAmt: '100000.00', enableAmt: '100000.00', frozenAmt: '0.00' });
    expect([await statusOf(sa.id), await statusOf(sb.id), await statusOf(sc.id)]).toEqual([
      SUB_STATUS.paid,
      SUB_STATUS.notAllotted,
      SUB_STATUS.paid,
    ]);
    expect((await inbox(a.id)).map((m) => m.title)).toEqual(['新股配售结果']);
    expect((await inbox(b.id))[0]!.content).toContain(`${issue.name}（${issue.code}）未中签`);

    const again = await upload(issue.id, `orderNo,allotted\n${sa.orderNo},500\n`);
    expect(again.data.rows[0].reason).toBe('not_pending');
    expect((await upload(issue.id, 'foo,bar\n1,2\n', 'en-US')).msg).toBe(
      'The first line must name the columns allotted and orderNo or phone',
    );
    expect((await upload(issue.id, 'orderNo,allotted\n', 'en-US')).msg).toBe('The file has no data lines');
    await ledgerOk();
  });

  it('a phone with two pending records in the issue is ambiguous; agent staff cannot run a batch', async () => {
    const issue = await newIssue('public');
    const u = await subscriber();
    await applyFor(issue.id, u, 1000);
    await applyFor(issue.id, u, 1000);
    const r = await upload(issue.id, `phone,allotted\n${u.phone},1000\n`);
    expect(r.data.rows[0].reason).toBe('ambiguous');
    const staff = (await signedIn(t, 'admin', { agentId: await makeAgent(t) })).token;
    const refused = await multipart(
      t,
      '/admin/subscribe/record/batchAllot.do',
      { issueId: String(issue.id) },
      { file: { filename: 'a.csv', type: 'text/csv', data: Buffer.from(`phone,allotted\n${u.phone},0\n`) } },
      { token: staff, lang: 'en-US' },
    );
    expect(refused.json().msg).toBe('Agent staff cannot run a batch allotment');
  });
});

describe('records', () => {
  it('deletes a pending placement record (its money released) and refuses one that has moved', async () => {
    const issue = await newIssue('placement');
    const u = await subscriber();
    const s1 = await applyFor(issue.id, u, 1000);
    const s2 = await applyFor(issue.id, u, 1000);
    expect((await balances(t, u.id)).frozenAmt).toBe('20000.00');
    expect((await call('/admin/subscribe/record/delete.do', { id: s1.id })).status).toBe(0);
    expect(await statusOf(s1.id)).toBeUndefined();
    expect((await balances(t, u.id)).frozenAmt).toBe('10000.00');
    expect((await call('/admin/subscribe/record/allot.do', { id: s2.id, quantity: 1000 })).status).toBe(0);
    expect((await call('/admin/subscribe/record/delete.do', { id: s2.id }, { lang: 'en-US' })).msg).toBe(
      'This record has already been allotted or processed and cannot be deleted',
    );
    expect((await call('/admin/subscribe/record/delete.do', { id: s1.id }, { lang: 'en-US' })).msg).toBe('No such subscription');
    await ledgerOk();
  });

  it('converts in a batch: each id on its own, with the reason of those that could not', async () => {
    const issue = await newIssue('public');
    await call('/admin/stock/add.do', { code: issue.code, name: issue.name, market: 'sh' });
    const u = await subscriber();
    const paid = await applyFor(issue.id, u, 1000);
    const unpaid = await applyFor(issue.id, u, 1000);
    // the answer says what was done, with the quantity in the issue's unit
    expect((await call('/admin/subscribe/record/allot.do', { id: paid.id, quantity: 1000 })).msg).toBe('已配售 1,000 股');
    expect((await call('/admin/subscribe/record/allot.do', { id: unpaid.id, quantity: 500 }, { lang: 'en-US' })).msg).toBe(
      'Allotted 500 shares',
    );
    expect((await app('/app/newshares/pay.do', { id: paid.id }, u.token)).status).toBe(0);
    const r = await call('/admin/subscribe/record/batchConvert.do', { ids: [paid.id, unpaid.id, 999999] }, { lang: 'en-US' });
    expect(r.status).toBe(0);
    expect(r.msg).toBe('1 converted to positions, 2 failed');
    expect(r.data).toEqual({
      ok: 1,
      failed: 2,
      results: [
        { id: paid.id, ok: true, msg: 'Converted to a position' },
        {
          id: unpaid.id,
          ok: false,
          status: null,
          msg: 'This subscription is now allotted, unpaid: this step does not apply; refresh and try again',
        },
        { id: 999999, ok: false, status: null, msg: 'No such subscription' },
      ],
    });
    const titles = (await inbox(u.id)).map((m) => m.title);
    expect(titles).toEqual(['新股中签通知', '新股中签通知', '新股已转持仓']);
    await ledgerOk();
  });

  it('agent staff act only on records of their subtree', async () => {
    const agent = { id: await makeAgent(t) };
    const staff = (await signedIn(t, 'admin', { agentId: agent.id })).token;
    const issue = await newIssue('public');
    const mine = await subscriber('100000.00', { agentId: agent.id });
    const other = await subscriber();
    const sm = await applyFor(issue.id, mine, 1000);
    const so = await applyFor(issue.id, other, 1000);
    const list = await call('/admin/subscribe/record/list.do', { issueId: issue.id }, { token: staff });
    expect(list.data.list.map((s: { id: number }) => s.id)).toEqual([sm.id]);
    expect((await call('/admin/subscribe/record/allot.do', { id: so.id, quantity: 0 }, { token: staff, lang: 'en-US' })).msg).toBe(
      'No such subscription',
    );
    expect((await call('/admin/subscribe/record/delete.do', { id: so.id }, { token: staff })).status).not.toBe(0);
    const bc = await call('/admin/subscribe/record/batchConvert.do', { ids: [so.id] }, { token: staff, lang: 'en-US' });
    expect(bc.data.results[0]).toEqual({ id: so.id, ok: false, status: null, msg: 'No such subscription' });
    expect(await statusOf(so.id)).toBe(SUB_STATUS.pending);
  });
});

describe('switches and jobs', () => {
  it('apply is refused in holiday mode and when new shares are switched off (then the list is empty); bonds are listed by kind', async () => {
    const issue = await newIssue('public');
    const u = await subscriber();
    await setProduct({ holidayMode: true });
    expect((await app('/app/newshares/apply.do', { issueId: issue.id, quantity: 1000 }, u.token, 'en-US')).msg).toBe(
      'The market is closed for a holiday; trading is paused',
    );
    await setProduct({ newShareShown: false });
    expect((await app('/app/newshares/apply.do', { issueId: issue.id, quantity: 1000 }, u.token, 'zh-CN')).msg).toBe('该发行暂停申购');
    expect((await app('/app/newshares/list.do', {}, u.token)).data.total).toBe(0);
    await setProduct({});
    expect((await app('/app/newshares/list.do', {}, u.token)).data.total).toBeGreaterThan(0);
    const bond = await call('/admin/bond/add.do', {
      code: '113999',
      name: '测转债',
      market: 'sh',
      underlyingCode: '600519',
      issuePrice: '100',
      issueSize: 100000,
      maxPerUser: 1000,
      subscribeType: 'public',
      subscribeDate: shDay(),
      allotDate: shDay(),
      payDeadline: shDay(1),
      listingDate: shDay(5),
    });
    expect(bond.status).toBe(0);
    const bonds = (await app('/app/newshares/list.do', { kind: 'bond' }, u.token)).data.list;
    expect(bonds.map((b: { code: string }) => b.code)).toEqual(['113999']);
  });

  it('forfeit tells the user; the listing-day job converts only issues set to convert by themselves', async () => {
    const manual = await newIssue('public', { autoConvert: false });
    const auto = await newIssue('public');
    for (const i of [manual, auto]) await call('/admin/stock/add.do', { code: i.code, name: i.name, market: 'sh' });
    const u = await subscriber();
    const sm = await applyFor(manual.id, u, 1000);
    const sa = await applyFor(auto.id, u, 1000);
    const late = await applyFor(auto.id, u, 1000);
    for (const s of [sm, sa, late]) await call('/admin/subscribe/record/allot.do', { id: s.id, quantity: 1000 });
    for (const s of [sm, sa]) expect((await app('/app/newshares/pay.do', { id: s.id }, u.token)).status).toBe(0);
    const afterDeadline = new Date(Date.now() + 3 * 86400_000);
    // (an unpaid allotment of an earlier test goes with it)
    expect((await forfeitOverdue(db(), afterDeadline)).forfeited).toBeGreaterThanOrEqual(1);
    expect(await statusOf(late.id)).toBe(SUB_STATUS.forfeited);
    expect((await inbox(u.id)).at(-1)!.title).toBe('新股放弃认购');
    const listing = new Date(Date.now() + 6 * 86400_000);
    const run = await convertListed(db(), listing);
    expect(run.converted).toBeGreaterThanOrEqual(1);
    expect([await statusOf(sa.id), await statusOf(sm.id)]).toEqual([SUB_STATUS.converted, SUB_STATUS.paid]);
    expect(await forfeitOverdue(db(), afterDeadline)).toEqual({ forfeited: 0 });
    await ledgerOk();
  });

  it('ledger:verify names a subscription whose frozen amount disagrees with its records', async () => {
    const issue = await newIssue('placement');
    const u = await subscriber();
    const s = await applyFor(issue.id, u, 1000);
    await db().execute(sql`UPDATE newshare_subscriptions SET frozen_amount = 1 WHERE id = ${s.id}`);
    const r = await verifyLedger(db());
    expect(r.offenders.map((o) => [o.kind, o.problem, o.id])).toContainEqual(['subscription', 'subscription_frozen', s.id]);
    await db().execute(sql`UPDATE newshare_subscriptions SET frozen_amount = 10000 WHERE id = ${s.id}`);
    await ledgerOk();
  });
});

describe('an issue never allots more than its size (issue 36)', () => {
  it('refuses the allotment that would pass the issue size, one by one and by file, in both languages', async () => {
    const issue = await newIssue('placement', { issueSize: 1000, maxPerUser: 1000 });
    const [a, b, c] = [await subscriber(), await subscriber(), await subscriber()];
    const [sa, sb, sc] = [await applyFor(issue.id, a, 1000), await applyFor(issue.id, b, 1000), await applyFor(issue.id, c, 1000)];
    expect((await call('/admin/subscribe/record/allot.do', { id: sa.id, quantity: 600 })).status).toBe(0);
    const over = await call('/admin/subscribe/record/allot.do', { id: sb.id, quantity: 1000 });
    expect(over).toMatchObject({ http: 200, status: 1, msg: '超出发行总量：该发行仅剩 400 可配售' });
    expect((await call('/admin/subscribe/record/allot.do', { id: sb.id, quantity: 1000 }, { lang: 'en-US' })).msg).toBe(
      'Beyond the issue size: only 400 left to allot in this issue',
    );
    // refused: still pending, its placement money still frozen
    expect(await statusOf(sb.id)).toBe(1);
    expect((await balances(t, b.id)).frozenAmt).toBe('10000.00');
    // a file that would pass the size is refused whole
    const file = await upload(issue.id, ['orderNo,allotted', `${sb.orderNo},300`, `${sc.orderNo},200`].join('\n'));
    expect(file).toMatchObject({ status: 1, msg: '超出发行总量：该发行仅剩 400 可配售' });
    expect([await statusOf(sb.id), await statusOf(sc.id)]).toEqual([1, 1]);
    // exactly what is left is allotted
    expect((await upload(issue.id, ['orderNo,allotted', `${sb.orderNo},300`, `${sc.orderNo},100`].join('\n'))).data.applied).toBe(true);
    const [i] = rows<{ allotted_qty: string }>(
      await db().execute(sql`SELECT allotted_qty::text FROM newshare_issues WHERE id = ${issue.id}`),
    );
    expect(i!.allotted_qty).toBe('1000');
    // and the size cannot be edited below it
    const edit = await call('/admin/subscribe/update.do', {
      id: issue.id,
      code: issue.code,
      name: issue.name,
      market: 'sh',
      issuePrice: '10.00',
      issueSize: 900,
      maxPerUser: 900,
      subscribeType: 'placement',
      subscribeDate: shDay(),
      allotDate: shDay(),
      payDeadline: shDay(1),
      listingDate: shDay(5),
    });
    expect(edit.msg).toBe('发行总量不能少于已配售的 1000');
    await ledgerOk();
  });
});
