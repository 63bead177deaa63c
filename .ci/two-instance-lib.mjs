// Helpers of .ci/two-instance.mjs (call `configure` first, as it does): Redis over a raw socket (PING, stop,
// restart), the relay between the instances and Redis, the server instances and their logs, API calls, console
// sockets, the cluster workers of an instance, the cross-instance kick-out.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'apps/server/package.json'));
export const pg = require('pg');
const WebSocket = require('ws');

/** Where Redis, the relay and the database are, and the schema and bus channel of this run. */
let redisHost, redisPort, RELAY_PORT, DATABASE_URL, schema, channel;
export function configure(opts) {
  ({ redisHost, redisPort, RELAY_PORT, DATABASE_URL, schema, channel } = opts);
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function assert(cond, msg) {
  if (!cond) throw new Error(msg);
}

/** One RESP command to Redis over a raw socket (no client library needed for PING/SHUTDOWN). */
export function redisCommand(args, timeoutMs = 1000) {
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
export const redisUp = async () => (await redisCommand(['PING'])) === '+PONG';

export let redisStopped = false;
export async function stopRedis() {
  assert(['127.0.0.1', 'localhost', '::1'].includes(redisHost), '--stop-redis only stops a Redis on this machine');
  redisStopped = true;
  await redisCommand(['SHUTDOWN', 'NOSAVE']);
  for (let i = 0; i < 50 && (await redisUp()); i++) await sleep(100);
  assert(!(await redisUp()), 'Redis did not stop');
}
export async function startRedis() {
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
export class Relay {
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

export function withSearchPath(url, schemaName) {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schemaName}`);
  return u.toString();
}

export const children = [];
export function startInstance(name, port, redisUrl, seed, extraEnv = {}) {
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

export async function waitHealthy(inst, ms = 90_000) {
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

export async function waitLog(inst, re, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (re.test(inst.logs.join(''))) return true;
    await sleep(100);
  }
  return false;
}

export async function call(inst, urlPath, body, token) {
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
export function callFresh(inst, urlPath, body) {
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

export async function signIn(inst, username = 'admin', password = 'admin123', { fresh = false } = {}) {
  const body = { username, password };
  const r = fresh ? await callFresh(inst, '/api/adminUser/login.do', body) : await call(inst, '/api/adminUser/login.do', body);
  assert(r.status === 0, `sign-in on ${inst.name} refused: ${r.msg}`);
  return r.data;
}

/** A console socket that records its frames; resolves once the server answered a heartbeat. */
export async function openSocket(inst, adminId, token) {
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
export const sockets = [];

/** Process ids of the node processes whose parent is the instance's process (its cluster workers). */
export function childPids(inst) {
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
export async function waitWorkers(inst, n, ok = () => true, ms = 30_000) {
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

export async function waitClosed(s, ms = 5000) {
  const r = await Promise.race([s.closed, sleep(ms).then(() => null)]);
  assert(r, `socket not closed within ${ms} ms`);
  return r;
}

/** Signs in on `to` while the admin's socket (signed in on `from`) is on `holder`; expects the kick-out there. */
export async function kickoutAcross(holder, signInOn, ms = 5000, fresh = false) {
  const first = await signIn(holder, undefined, undefined, { fresh });
  const s = await openSocket(holder, first.id, first.token);
  await signIn(signInOn, undefined, undefined, { fresh });
  const closed = await waitClosed(s, ms);
  const kick = s.frames.findIndex((f) => f.type === 'KICKOUT_ANOTHER');
  assert(kick >= 0, `no KICKOUT_ANOTHER on ${holder.name}'s socket (frames ${JSON.stringify(s.frames)})`);
  assert(closed.code === 4409 && closed.reason === 'session revoked: kickout', `unexpected close ${JSON.stringify(closed)}`);
}
