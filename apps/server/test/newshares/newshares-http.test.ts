import { afterAll, beforeAll, expect, it } from 'vitest';
import { verifyLedger } from '../../src/modules/fundrecords/ledger/index.js';
import { appPost, appToken, balances, credit, makeUser } from '../funds/funds.helpers.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';

// The HTTP side of issue 23: the admin issue and record endpoints and the platform user API, envelope and messages.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({});
  admin = (await signedIn(t, 'admin')).token;
});
afterAll(() => t.close());

const adminCall = (path: string, body: Record<string, unknown>, lang?: string) =>
  post(t, path, body, { token: admin, json: true, lang }).then((r) => ({ http: r.statusCode, ...r.json() }));
const app = (path: string, body: Record<string, unknown>, token: string, lang?: string) =>
  appPost(t, path, body, token, { json: true, lang }).then((r) => ({ http: r.statusCode, ...r.json() }));

it('issue CRUD, apply through the platform API, allot / pay / convert in the console, refusals in both languages', async () => {
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const later = new Date(Date.now() + 8 * 3600_000 + 5 * 86400_000).toISOString().slice(0, 10);
  const issue = {
    code: '603999',
    name: '新股甲',
    market: 'sh',
    issuePrice: '12.34',
    peRatio: '22.5',
    issueSize: 100000,
    maxPerUser: 5000,
    subscribeType: 'public',
    subscribeDate: today,
    allotDate: today,
    payDeadline: today,
    listingDate: later,
  };
  const bad = await adminCall('/admin/subscribe/add.do', { ...issue, allotDate: '2000-01-01' }, 'en-US');
  expect(bad.status).not.toBe(0);
  expect(bad.http).toBeLessThan(500);
  const add = await adminCall('/admin/subscribe/add.do', issue);
  expect(add.status).toBe(0);
  expect(add.data).toMatchObject({ code: '603999', board: 'main', phase: 'subscribing', subscriptions: 0 });
  const id = add.data.id as number;
  expect((await adminCall('/admin/subscribe/list.do', { phase: 'subscribing' })).data.list.map((i: { id: number }) => i.id)).toContain(id);
  expect((await adminCall('/admin/bond/list.do', {})).data.total).toBe(0);
  expect((await adminCall('/admin/subscribe/updateLock.do', { id, locked: true })).data.locked).toBe(true);

  await adminCall('/admin/stock/add.do', { code: '603999', name: '新股甲', market: 'sh' });
  const uid = await makeUser(t);
  await credit(t, uid, '100000.00');
  const token = await appToken(t, uid);
  const locked = await app('/app/newshares/apply.do', { issueId: id, quantity: 1000 }, token, 'zh-CN');
  expect(locked).toMatchObject({ status: expect.not.stringMatching(/^0$/) });
  expect(locked.msg).toBe('该发行暂停申购');
  await adminCall('/admin/subscribe/updateLock.do', { id, locked: false });
  const applied = await app('/app/newshares/apply.do', { issueId: id, quantity: 1000 }, token);
  expect(applied.status).toBe(0);
  const sid = applied.data.id as number;
  expect((await adminCall('/admin/subscribe/delete.do', { id }, 'en-US')).msg).toBe('This issue has subscriptions and cannot be deleted');

  expect((await adminCall('/admin/subscribe/record/allot.do', { id: sid, quantity: 2000 }, 'en-US')).msg).toBe(
    'Allotted quantity cannot exceed the applied 1000',
  );
  expect((await adminCall('/admin/subscribe/record/allot.do', { id: sid, quantity: 500 })).data.status).toBe(3);
  expect((await app('/app/newshares/pay.do', { id: sid }, token)).data.status).toBe(4);
  expect(await balances(t, uid)).toEqual({ userAmt: '100000.00', enableAmt: '93830.00', frozenAmt: '6170.00' });
  const list = await adminCall('/admin/subscribe/record/list.do', { kind: 'share', issueId: id });
  expect(list.data.totals).toEqual({ applied: 1000, allotted: 500, frozen: '6170.00' });
  const conv = await adminCall('/admin/subscribe/record/convert.do', { id: sid });
  expect(conv.data).toMatchObject({ status: 5, frozenAmount: '0.00' });
  expect(conv.data.positionId).toBeGreaterThan(0);
  expect((await adminCall('/admin/subscribe/record/convert.do', { id: sid }, 'en-US')).msg).toBe(
    'This subscription is now converted: this step does not apply; refresh and try again',
  );
  expect((await app('/app/newshares/records.do', {}, token)).data.list).toHaveLength(1);
  expect((await verifyLedger(t.app.ctx.db)).offenders).toEqual([]);
});
