import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { makeUser, openRules, rechargeChannels, withdrawalCalls } from '../funds/funds.helpers.js';
import { post, signedIn, type TestApp } from '../helpers.js';

/**
 * A channel-day to reconcile (the reconciliation tests): a channel that also pays out, deposits of these amounts
 * credited through the console and dated into `day` at 10:00, 11:00, … , and a withdrawal of ¥800 paid through the
 * channel at 15:00 that day.
 */
export async function channelDay(t: TestApp, token: string, day: string, amounts: string[]) {
  await openRules(t, (await signedIn(t, 'admin')).token);
  const channel = (await rechargeChannels(t, token)).channel;
  await t.app.ctx.db.execute(sql`UPDATE pay_channels SET withdrawable = true WHERE id = ${channel}`);
  const orders: { orderNo: string; amount: string }[] = [];
  for (const [i, amount] of amounts.entries()) {
    const userId = await makeUser(t);
    const r = (
      await post(t, '/admin/recharge/create.do', { userId, amount, channelId: channel, status: 1, note: '银行到账' }, { token })
    ).json();
    expect(r.status, r.msg).toBe(0);
    orders.push({ orderNo: r.data.orderNo, amount });
    await t.app.ctx.db.execute(
      sql`UPDATE recharge_orders SET reviewed_at = ${`${day}T1${i}:00:00+08:00`} WHERE order_no = ${r.data.orderNo}`,
    );
  }
  const w = withdrawalCalls(
    () => t,
    () => token,
  );
  const u = await w.richUser('5000');
  const a = await w.apply(u.tk, { amount: '800' });
  expect(a.status, a.msg).toBe(0);
  expect((await w.review(a.data.id, 1, { channelId: channel })).status).toBe(0);
  await t.app.ctx.db.execute(sql`UPDATE withdrawals SET reviewed_at = ${`${day}T15:00:00+08:00`} WHERE id = ${a.data.id}`);
  return { channel, orders, paid: { orderNo: a.data.orderNo as string, amount: '800.00' } };
}
