import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/db/rows.js';
import { writeRule } from '../../src/modules/approvals/index.js';
import { multipart } from '../admins/admins-helpers.js';
import { appPost, appToken, credit, makeUser, openRules } from '../funds/funds.helpers.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';

/**
 * Issue 49, `newshare.allot`: a single allotment and a CSV file are held with nothing allotted, and run once through
 * the allotment's own service on a second administrator's approval — the file byte for byte as the maker sent it.
 */
let t: TestApp;
let maker: string;
let checker: string;
beforeAll(async () => {
  t = await createTestApp({});
  maker = (await signedIn(t, 'admin')).token;
  checker = (await signedIn(t, 'finance')).token;
  await openRules(t, maker);
  await t.app.ctx.db.transaction((tx) =>
    writeRule(tx, { operation: 'newshare.allot', enabled: true, threshold: null, expiresHours: 24 }, 'test'),
  );
}, 60_000);
afterAll(() => t.close());

const shDay = (offsetDays = 0) => new Date(Date.now() + 8 * 3600_000 + offsetDays * 86400_000).toISOString().slice(0, 10);
const call = async (path: string, body: Record<string, unknown>, token = maker) =>
  (await post(t, path, body, { token, json: true })).json();
const sub = async (id: number) =>
  rows<{ status: number; allotted: number }>(
    await t.app.ctx.db.execute(sql`SELECT status, allotted_qty::int AS allotted FROM newshare_subscriptions WHERE id = ${id}`),
  )[0]!;

async function subscription(code: string) {
  const issue = await call('/admin/subscribe/add.do', {
    code,
    name: `复核${code.slice(-2)}`,
    market: 'sh',
    issuePrice: '10.00',
    issueSize: 1_000_000,
    maxPerUser: 10_000,
    subscribeType: 'public',
    subscribeDate: shDay(),
    allotDate: shDay(),
    payDeadline: shDay(1),
    listingDate: shDay(5),
  });
  expect(issue.status, issue.msg).toBe(0);
  const userId = await makeUser(t);
  await credit(t, userId, '100000');
  const applied = (
    await appPost(t, '/app/newshares/apply.do', { issueId: issue.data.id, quantity: 1000 }, await appToken(t, userId), { json: true })
  ).json();
  expect(applied.status, applied.msg).toBe(0);
  return { issueId: issue.data.id as number, id: applied.data.id as number, orderNo: applied.data.orderNo as string };
}

describe('newshare.allot under dual control', () => {
  it('holds a single allotment; approved, it is allotted once', async () => {
    const s = await subscription('603871');
    const r = await call('/admin/subscribe/record/allot.do', { id: s.id, quantity: 500 });
    expect(r.status).toBe(0);
    expect(r.data.approval).toMatchObject({ status: 'pending' });
    expect((await sub(s.id)).allotted).toBe(0);
    // the same subscription again: refused, naming the request that waits
    const twice = await call('/admin/subscribe/record/allot.do', { id: s.id, quantity: 400 });
    expect(twice.status).not.toBe(0);
    expect(twice.msg).toContain(`#${r.data.approval.id}`);
    expect((await call('/admin/approval/decide.do', { id: r.data.approval.id, approve: true }, checker)).status).toBe(0);
    expect(await sub(s.id)).toMatchObject({ allotted: 500 });
  });

  it('holds a CSV file; approved, the stored file is allotted as sent', async () => {
    const s = await subscription('603872');
    const res = await multipart(
      t,
      '/admin/subscribe/record/batchAllot.do',
      { issueId: String(s.issueId) },
      { file: { filename: 'allot.csv', type: 'text/csv', data: Buffer.from(`orderNo,allotted\n${s.orderNo},700\n`) } },
      { token: maker },
    );
    const held = res.json();
    expect(held.status).toBe(0);
    expect(held.data.approval).toMatchObject({ status: 'pending' });
    expect((await sub(s.id)).allotted).toBe(0);
    const decided = await call('/admin/approval/decide.do', { id: held.data.approval.id, approve: true }, checker);
    expect(decided.status, decided.msg).toBe(0);
    expect(await sub(s.id)).toMatchObject({ allotted: 700 });
  });
});
