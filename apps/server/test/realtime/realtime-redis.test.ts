import { randomBytes, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { ensureBuiltinRoles } from '../../src/modules/admins/service.js';
import { riskRules } from '../../src/modules/risk/settings.js';
import { paySettingsOf } from '../../src/modules/funds/paysettings.js';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/db/rows.js';
import { createUserSession } from '../../src/modules/users/index.js';
import { notify } from '../../src/realtime/notify.js';
import { get, login, makeAdmin, post, type TestApp } from '../helpers.js';
import { connectReady, listen, sleep, TcpRelay, type Client } from './realtime.helpers.js';

/**
 * Two instances in one process: one database, one Redis channel, a TCP relay in front of Redis so
 * that the test can make Redis unreachable and bring it back without touching the real server.
 */
const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('two instances over the Redis bus', () => {
  let database: Database;
  let schemaName: string | undefined;
  let relay: TcpRelay;
  let A: TestApp;
  let B: TestApp;
  let baseA: string;
  let baseB: string;
  const logs: { A: string[]; B: string[] } = { A: [], B: [] };
  const open: Client[] = [];
  const track = (c: Client) => (open.push(c), c);

  const sink = (into: string[]) =>
    new Writable({
      write(chunk, _enc, cb) {
        into.push(String(chunk));
        cb();
      },
    });

  beforeAll(async () => {
    const u = new URL(redisUrl!);
    relay = new TcpRelay({ host: u.hostname, port: Number(u.port || 6379) });
    await relay.start(0);
    const config: Config = loadConfig({
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      SECRET_KEY: 'test-secret-key-0123456789',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      REDIS_URL: `redis://127.0.0.1:${relay.port}`,
      BUS_CHANNEL: `test:${randomUUID()}`,
    });
    schemaName = config.DATABASE_URL ? `t_${randomBytes(6).toString('hex')}` : undefined;
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, schemaName, poolSize: 8 });
    await migrate(database);
    await ensureBuiltinRoles(database.db);
    const make = async (name: 'A' | 'B'): Promise<TestApp> => {
      const app: FastifyInstance = await buildApp({ config, database, logStream: sink(logs[name]) });
      await app.ready();
      return { app, config, close: () => app.close() };
    };
    A = await make('A');
    B = await make('B');
    baseA = await listen(A);
    baseB = await listen(B);
    expect(A.app.realtime.stats()).toMatchObject({ bus: 'redis', busConnected: true });
    expect(B.app.realtime.stats()).toMatchObject({ bus: 'redis', busConnected: true });
  });

  afterAll(async () => {
    for (const c of open) c.close();
    await A?.close();
    await B?.close();
    await relay?.cut();
    if (schemaName) await database.withConnection((q) => q(`DROP SCHEMA "${schemaName}" CASCADE`));
    await database?.close();
  });

  const settle = async () => {
    await A.app.realtime.settle();
    await B.app.realtime.settle();
    await sleep(150);
  };

  it('delivers an event raised on A to a socket held by B', async () => {
    const s = await makeAdmin(A, 'finance');
    const token = await login(A, s.username, s.password);
    const onB = track(await connectReady(baseB, s.id, token));
    notify(A.app.ctx, { type: 'RECHARGE', data: { id: 'R1', amount: '88.00' } });
    const f = await onB.waitFor((x) => x.type === 'RECHARGE');
    expect(f.data).toEqual({ id: 'R1', amount: '88.00' });
    await settle();
    expect(onB.notices().length).toBe(1); // exactly once: A ignores its own copy, B gets one
  });

  it('kicks out a session held on B when the admin signs in again on A', async () => {
    const s = await makeAdmin(A);
    const first = await login(B, s.username, s.password);
    const onB = track(await connectReady(baseB, s.id, first));
    await login(A, s.username, s.password);
    await onB.waitFor((f) => f.type === 'KICKOUT_ANOTHER');
    expect(await onB.waitClose()).toEqual({ code: 4409, reason: 'session revoked: kickout' });
  });

  it("closes B's socket and drops B's cached session when the session is revoked on A", async () => {
    const s = await makeAdmin(A);
    const token = await login(A, s.username, s.password);
    expect((await get(B, '/api/user/info', {}, { token })).json().status).toBe(0); // now cached on B
    const onB = track(await connectReady(baseB, s.id, token));
    expect((await post(A, '/api/adminUser/logout.do', {}, { token })).json().status).toBe(0);
    expect(await onB.waitClose()).toEqual({ code: 4409, reason: 'session revoked: logout' });
    expect((await get(B, '/api/user/info', {}, { token })).json().status).toBe(10);
  });

  it("uses a risk rule saved on A on B within one second (B's cached rules dropped over the bus)", async () => {
    const s = await makeAdmin(A, 'risk');
    const token = await login(A, s.username, s.password);
    const before = await riskRules(B.app.ctx);
    expect(await riskRules(B.app.ctx)).toBe(before); // B reads the rules once and keeps them
    const fee = before.docs.stock.buyFeePct === '0.027' ? '0.028' : '0.027';
    const current = (await post(A, '/admin/risk/stock/get.do', {}, { token, json: true })).json().data;
    const saved = (
      await post(A, '/admin/risk/stock/update.do', { ...current.settings, version: current.version, buyFeePct: fee }, { token, json: true })
    ).json();
    expect(saved).toMatchObject({ status: 0, data: { settings: { buyFeePct: fee } } });
    const start = Date.now();
    while ((await riskRules(B.app.ctx)).docs.stock.buyFeePct !== fee && Date.now() - start < 5_000) await sleep(20);
    expect((await riskRules(B.app.ctx)).docs.stock.buyFeePct).toBe(fee);
    expect(Date.now() - start).toBeLessThan(1_000);
  });

  it('uses pay settings saved on A on B within one second (issue 64: B reads them once, a save drops them over the bus)', async () => {
    const f = await makeAdmin(A, 'finance');
    const token = await login(A, f.username, f.password);
    const before = await paySettingsOf(B.app.ctx);
    // B keeps its copy: a row changed behind its back (no save through the service) is not seen
    await B.app.ctx.db.execute(sql`UPDATE pay_settings SET min_withdraw = min_withdraw + 1 WHERE id = 1`);
    expect((await paySettingsOf(B.app.ctx)).minWithdraw).toBe(before.minWithdraw);
    const current = (await post(A, '/admin/paySetting/get.do', {}, { token, json: true })).json().data;
    const min = current.minWithdraw === '123.00' ? '124.00' : '123.00';
    const { timeZone: _tz, updatedAt: _at, ...fields } = current;
    const saved = (await post(A, '/admin/paySetting/update.do', { ...fields, minWithdraw: min }, { token, json: true })).json();
    expect(saved).toMatchObject({ status: 0, data: { minWithdraw: min } });
    const start = Date.now();
    while ((await paySettingsOf(B.app.ctx)).minWithdraw !== min && Date.now() - start < 5_000) await sleep(20);
    expect((await paySettingsOf(B.app.ctx)).minWithdraw).toBe(min);
    expect(Date.now() - start).toBeLessThan(1_000);
  });

  it("refuses B's quotes of a stock locked on A within one second (issue 64: B's copy of the stock rows dropped over the bus)", async () => {
    const a = await makeAdmin(A, 'admin');
    const token = await login(A, a.username, a.password);
    const code = `603${String(Date.now()).slice(-3)}`;
    const added = (await post(A, '/admin/stock/add.do', { code, name: '总线银行', market: 'sh' }, { token })).json();
    expect(added.status).toBe(0);
    const phone = `136${String(Date.now()).slice(-8)}`;
    const [u] = rows<{ id: number }>(
      await A.app.ctx.db.execute(sql`INSERT INTO users (phone, password_hash, nick_name) VALUES (${phone}, 'x', 'bus') RETURNING id`),
    );
    const session = await createUserSession(A.app.ctx.db, u!.id, { ip: '127.0.0.1' });
    const quote = async () =>
      (
        await B.app.inject({
          method: 'POST',
          url: '/app/stock/quote.do',
          headers: { usertoken: session.token, 'content-type': 'application/json' },
          payload: JSON.stringify({ gid: `sh${code}` }),
        })
      ).json();
    expect(await quote()).toMatchObject({ status: 0, data: { gid: `sh${code}`, locked: false } });
    expect(
      (await post(A, '/admin/stock/updateLock.do', { id: added.data.id, locked: true, reason: '停牌' }, { token, json: true })).json()
        .status,
    ).toBe(0);
    const start = Date.now();
    while ((await quote()).status === 0 && Date.now() - start < 5_000) await sleep(20);
    expect(await quote()).toMatchObject({ status: 1, msg: '该股票已暂停交易' });
    expect(Date.now() - start).toBeLessThan(1_000);
  });

  it("refuses a platform user's token on B within one second of its sign-out on A (issue 64: B's cached session dropped over the bus)", async () => {
    const phone = `137${String(Date.now()).slice(-8)}`;
    const [u] = rows<{ id: number }>(
      await A.app.ctx.db.execute(sql`INSERT INTO users (phone, password_hash, nick_name) VALUES (${phone}, 'x', 'bus') RETURNING id`),
    );
    const { token } = await createUserSession(A.app.ctx.db, u!.id, { ip: '127.0.0.1' });
    const info = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/app/user/info.do',
        headers: { usertoken: token, 'content-type': 'application/json' },
        payload: '{}',
      });
    expect((await info(B)).json()).toMatchObject({ status: 0, data: { id: u!.id } });
    // B holds the session now (cached: the next calls on B read nothing)
    const out = (
      await A.app.inject({
        method: 'POST',
        url: '/app/user/logout.do',
        headers: { usertoken: token, 'content-type': 'application/json' },
        payload: '{}',
      })
    ).json();
    expect(out).toMatchObject({ status: 0 });
    expect((await info(A)).json()).toMatchObject({ status: 10 });
    const start = Date.now();
    while ((await info(B)).json().status === 0 && Date.now() - start < 5_000) await sleep(20);
    expect((await info(B)).json()).toMatchObject({ status: 10 });
    expect(Date.now() - start).toBeLessThan(1_000);
  });

  it('keeps local delivery while Redis is unreachable and resumes cross-instance delivery when it returns', async () => {
    const s1 = await makeAdmin(A, 'finance');
    const s2 = await makeAdmin(A, 'finance');
    const onA = track(await connectReady(baseA, s1.id, await login(A, s1.username, s1.password)));
    const onB = track(await connectReady(baseB, s2.id, await login(B, s2.username, s2.password)));

    await relay.cut();
    for (let i = 0; i < 100 && (A.app.realtime.stats().busConnected || B.app.realtime.stats().busConnected); i++) await sleep(50);
    expect(A.app.realtime.stats().busConnected).toBe(false);
    // not ready (a load balancer drains it), yet alive and serving its own sockets
    const notReady = await A.app.inject({ method: 'GET', url: '/readyz' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toMatchObject({ status: 'not_ready', db: 'up', redis: 'down' });
    expect((await A.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    notify(A.app.ctx, { type: 'WITHDRAW_REQUEST', data: { id: 'during-outage' } });
    await onA.waitFor((f) => f.data?.id === 'during-outage');
    // A's own kick-out still works: sign in again on A while the socket is on A
    const kicked = await makeAdmin(A);
    const old = await login(A, kicked.username, kicked.password);
    const kickedOnA = track(await connectReady(baseA, kicked.id, old));
    await login(A, kicked.username, kicked.password);
    await kickedOnA.waitFor((f) => f.type === 'KICKOUT_ANOTHER');
    await settle();
    expect(onB.notices().length).toBe(0);
    await sleep(1500); // several reconnect attempts
    expect(logs.A.join('').match(/Redis unreachable/g)?.length).toBe(1);

    await relay.restore();
    for (let i = 0; i < 100 && !(A.app.realtime.stats().busConnected && B.app.realtime.stats().busConnected); i++) await sleep(50);
    expect(B.app.realtime.stats().busConnected).toBe(true);
    expect((await A.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({ status: 'ready', redis: 'up' });
    notify(A.app.ctx, { type: 'WITHDRAW_REQUEST', data: { id: 'after-outage' } });
    await onB.waitFor((f) => f.data?.id === 'after-outage');
    expect(onB.notices().map((f) => f.data?.id)).toEqual(['after-outage']);
    expect(logs.A.join('')).toMatch(/Redis is back; cross-instance delivery resumed/);
  });
});
