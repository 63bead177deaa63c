import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../../src/modules/admins/service.js';
import { setReferencePrices } from '../../src/modules/market/store.js';
import { seedRisk } from '../../src/modules/risk/seed.js';
import { Simulation, summary } from '../../src/simulate/index.js';
import { rechargeChannels } from '../funds/funds.helpers.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';

/**
 * Issue 37: `npm run simulate` drives the public APIs as end users and operator bots; a run against a server
 * passes (no 5xx, every answer in the envelope, no lost notice), and a server error makes it fail with exit 1.
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ QUOTE_SESSION: 'continuous', QUOTE_INTERVAL_MS: '500', SINGLE_SESSION: 'false' });
  const admin = (await signedIn(t, 'admin')).token;
  await createAdmin(t.app.ctx.db, { username: 'simops', name: '模拟运营', password: 'simops123', roleCode: 'admin' });
  await setReferencePrices(t.app.ctx.db, [
    { gid: 'sh600036', prevClose: '40.00' },
    { gid: 'sz000001', prevClose: '12.00' },
  ]);
  for (const [code, name, market] of [
    ['600036', '招商银行', 'sh'],
    ['000001', '平安银行', 'sz'],
  ])
    expect((await post(t, '/admin/stock/add.do', { code, name, market }, { token: admin })).json().status).toBe(0);
  await rechargeChannels(t, admin);
  // the demo's all-day hours (its seed's): the configured hours hold on the all-day market too
  await seedRisk(t.app.ctx);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(() => t.close());

describe('the simulator', () => {
  it('runs users and operator bots through the public APIs: no 5xx, nothing outside the envelope, no lost notice', async () => {
    const sim = new Simulation({
      bases: [base],
      users: 12,
      rate: 25,
      duration: 12,
      seed: 'test',
      operators: true,
      operatorLogins: [{ username: 'simops', password: 'simops123' }],
      gids: ['sh600036', 'sz000001'],
      progress: 'none',
    });
    const r = await sim.result();
    const text = summary(r);
    expect(r.failures, text).toEqual([]);
    const actions = r.rec.actions;
    // the lifecycle ran: registered, verified by an operator, funded, traded
    for (const a of ['register', 'realName', 'approveRealName', 'bindCard', 'deposit'])
      expect(actions.get(a)?.ok ?? 0, `${a}\n${text}`).toBeGreaterThan(0);
    expect(r.rec.total().count).toBeGreaterThan(100);
    expect(text).toMatch(/passed: no 5xx/);
    // buys placed by funded users were each announced on the operators' socket (none lost)
    expect(actions.get('buy')?.ok ?? 0, text).toBeGreaterThan(0);
    expect(r.notices.get('BUY_GP_REQUEST') ?? 0).toBeGreaterThanOrEqual(actions.get('buy')!.ok);
  }, 60_000);

  it('exits 1 and says why when the server answers 5xx', async () => {
    // a proxy that breaks one call: what a server bug looks like from outside
    const proxy = http.createServer((req, res) => {
      if (req.url === '/app/user/register.do') {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"status":1,"msg":"boom","data":null}');
        return;
      }
      const up = http.request(`${base}${req.url}`, { method: req.method, headers: req.headers }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      req.pipe(up);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/simulate/cli.ts', '--base', url, '--duration', '3', '--users', '3', '--rate', '5', '--seed', 'boom'],
      {
        cwd: new URL('../..', import.meta.url).pathname,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d));
    child.stderr!.on('data', (d: Buffer) => (out += d));
    const code = await new Promise<number | null>((r) => child.on('exit', r));
    proxy.close();
    expect(code, out).toBe(1);
    expect(out).toMatch(/FAILED: \d+ × HTTP 5xx/);
    expect(out).toMatch(/register: HTTP 500/);
  }, 60_000);
});
