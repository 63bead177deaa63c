import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { notify } from '../../src/realtime/notify.js';
import { ReplayBuffer, REPLAY_SKEW_MS } from '../../src/realtime/replay.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';
import { makeUser } from '../funds/funds.helpers.js';
import { Client, connectReady, listen, sleep } from './realtime.helpers.js';

// Notices across a restart (issue 61): an instance that closes lets its requests in flight finish and publishes their
// notices before its sockets go (1012, reconnect), and a console reconnecting with ?since= gets what it missed.

const apps: TestApp[] = [];
const open: Client[] = [];
afterEach(async () => {
  for (const c of open.splice(0)) c.close();
  for (const a of apps.splice(0)) await a.close().catch(() => {});
});
const app = async () => {
  const t = await createTestApp({ BUS_CHANNEL: `test:${randomUUID()}` });
  apps.push(t);
  return { t, base: await listen(t) };
};
const track = (c: Client) => (open.push(c), c);

describe('a console that reconnects with ?since=', () => {
  it('gets the notices raised while it was away, with the ids it had, and not those before', async () => {
    const { t, base } = await app();
    const a = await signedIn(t, 'finance');
    const first = track(await connectReady(base, a.id, a.token));
    notify(t.app.ctx, { type: 'WITHDRAW_REQUEST', data: { id: 1, amount: '1.00' } });
    const seen = await first.waitFor((f) => f.type === 'WITHDRAW_REQUEST');
    expect(seen).toMatchObject({ id: expect.any(String), at: expect.any(Number) });
    const beat = first.frames.find((f) => f.cmd === 13) as unknown as { at: number };
    first.close();
    await first.waitClose();

    notify(t.app.ctx, { type: 'WITHDRAW_REQUEST', data: { id: 2, amount: '2.00' } });
    notify(t.app.ctx, { type: 'RECHARGE', data: { id: 3, amount: '3.00' } });
    await t.app.realtime.settle();

    const again = track(await connectReady(base, a.id, a.token, `&since=${(seen as unknown as { at: number }).at}`));
    await again.sync();
    // what it had (within the clock margin) comes again with the same id, for the console to drop
    const got = again.notices();
    expect(got.map((f) => f.data?.id)).toEqual([1, 2, 3]);
    expect((got[0] as unknown as { id: string }).id).toBe((seen as unknown as { id: string }).id);
    expect(beat.at).toBeGreaterThan(0);

    const fresh = track(await connectReady(base, a.id, a.token));
    await fresh.sync();
    expect(fresh.notices()).toEqual([]);
  });

  it('sends again only what its admin may receive', async () => {
    const { t, base } = await app();
    const risk = await signedIn(t, 'risk'); // no withdrawal list
    const since = Date.now();
    notify(t.app.ctx, { type: 'WITHDRAW_REQUEST', data: { id: 1 } });
    notify(t.app.ctx, { type: 'BUY_GP_REQUEST', data: { id: 2 } });
    await t.app.realtime.settle();
    const c = track(await connectReady(base, risk.id, risk.token, `&since=${since}`));
    await c.sync();
    expect(c.notices().map((f) => f.type)).toEqual(['BUY_GP_REQUEST']);
  });

  it('ignores a since that is not a time', async () => {
    const { t, base } = await app();
    const a = await signedIn(t, 'finance');
    notify(t.app.ctx, { type: 'WITHDRAW_REQUEST', data: { id: 1 } });
    await t.app.realtime.settle();
    const c = track(await connectReady(base, a.id, a.token, '&since=yesterday'));
    await c.sync();
    expect(c.notices()).toEqual([]);
    expect(c.closeInfo).toBeNull();
  });
});

describe('an instance that closes', () => {
  it('answers its requests in flight and sends their notices before closing the sockets with 1012', async () => {
    const { t, base } = await app();
    const a = await signedIn(t, 'admin');
    const c = track(await connectReady(base, a.id, a.token));
    const userId = await makeUser(t);
    // the close starts as the deposit's transaction begins: the request is in flight, its notice not yet raised
    let closing: Promise<void> | undefined;
    const db = t.app.ctx.db;
    const transaction = db.transaction.bind(db);
    db.transaction = (async (...args: Parameters<typeof transaction>) => {
      if (!closing) {
        closing = t.app.close();
        await sleep(100);
      }
      return transaction(...args);
    }) as typeof db.transaction;
    const r = await post(t, '/admin/recharge/create.do', { userId, amount: '100.00', status: 1, note: 'drain' }, { token: a.token });
    expect(r.json().status, r.json().msg).toBe(0);
    expect(closing).toBeDefined();
    await closing;
    expect(await c.waitClose()).toEqual({ code: 1012, reason: 'server restarting: reconnect' });
    expect(c.notices('CREATEORDER').map((f) => f.data?.orderNo)).toEqual([r.json().data.orderNo]);
  });
});

describe('the replay window', () => {
  it('keeps two minutes at most and the newest notices at most', () => {
    let now = 1_000_000;
    const b = new ReplayBuffer(120_000, 3, () => now);
    const item = (id: string, at: number) => ({ id, at, event: { type: 'RECHARGE' as const, data: {} }, agentIds: [] });
    b.push(item('a', now - 130_000));
    b.push(item('b', now - 60_000));
    expect(b.since(0).map((s) => s.id)).toEqual(['b']);
    for (const id of ['c', 'd', 'e']) b.push(item(id, now));
    expect(b.since(0).map((s) => s.id)).toEqual(['c', 'd', 'e']);
    expect(b.since(now - 1000).map((s) => s.id)).toEqual(['c', 'd', 'e']);
    expect(b.since(now + REPLAY_SKEW_MS + 1)).toEqual([]);
    now += 121_000;
    expect(b.size).toBe(3);
    expect(b.since(0)).toEqual([]);
    expect(b.size).toBe(0);
  });
});
