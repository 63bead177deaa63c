#!/usr/bin/env node
// Two server instances on one PostgreSQL database and one Redis: a socket held by instance B must
// receive what an action on instance A raises (through the Redis bus); while Redis is unreachable
// each instance still delivers to its own sockets; when Redis is back, cross-instance delivery
// resumes without a restart.
//
// The action used is the kick-out: signing in on A as an admin whose socket is on B revokes B's
// session, which travels over the bus as a revocation and reaches B's socket as KICKOUT_ANOTHER.
//
// Redis outage: by default a TCP relay sits between the instances and Redis, and the outage cuts
// the relay (to the servers this is exactly a stopped Redis: connections drop, reconnects are
// refused) — other users of the shared Redis are not disturbed. With --stop-redis the real Redis at
// REDIS_URL (127.0.0.1 only) is shut down and started again; it is restarted in `finally` whatever
// happens.
//
// Last, instance C runs as two worker processes (WEB_CONCURRENCY=2, node:cluster on one port): a
// socket on one worker is kicked out by sign-ins served by the other (a new connection goes to the
// worker with the fewest open ones), and a worker that dies is replaced while C keeps serving.
//
// Usage: DATABASE_URL=postgres://... REDIS_URL=redis://127.0.0.1:6379 node .ci/two-instance.mjs [--stop-redis]
// Ports used: 18210-18219. Prints "N passed, M failed" last; exits 1 on any failure.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'apps/server/package.json'));
const pg = require('pg');
const WebSocket = require('ws');

const { DATABASE_URL, REDIS_URL } = process.env;
if (!DATABASE_URL || !REDIS_URL) {
  console.log('two-instance: skipped (set both DATABASE_URL and REDIS_URL to run it)');
  console.log('0 passed, 0 failed (skipped)');
  process.exit(0);
}

const STOP_REDIS = process.argv.includes('--stop-redis');
const PORT_A = 18211;
const PORT_B = 18212;
const PORT_C = 18213;
const RELAY_PORT = 18219;
const redis = new URL(REDIS_URL);
const redisHost = redis.hostname || '127.0.0.1';
const redisPort = Number(redis.port || 6379);
const schema = `ti_${randomBytes(5).toString('hex')}`;
const channel = `two-instance:${schema}`;

let passed = 0;
let failed = 0;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function check(name, fn) {
  const started = Date.now();
  try {
    await fn();
    passed++;
    console.log(`  ok   ${name} (${Date.now() - started} ms)`);
  } catch (e) {
    failed++;
    console.log(`  FAIL ${name}: ${e?.message ?? e}`);
  }
}

function assert(cond, msg) {
  if (!cond) throw new Error(msg);
}

/** One RESP command to Redis over a raw socket (no client library needed for PING/SHUTDOWN). */
function redisCommand(args, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const s = net.connect(redisPort, redisHost);
    let out = '';
    const done = (v) => {
      s.destroy();
      resolve(v);
    };
    s.setTimeout(timeoutMs, () => done(null));
    s.on('error', () => done(null));
    s.on('data', (d) => {
      out += d;
      if (out.endsWith('\r\n')) done(out.trim());
    });
    s.on('close', () => done(out.trim() || null));
    s.write(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`);
  });
}
const redisUp = async () => (await redisCommand(['PING'])) === '+PONG';

let redisStopped = false;
async function stopRedis() {
  assert(['127.0.0.1', 'localhost', '::1'].includes(redisHost), '--stop-redis only stops a Redis on this machine');
  redisStopped = true;
  await redisCommand(['SHUTDOWN', 'NOSAVE']);
  for (let i = 0; i < 50 && (await redisUp()); i++) await sleep(100);
  assert(!(await redisUp()), 'Redis did not stop');
}
async function startRedis() {
  if (!redisStopped) return;
  // The machine's own start command (see the CI notes), on REDIS_URL's port.
  const r = spawnSync(
    'redis-server',
    [
      '--daemonize',
      'yes',
      '--bind',
      '127.0.0.1',
      '-::1',
      '--port',
      String(redisPort),
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      '/var/lib/redis',
      '--logfile',
      '/var/log/redis/ci.log',
    ],
    { encoding: 'utf8', timeout: 15_000 },
  );
  if (r.status !== 0) {
    // Fall back to the plain form .ci/run uses, in case the folders above do not exist.
    spawnSync(
      'redis-server',
      ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', String(redisPort), '--save', '', '--appendonly', 'no'],
      { timeout: 15_000 },
    );
  }
  for (let i = 0; i < 100 && !(await redisUp()); i++) await sleep(100);
  if (await redisUp()) redisStopped = false;
  else console.log('  !! Redis could not be restarted: start it by hand');
}

/** The relay between the instances and Redis; `cut()` makes Redis unreachable, `restore()` reachable. */
class Relay {
  server = null;
  socks = new Set();
  async start() {
    const server = net.createServer((client) => {
      const up = net.connect(redisPort, redisHost);
      this.socks.add(client).add(up);
      const end = () => {
        client.destroy();
        up.destroy();
        this.socks.delete(client);
        this.socks.delete(up);
      };
      client.on('error', end).on('close', end);
      up.on('error', end).on('close', end);
      client.pipe(up).pipe(client);
    });
    await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(RELAY_PORT, '127.0.0.1', resolve);
    });
    this.server = server;
  }
  async cut() {
    const s = this.server;
    this.server = null;
    for (const x of this.socks) x.destroy();
    this.socks.clear();
    if (s) await new Promise((r) => s.close(r));
  }
}

function withSearchPath(url, schemaName) {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schemaName}`);
  return u.toString();
}

const children = [];
function startInstance(name, port, redisUrl, seed, extraEnv = {}) {
  const logs = [];
  const env = { ...process.env };
  delete env.SOCKET_PORT;
  // The built server (npm test, which runs before this, builds it).
  const child = spawn(process.execPath, ['dist/main.mjs'], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: withSearchPath(DATABASE_URL, schema),
      REDIS_URL: redisUrl,
      BUS_CHANNEL: channel,
      SEED_DEMO: seed ? 'true' : 'false',
      LOG_LEVEL: 'warn',
      SECRET_KEY: process.env.SECRET_KEY ?? 'two-instance-secret-key-0123456789',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => logs.push(String(d)));
  child.stderr.on('data', (d) => logs.push(String(d)));
  const inst = { name, port, child, logs, http: `http://127.0.0.1:${port}`, ws: `ws://127.0.0.1:${port}`, exited: false };
  child.on('exit', () => (inst.exited = true));
  children.push(inst);
  return inst;
}

async function waitHealthy(inst, ms = 90_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (inst.exited) throw new Error(`instance ${inst.name} exited:\n${inst.logs.join('').slice(-3000)}`);
    try {
      const r = await fetch(`${inst.http}/healthz`);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(200);
  }
  throw new Error(`instance ${inst.name} not healthy within ${ms} ms:\n${inst.logs.join('').slice(-3000)}`);
}

async function waitLog(inst, re, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (re.test(inst.logs.join(''))) return true;
    await sleep(100);
  }
  return false;
}

async function call(inst, urlPath, body, token) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.admintoken = token;
  const r = await fetch(`${inst.http}${urlPath}`, {
    method: body ? 'POST' : 'GET',
    headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  return r.json();
}

/** A POST on a connection of its own (fetch would reuse a kept-alive one, always the same worker). */
function callFresh(inst, urlPath, body) {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request(
      `${inst.http}${urlPath}`,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve(JSON.parse(text)));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

async function signIn(inst, username = 'admin', password = 'admin123', { fresh = false } = {}) {
  const body = { username, password };
  const r = fresh ? await callFresh(inst, '/api/adminUser/login.do', body) : await call(inst, '/api/adminUser/login.do', body);
  assert(r.status === 0, `sign-in on ${inst.name} refused: ${r.msg}`);
  return r.data;
}

/** A console socket that records its frames; resolves once the server answered a heartbeat. */
async function openSocket(inst, adminId, token) {
  const ws = new WebSocket(`${inst.ws}/manager/ws/${adminId}?token=${encodeURIComponent(token)}`);
  const s = { ws, frames: [], close: null };
  s.closed = new Promise((resolve) =>
    ws.on('close', (code, reason) => {
      s.close = { code, reason: String(reason) };
      resolve(s.close);
    }),
  );
  ws.on('message', (d) => {
    try {
      s.frames.push(JSON.parse(String(d)));
    } catch {
      s.frames.push({ invalid: String(d) });
    }
  });
  ws.on('error', () => {});
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ cmd: 13 }));
  const deadline = Date.now() + 5000;
  while (!s.frames.some((f) => f.cmd === 13)) {
    assert(Date.now() < deadline && !s.close, `no heartbeat reply from ${inst.name} (close ${JSON.stringify(s.close)})`);
    await sleep(20);
  }
  sockets.push(s);
  return s;
}
const sockets = [];

/** Process ids of the node processes whose parent is the instance's process (its cluster workers). */
function childPids(inst) {
  const out = [];
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      // fields after the command name (which may hold spaces): state, ppid, …
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === inst.child.pid) out.push(Number(d));
    } catch {
      /* gone */
    }
  }
  return out.sort((a, b) => a - b);
}

/**
 * Waits until the instance has `n` workers (and `ok(pids)` holds), all of them listening (the primary
 * names them once they are: connections only go to listening workers); returns their pids.
 */
async function waitWorkers(inst, n, ok = () => true, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const pids = childPids(inst);
    const serving = [...inst.logs.join('').matchAll(/worker processes serving \(pids ([\d, ]+)\)/g)].at(-1)?.[1];
    const listening = serving
      ?.split(', ')
      .map(Number)
      .sort((a, b) => a - b);
    if (pids.length === n && ok(pids) && JSON.stringify(listening) === JSON.stringify(pids)) return pids;
    assert(Date.now() < deadline, `${inst.name} has workers ${JSON.stringify(pids)}, expected ${n}`);
    await sleep(100);
  }
}

async function waitClosed(s, ms = 5000) {
  const r = await Promise.race([s.closed, sleep(ms).then(() => null)]);
  assert(r, `socket not closed within ${ms} ms`);
  return r;
}

/** Signs in on `to` while the admin's socket (signed in on `from`) is on `holder`; expects the kick-out there. */
async function kickoutAcross(holder, signInOn, ms = 5000, fresh = false) {
  const first = await signIn(holder, undefined, undefined, { fresh });
  const s = await openSocket(holder, first.id, first.token);
  await signIn(signInOn, undefined, undefined, { fresh });
  const closed = await waitClosed(s, ms);
  const kick = s.frames.findIndex((f) => f.type === 'KICKOUT_ANOTHER');
  assert(kick >= 0, `no KICKOUT_ANOTHER on ${holder.name}'s socket (frames ${JSON.stringify(s.frames)})`);
  assert(closed.code === 4409 && closed.reason === 'session revoked: kickout', `unexpected close ${JSON.stringify(closed)}`);
}

// Interrupted (Ctrl-C, CI time-out): still restart Redis and stop the instances.
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.once(sig, () => {
    for (const c of children) if (!c.exited) c.child.kill('SIGKILL');
    startRedis().finally(() => process.exit(130));
  });
}

const relay = new Relay();
const pgClient = new pg.Client({ connectionString: DATABASE_URL });
let exitCode = 1;
try {
  console.log(
    `two-instance: schema ${schema}, Redis ${redisHost}:${redisPort} (${STOP_REDIS ? 'outage = real stop/restart' : 'outage = relay cut'})`,
  );
  assert(await redisUp(), `Redis at ${REDIS_URL} does not answer PING`);
  await pgClient.connect();
  await pgClient.query(`CREATE SCHEMA "${schema}"`);
  let instanceRedis = REDIS_URL;
  if (!STOP_REDIS) {
    await relay.start();
    instanceRedis = `redis://127.0.0.1:${RELAY_PORT}`;
  }

  const A = startInstance('A', PORT_A, instanceRedis, true);
  await waitHealthy(A); // A migrates and seeds first (the demo admins), then B joins the same schema
  const B = startInstance('B', PORT_B, instanceRedis, false);
  await waitHealthy(B);

  await check('both instances answer on one database (sign-in on A and on B)', async () => {
    await signIn(A, 'finance', 'finance123');
    await signIn(B, 'finance', 'finance123');
  });

  await check('a socket on B receives KICKOUT_ANOTHER raised by a sign-in on A (through Redis)', () => kickoutAcross(B, A));
  await check('and the other way round (socket on A, sign-in on B)', () => kickoutAcross(A, B));

  await check("a logout on A closes the session's socket held on B", async () => {
    const s1 = await signIn(A);
    const s = await openSocket(B, s1.id, s1.token);
    const r = await call(A, '/api/adminUser/logout.do', {}, s1.token);
    assert(r.status === 0, `logout failed: ${r.msg}`);
    const c = await waitClosed(s);
    assert(c.code === 4409 && c.reason === 'session revoked: logout', `unexpected close ${JSON.stringify(c)}`);
    const info = await call(B, '/api/user/info', undefined, s1.token);
    assert(info.status === 10, 'B still accepts the revoked token');
  });

  // --- Redis outage ---
  if (STOP_REDIS) await stopRedis();
  else await relay.cut();
  await check('both instances log the Redis fault (once) and keep serving HTTP', async () => {
    assert(await waitLog(A, /Redis unreachable/, 5000), 'A did not log the fault');
    assert(await waitLog(B, /Redis unreachable/, 5000), 'B did not log the fault');
    await sleep(2500); // several reconnect attempts later, still one line per outage
    for (const inst of [A, B]) {
      const n = inst.logs.join('').match(/Redis unreachable/g)?.length ?? 0;
      assert(n === 1, `${inst.name} logged the fault ${n} times`);
    }
    await signIn(A, 'finance', 'finance123');
    await signIn(B, 'finance', 'finance123');
  });
  await check('with Redis down, a sign-in on A still kicks out the socket on A (local delivery)', () => kickoutAcross(A, A));
  await check('with Redis down, a sign-in on B still kicks out the socket on B (local delivery)', () => kickoutAcross(B, B));

  // --- Redis back ---
  if (STOP_REDIS) await startRedis();
  else await relay.start();
  await check('when Redis returns, both instances reconnect without a restart', async () => {
    assert(await waitLog(A, /Redis is back/, 15_000), 'A did not reconnect');
    assert(await waitLog(B, /Redis is back/, 15_000), 'B did not reconnect');
    assert(!A.exited && !B.exited, 'an instance exited');
  });
  await check('cross-instance delivery resumes: sign-in on A kicks out the socket on B', () => kickoutAcross(B, A));

  // --- one instance of two worker processes ---
  const C = startInstance('C', PORT_C, instanceRedis, false, { WEB_CONCURRENCY: '2', DATABASE_POOL_SIZE: '2' });
  await waitHealthy(C);
  let workers = [];
  await check('C (WEB_CONCURRENCY=2) runs two worker processes under one primary', async () => {
    workers = await waitWorkers(C, 2);
  });
  await check("sockets on C are kicked out by sign-ins on C's other worker (through Redis), 4 times", async () => {
    for (let i = 0; i < 4; i++) await kickoutAcross(C, C, 5000, true);
  });
  await check('a worker that dies is replaced, and C keeps serving', async () => {
    process.kill(workers[0], 'SIGKILL');
    const now = await waitWorkers(C, 2, (pids) => !pids.includes(workers[0]));
    assert(now.includes(workers[1]), 'the other worker was restarted too');
    assert(!C.exited, 'the primary exited');
    for (let i = 0; i < 4; i++) await signIn(C, 'finance', 'finance123', { fresh: true });
    await kickoutAcross(C, C, 5000, true);
  });

  exitCode = failed ? 1 : 0;
} catch (e) {
  failed++;
  console.log(`  FAIL setup: ${e?.stack ?? e}`);
} finally {
  for (const s of sockets) s.ws.terminate();
  for (const c of children) if (!c.exited) c.child.kill('SIGTERM');
  await Promise.race([Promise.all(children.map((c) => (c.exited ? null : new Promise((r) => c.child.once('exit', r))))), sleep(10_000)]);
  for (const c of children) if (!c.exited) c.child.kill('SIGKILL');
  if (redisStopped) await startRedis();
  await relay.cut().catch(() => {});
  try {
    await pgClient.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } catch {
    /* not connected */
  }
  await pgClient.end().catch(() => {});
  if (failed) {
    for (const c of children) console.log(`--- ${c.name} log (tail)\n${c.logs.join('').slice(-4000)}`);
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : exitCode);
}
