import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { adminRolePermissions, adminRoles, admins } from '../../src/modules/_kit/parties.js';
import { rows } from '../../src/db/rows.js';
import { createAdmin } from '../../src/modules/admins/service.js';
import { notify } from '../../src/realtime/notify.js';
import { MAX_CLIENT_FRAME } from '../../src/realtime/protocol.js';
import { canReceive } from '../../src/realtime/routing.js';
import { createTestApp, get, login, makeAdmin, post, signedIn, type TestApp } from '../helpers.js';
import { Client, connect, connectReady, freePort, listen, sleep } from './realtime.helpers.js';

let t: TestApp;
let base: string;
const open: Client[] = [];
const track = <C extends Client>(c: C) => (open.push(c), c);

beforeAll(async () => {
  t = await createTestApp({ BUS_CHANNEL: `test:${randomUUID()}` });
  base = await listen(t);
});
afterAll(async () => {
  for (const c of open) c.close();
  await t.close();
});

/** Raises an event through notify() and waits until every hub job ran and frames had time to arrive. */
async function raise(type: Parameters<typeof notify>[1]['type'], data: Record<string, unknown> = {}, userId?: number) {
  notify(t.app.ctx, { type, data: { id: 1, userName: 'Zhang San', amount: '1000.00', ...data }, ...(userId != null ? { userId } : {}) });
  await t.app.realtime.settle();
  // everything the hub sent has arrived once each socket answered a heartbeat sent afterwards
  await Promise.all(open.filter((c) => !c.closeInfo).map((c) => c.sync().catch(() => {})));
}

describe('connecting', () => {
  it('closes a socket without a token, with a clear reason', async () => {
    const a = await signedIn(t);
    const c = track(await connect(base, a.id));
    expect(await c.waitClose()).toEqual({ code: 4401, reason: 'token required (?token=)' });
  });

  it('closes a socket whose token belongs to another admin', async () => {
    const a = await signedIn(t);
    const b = await signedIn(t);
    const c = track(await connect(base, b.id, a.token));
    expect(await c.waitClose()).toEqual({ code: 4403, reason: 'token belongs to another admin' });
  });

  it('closes a socket with an unknown, expired or revoked token', async () => {
    const unknown = track(await connect(base, 1, 'not-a-token'));
    expect(await unknown.waitClose()).toEqual({ code: 4401, reason: 'invalid, expired or revoked token' });

    const a = await signedIn(t);
    await t.app.ctx.db.execute(sql`UPDATE admin_sessions SET expires_at = now() - interval '1 second' WHERE admin_id = ${a.id}`);
    // the session cache keeps a principal at most 5 s; the socket must still refuse the expired token
    t.app.ctx.hooks.emit('principalsChanged', { adminIds: [a.id] });
    const expired = track(await connect(base, a.id, a.token));
    expect(await expired.waitClose()).toEqual({ code: 4401, reason: 'invalid, expired or revoked token' });

    const b = await signedIn(t);
    expect((await post(t, '/api/adminUser/logout.do', {}, { token: b.token })).json().status).toBe(0);
    const revoked = track(await connect(base, b.id, b.token));
    expect(await revoked.waitClose()).toEqual({ code: 4401, reason: 'invalid, expired or revoked token' });
  });

  it('refuses a malformed admin id in the path', async () => {
    const a = await signedIn(t);
    const c = track(await connect(base, 'abc', a.token));
    expect((await c.waitClose()).code).toBe(4400);
  });

  it('keeps a valid socket open and answers the heartbeat with {cmd: 13}', async () => {
    const a = await signedIn(t);
    const c = track(await connect(base, a.id, a.token));
    c.send({ cmd: 13 });
    const reply = await c.waitFor((f) => f.cmd === 13);
    expect(reply).toEqual({ cmd: 13, at: expect.any(Number) });
    await sleep(100);
    expect(c.closeInfo).toBeNull();
    expect(t.app.realtime.stats().sockets).toBeGreaterThan(0);
    expect(t.app.realtime.stats().bus).toBe(process.env.REDIS_URL ? 'redis' : 'memory');
  });

  it('answers invalid JSON with an error frame and keeps the connection', async () => {
    const a = await signedIn(t);
    const c = track(await connectReady(base, a.id, a.token, '&lang=en-US'));
    c.send('this is {not json');
    const err = await c.waitFor((f) => f.type === 'ERROR');
    expect(err).toMatchObject({ cmd: 0, msgType: 'invalid_message' });
    expect(err.data?.msg).toMatch(/^Malformed message/);
    c.send('[1,2]');
    await c.sync();
    expect(c.frames.filter((f) => f.type === 'ERROR').length).toBe(2);
    await c.sync();
    expect(c.frames.filter((f) => f.cmd === 13).length).toBe(3);
    expect(c.closeInfo).toBeNull();
  });

  it('closes a frame larger than the limit without affecting other sockets', async () => {
    const a = await signedIn(t);
    const b = await signedIn(t);
    const big = track(await connectReady(base, a.id, a.token));
    const other = track(await connectReady(base, b.id, b.token));
    big.send('x'.repeat(MAX_CLIENT_FRAME + 1));
    expect((await big.waitClose()).code).toBe(1009);
    await other.sync();
    expect(other.frames.filter((f) => f.cmd === 13).length).toBe(2);
  });
});

describe('routing', () => {
  it('sends an event to staff whose role has its permission, and nothing to the others', async () => {
    const sup = await makeAdmin(t, 'admin', { username: t.config.SUPER_ACCOUNT });
    const superTok = await login(t, sup.username, sup.password);
    const staff = {
      super: { id: sup.id, token: superTok },
      admin: await signedIn(t, 'admin'),
      finance: await signedIn(t, 'finance'),
      risk: await signedIn(t, 'risk'),
      support: await signedIn(t, 'support'),
    };
    const c = Object.fromEntries(
      await Promise.all(Object.entries(staff).map(async ([k, s]) => [k, track(await connectReady(base, s.id, s.token))])),
    ) as Record<keyof typeof staff, Client>;

    await raise('WITHDRAW_REQUEST', { id: 77 });
    const got = (k: keyof typeof staff, type: string) => c[k].notices(type).length;
    expect(got('super', 'WITHDRAW_REQUEST')).toBe(1);
    expect(got('admin', 'WITHDRAW_REQUEST')).toBe(1);
    expect(got('finance', 'WITHDRAW_REQUEST')).toBe(1);
    expect(got('support', 'WITHDRAW_REQUEST')).toBe(1);
    expect(c.risk.notices()).toEqual([]); // risk has no withdrawallist
    expect(c.admin.notices('WITHDRAW_REQUEST')[0]).toEqual({
      cmd: 11,
      type: 'WITHDRAW_REQUEST',
      msgType: 'WITHDRAW_REQUEST',
      data: { id: 77, userName: 'Zhang San', amount: '1000.00' },
      id: expect.any(String),
      at: expect.any(Number),
    });

    await raise('BUY_GP_REQUEST');
    await raise('BUY_DZ_REQUEST');
    expect(got('risk', 'BUY_GP_REQUEST') + got('risk', 'BUY_DZ_REQUEST')).toBe(2);
    expect(c.finance.notices('BUY_GP_REQUEST')).toEqual([]); // finance has no financing
    await raise('RECHARGE');
    await raise('RECHARGE_FAILURE');
    await raise('CREATEORDER');
    expect(c.finance.notices().map((f) => f.type)).toEqual(['WITHDRAW_REQUEST', 'RECHARGE', 'RECHARGE_FAILURE', 'CREATEORDER']);
    expect(c.risk.notices().map((f) => f.type)).toEqual(['BUY_GP_REQUEST', 'BUY_DZ_REQUEST']);
    await raise('IS_CONTRACT');
    expect(got('support', 'IS_CONTRACT')).toBe(1);
    expect(got('finance', 'IS_CONTRACT') + got('risk', 'IS_CONTRACT')).toBe(0);
    await raise('REAL_CHANGE');
    await raise('IDVERIFY_SUBMIT');
    for (const k of ['super', 'admin', 'finance', 'risk', 'support'] as const) {
      // all these roles can query userlist
      expect(got(k, 'REAL_CHANGE') + got(k, 'IDVERIFY_SUBMIT')).toBe(2);
    }
    expect(c.super.notices().length).toBe(9);
  });

  it('sends user events to the agent staff above the user only, never events about no user', async () => {
    const above = await signedIn(t, 'agent', { agentId: 5 });
    const top = await signedIn(t, 'agent', { agentId: 1 });
    const elsewhere = await signedIn(t, 'agent', { agentId: 9 });
    const platform = await signedIn(t, 'finance');
    const [ca, ct, ce, cp] = await Promise.all(
      [above, top, elsewhere, platform].map(async (s) => track(await connectReady(base, s.id, s.token))),
    );
    const asked: number[] = [];
    const previous = t.app.realtime.agentChain;
    t.app.realtime.agentChain = async (userIds) => (asked.push(...userIds), new Map(userIds.map((id) => [id, id === 100 ? [5, 1] : []])));
    try {
      await raise('WITHDRAW_REQUEST', { id: 1 }, 100);
      await raise('WITHDRAW_REQUEST', { id: 2 }, 200);
      await raise('WITHDRAW_REQUEST', { id: 3 });
    } finally {
      t.app.realtime.agentChain = previous;
    }
    expect(asked).toEqual([100, 200]);
    expect(ca.notices().map((f) => f.data?.id)).toEqual([1]);
    expect(ct.notices().map((f) => f.data?.id)).toEqual([1]);
    expect(ce.notices()).toEqual([]);
    expect(cp.notices().map((f) => f.data?.id)).toEqual([1, 2, 3]);
  });

  it('looks up the agents of events raised together once, and delivers them in the order raised', async () => {
    const above = await signedIn(t, 'agent', { agentId: 5 });
    const platform = await signedIn(t, 'finance');
    const [ca, cp] = await Promise.all([above, platform].map(async (s) => track(await connectReady(base, s.id, s.token))));
    const lookups: number[][] = [];
    const previous = t.app.realtime.agentChain;
    t.app.realtime.agentChain = async (userIds) => (lookups.push(userIds), new Map(userIds.map((id) => [id, id === 100 ? [5, 1] : []])));
    try {
      // thirty buys' worth of notices in one turn, as a busy instance raises them
      for (let i = 0; i < 30; i++) notify(t.app.ctx, { type: 'WITHDRAW_REQUEST', data: { id: i }, userId: i % 2 ? 200 : 100 });
      await raise('WITHDRAW_REQUEST', { id: 'last' }, 100);
    } finally {
      t.app.realtime.agentChain = previous;
    }
    expect(lookups.length).toBe(1);
    expect(lookups[0]!.length).toBe(31);
    const ids = Array.from({ length: 30 }, (_, i) => i);
    expect(ca.notices().map((f) => f.data?.id)).toEqual([...ids.filter((i) => i % 2 === 0), 'last']);
    expect(cp.notices().map((f) => f.data?.id)).toEqual([...ids, 'last']);
  });

  it('gathers notices raised a few milliseconds apart into one lookup of their agents', async () => {
    const platform = await signedIn(t, 'finance');
    const cp = track(await connectReady(base, platform.id, platform.token));
    const lookups: number[][] = [];
    const previous = t.app.realtime.agentChain;
    t.app.realtime.agentChain = async (userIds) => (lookups.push(userIds), new Map(userIds.map((id) => [id, []])));
    try {
      // five requests' notices, each raised in a turn of its own (as separate calls raise them)
      for (let i = 0; i < 5; i++) {
        notify(t.app.ctx, { type: 'WITHDRAW_REQUEST', data: { id: i }, userId: 300 + i });
        await new Promise((r) => setImmediate(r));
      }
      await t.app.realtime.settle();
      await cp.sync();
    } finally {
      t.app.realtime.agentChain = previous;
    }
    expect(lookups).toEqual([[300, 301, 302, 303, 304]]);
    expect(cp.notices().map((f) => f.data?.id)).toEqual([0, 1, 2, 3, 4]);
  });

  it('routes by the real agent tree: the agent of the user and its ancestors, not a sibling tree', async () => {
    const db = t.app.ctx.db;
    const agent = async (name: string, parent?: { id: number; path: number[] }) => {
      const [a] = rows<{ id: number }>(
        await db.execute(sql`INSERT INTO agents (name, phone, password_hash, invite_code, parent_id, level, path)
          VALUES (${name}, ${`1${randomUUID().replace(/\D/g, '').slice(0, 10)}`}, 'x', ${randomUUID().slice(0, 8).toUpperCase()},
                  ${parent?.id ?? null}, ${(parent?.path.length ?? 0) + 1}, '{}') RETURNING id`),
      );
      const path = [...(parent?.path ?? []), a!.id];
      await db.execute(sql`UPDATE agents SET path = ${sql.raw(`'{${path.join(',')}}'::int[]`)} WHERE id = ${a!.id}`);
      return { id: a!.id, path };
    };
    const top = await agent('top');
    const mid = await agent('mid', top);
    const leaf = await agent('leaf', mid);
    const sibling = await agent('sibling', top);
    const [u] = rows<{ id: number }>(
      await db.execute(
        sql`INSERT INTO users (phone, password_hash, agent_id) VALUES (${`139${Date.now() % 1e8}`}, 'x', ${leaf.id}) RETURNING id`,
      ),
    );
    const staff = await Promise.all([top, mid, leaf, sibling].map((a) => signedIn(t, 'agent', { agentId: a.id })));
    const [cTop, cMid, cLeaf, cSibling] = await Promise.all(staff.map(async (s) => track(await connectReady(base, s.id, s.token))));
    await raise('WITHDRAW_REQUEST', { id: 'tree' }, u!.id);
    expect([cTop, cMid, cLeaf].map((c) => c.notices().map((f) => f.data?.id))).toEqual([['tree'], ['tree'], ['tree']]);
    expect(cSibling.notices()).toEqual([]);
  });

  it('routes agent staff by permission too', () => {
    const acl = { isSuper: false, locked: false, agentId: 5, permissions: new Map([['userlist', ['query']]]) };
    expect(canReceive(acl, 'REAL_CHANGE', 1, [5])).toBe(true);
    expect(canReceive(acl, 'WITHDRAW_REQUEST', 1, [5])).toBe(false);
    expect(canReceive({ ...acl, permissions: new Map([['withdrawallist', ['edit']]]) }, 'WITHDRAW_REQUEST', 1, [5])).toBe(false);
    expect(canReceive({ ...acl, locked: true }, 'REAL_CHANGE', 1, [5])).toBe(false);
    expect(canReceive({ ...acl, isSuper: true, agentId: null }, 'KICKOUT_ANOTHER', 1, [])).toBe(false);
  });

  it('follows role edits while the socket is open', async () => {
    const [role] = await t.app.ctx.db
      .insert(adminRoles)
      .values({ name: `r-${randomUUID().slice(0, 8)}` })
      .returning({ id: adminRoles.id });
    await t.app.ctx.db.insert(adminRolePermissions).values({ roleId: role!.id, permissionKey: 'withdrawallist', actions: ['query'] });
    const username = `role_${randomUUID().slice(0, 8)}`;
    const id = await createAdmin(t.app.ctx.db, { username, name: 'x', password: 'Passw0rd!', roleId: role!.id });
    const token = await login(t, username, 'Passw0rd!');
    const c = track(await connectReady(base, id, token));
    await raise('WITHDRAW_REQUEST');
    expect(c.notices().length).toBe(1);
    await t.app.ctx.db.delete(adminRolePermissions).where(eq(adminRolePermissions.roleId, role!.id));
    t.app.ctx.hooks.emit('principalsChanged', { roleIds: [role!.id] });
    await raise('WITHDRAW_REQUEST');
    expect(c.notices().length).toBe(1);
    // a locked account stops receiving as well
    await t.app.ctx.db.insert(adminRolePermissions).values({ roleId: role!.id, permissionKey: 'withdrawallist', actions: ['query'] });
    t.app.ctx.hooks.emit('principalsChanged', { roleIds: [role!.id] });
    await raise('WITHDRAW_REQUEST');
    expect(c.notices().length).toBe(2);
    await t.app.ctx.db.update(admins).set({ locked: true }).where(eq(admins.id, id));
    t.app.ctx.hooks.emit('principalsChanged', { adminIds: [id] });
    await raise('WITHDRAW_REQUEST');
    expect(c.notices().length).toBe(2);
  });

  it('never broadcasts KICKOUT_ANOTHER raised through notify()', async () => {
    const a = await signedIn(t);
    const c = track(await connectReady(base, a.id, a.token));
    await raise('KICKOUT_ANOTHER');
    expect(c.notices()).toEqual([]);
  });
});

describe('sessions', () => {
  it('sends KICKOUT_ANOTHER to the older session on a second sign-in, then closes it', async () => {
    const a = await makeAdmin(t);
    const first = await login(t, a.username, a.password);
    const bystander = await signedIn(t);
    const c1 = track(await connectReady(base, a.id, first));
    const cb = track(await connectReady(base, bystander.id, bystander.token));
    const second = await login(t, a.username, a.password);
    const kick = await c1.waitFor((f) => f.type === 'KICKOUT_ANOTHER');
    expect(kick).toMatchObject({
      cmd: 11,
      msgType: 'KICKOUT_ANOTHER',
      data: { reason: 'kickout', msg: '您的账号已在其他地方登录，当前会话已失效' },
    });
    expect(await c1.waitClose()).toEqual({ code: 4409, reason: 'session revoked: kickout' });
    // the kick-out frame came before the close, and only to the ended session
    const c2 = track(await connectReady(base, a.id, second));
    await Promise.all([c2.sync(), cb.sync()]);
    expect(c2.notices()).toEqual([]);
    expect(cb.notices()).toEqual([]);
    expect(cb.closeInfo).toBeNull();
  });

  it('closes the sockets of a session revoked by logout, without KICKOUT_ANOTHER', async () => {
    const a = await signedIn(t);
    const tabs = [track(await connectReady(base, a.id, a.token)), track(await connectReady(base, a.id, a.token))];
    expect((await post(t, '/api/adminUser/logout.do', {}, { token: a.token })).json().status).toBe(0);
    for (const c of tabs) {
      expect(await c.waitClose()).toEqual({ code: 4409, reason: 'session revoked: logout' });
      expect(c.notices()).toEqual([]);
    }
  });

  it('closes sockets whose session expired or whose account was locked (periodic check)', async () => {
    const a = await signedIn(t);
    const b = await signedIn(t);
    const ok = await signedIn(t);
    const [ca, cb, cok] = await Promise.all([a, b, ok].map(async (s) => track(await connectReady(base, s.id, s.token))));
    await t.app.ctx.db.execute(sql`UPDATE admin_sessions SET expires_at = now() - interval '1 second' WHERE admin_id = ${a.id}`);
    await t.app.ctx.db.update(admins).set({ locked: true }).where(eq(admins.id, b.id));
    expect(await t.app.realtime.checkSessions()).toBeGreaterThanOrEqual(2);
    expect(await ca.waitClose()).toEqual({ code: 4401, reason: 'session expired or revoked' });
    expect((await cb.waitClose()).code).toBe(4401);
    await cok.sync();
    expect(cok.closeInfo).toBeNull();
  });

  it('still counts the HTTP session as signed in while its socket is open', async () => {
    const a = await signedIn(t);
    track(await connectReady(base, a.id, a.token));
    expect((await get(t, '/api/user/info', {}, { token: a.token })).json().status).toBe(0);
  });
});

describe('heartbeat time-out', () => {
  let fast: TestApp;
  let fastBase: string;
  beforeAll(async () => {
    fast = await createTestApp({ SOCKET_HEARTBEAT_MS: '400', BUS_CHANNEL: `test:${randomUUID()}` });
    fastBase = await listen(fast);
  });
  afterAll(() => fast.close());

  it('closes a socket silent for more than two heartbeat intervals, keeps a talking one', async () => {
    const a = await signedIn(fast);
    const b = await signedIn(fast);
    // taken before the connect: the server starts the silent socket's clock when it accepts it, which is
    // after this moment, so the close can never come less than two intervals after it
    const started = Date.now();
    const silent = track(await connect(fastBase, a.id, a.token));
    const talking = track(await connectReady(fastBase, b.id, b.token));
    const timer = setInterval(() => talking.send({ cmd: 13 }), 100);
    try {
      const closed = await silent.waitClose(4000);
      const after = Date.now() - started;
      expect(closed).toEqual({ code: 4408, reason: 'heartbeat timeout' });
      // more than two intervals (800 ms) of silence; closed by the next sweep (every 100 ms)
      expect(after).toBeGreaterThanOrEqual(790);
      expect(after).toBeLessThan(3000);
      await sleep(500);
      expect(talking.closeInfo).toBeNull();
    } finally {
      clearInterval(timer);
    }
    expect((await talking.waitClose(4000)).code).toBe(4408);
  });
});

describe('socket-only port (SOCKET_PORT)', () => {
  it('serves the socket path on the extra port and nothing else', async () => {
    const port = await freePort();
    const s = await createTestApp({ SOCKET_PORT: String(port), HOST: '127.0.0.1', BUS_CHANNEL: `test:${randomUUID()}` });
    try {
      const a = await signedIn(s);
      const c = track(await connectReady(`ws://127.0.0.1:${port}`, a.id, a.token));
      notify(s.app.ctx, { type: 'WITHDRAW_REQUEST', data: { id: 5, amount: '12.50' } });
      const n = await c.waitFor((f) => f.type === 'WITHDRAW_REQUEST');
      expect(n.data).toEqual({ id: 5, amount: '12.50' });
      const bad = track(await connect(`ws://127.0.0.1:${port}`, a.id, 'nope'));
      expect((await bad.waitClose()).code).toBe(4401);
      const r = await fetch(`http://127.0.0.1:${port}/api/user/info`);
      expect(r.status).toBe(404);
      expect(await r.json()).toEqual({ status: 1, msg: '此端口仅提供 /manager/ws/{adminId} 实时通道', data: null });
      const en = await fetch(`http://127.0.0.1:${port}/`, { headers: { lang: 'en-US' } });
      expect((await en.json()).msg).toBe('This port only serves the live socket /manager/ws/{adminId}');
      await s.close();
      expect((await c.waitClose()).code).toBe(1012);
    } finally {
      await s.close().catch(() => {});
    }
  });
});
