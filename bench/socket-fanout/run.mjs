#!/usr/bin/env node
// Socket fan-out benchmark (DESIGN §7): N signed-in console sockets on one instance (in-process bus)
// and on two instances (Redis bus, sockets split evenly, events raised on instance A); E events are
// raised through notify() at a fixed rate; reports delivery latency p50/p99/max, lost/duplicated/
// misrouted notices, and the server's RSS. Only 127.0.0.1 is used (ports 18240-18249).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 \
//     node bench/socket-fanout/run.mjs [--sockets 1000,5000] [--instances 1,2] [--events 1000] [--rate auto|N]
//
// Without DATABASE_URL the one-instance runs use the embedded database; without REDIS_URL (or
// DATABASE_URL) the two-instance runs are skipped.
import { execFileSync, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const require = createRequire(path.join(root, 'apps/server/package.json'));
const pg = require('pg');

function arg(name, def) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : def;
}
const SOCKETS = arg('sockets', '1000,5000').split(',').map(Number);
const INSTANCES = arg('instances', '1,2').split(',').map(Number);
const EVENTS = Number(arg('events', '1000'));
// Events per second; `auto` keeps the fan-out near 10,000 messages/s (10/s at 1,000 sockets, 2/s at 5,000).
const RATE_ARG = arg('rate', 'auto');
const rateFor = (n) => (RATE_ARG === 'auto' ? Math.max(1, Math.min(10, Math.floor(10_000 / n))) : Number(RATE_ARG));
const INELIGIBLE_EVERY = Number(arg('ineligible-every', '10'));
const WARMUP = 20;
/** `app`: sockets on the app's port (through @fastify/websocket); `socket-port`: on the SOCKET_PORT listener. */
const VIA = arg('via', 'app');
if (![...SOCKETS, EVENTS, ...SOCKETS.map(rateFor)].every((n) => Number.isInteger(n) && n > 0 && n <= 20_000))
  throw new Error('bad arguments');

const { DATABASE_URL, REDIS_URL } = process.env;
const PORTS = [18241, 18242];
const SOCKET_PORTS = [18243, 18244];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const mb = (b) => Math.round(b / 1048576);

/** Sends `msg` and waits for the reply `op` (bounded). */
function request(child, msg, op, ms = 120_000) {
  return new Promise((resolve, reject) => {
    const tm = setTimeout(() => {
      child.off('message', on);
      reject(new Error(`no ${op} within ${ms} ms`));
    }, ms);
    const on = (m) => {
      if (m.op === 'error') {
        clearTimeout(tm);
        child.off('message', on);
        reject(new Error(m.error));
      } else if (m.op === op) {
        clearTimeout(tm);
        child.off('message', on);
        resolve(m);
      }
    };
    child.on('message', on);
    if (msg) child.send(msg);
  });
}

// The harness runs as the product runs (`npm start`): bundled by apps/server/build.mjs, plain node.
// Bundled under apps/server so that its packages resolve as the server's do (npm may keep one in apps/server/node_modules).
const harnessDir = path.join(root, 'apps/server/.bench/socket-fanout');
let harnessBuilt = false;
function buildHarness() {
  if (harnessBuilt) return;
  execFileSync(process.execPath, [path.join(root, 'apps/server/build.mjs'), path.join(here, 'server.ts'), '--out-dir', harnessDir], {
    cwd: root,
    stdio: 'inherit',
  });
  harnessBuilt = true;
}

function startHarness(port, socketPort, env) {
  buildHarness();
  const child = fork(path.join(harnessDir, 'server.mjs'), [], {
    cwd: root,
    execArgv: [
      '--expose-gc',
      // extra V8/Node flags for the servers, e.g. BENCH_NODE_FLAGS=--max-semi-space-size=4
      ...(process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : []),
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      ...(VIA === 'socket-port' ? { SOCKET_PORT: String(socketPort) } : {}),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      SECRET_KEY: 'bench-secret-key-0123456789',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  live.children.add(child);
  child.once('exit', () => live.children.delete(child));
  return request(child, null, 'ready', 120_000).then((ready) => Object.assign(child, { ready }));
}

/** What an interrupted run must undo (children, schema); filled while a scenario runs. */
const live = { children: new Set(), schema: null };
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.once(sig, async () => {
    for (const c of live.children) c.kill('SIGKILL');
    if (live.schema && DATABASE_URL) {
      const c = new pg.Client({ connectionString: DATABASE_URL });
      await c
        .connect()
        .then(() => c.query(`DROP SCHEMA IF EXISTS "${live.schema}" CASCADE`))
        .catch(() => {});
      await c.end().catch(() => {});
    }
    process.exit(130);
  });
}

async function scenario(instances, n) {
  const RATE = rateFor(n);
  const tag = randomBytes(4).toString('hex');
  const schema = `bench_fanout_${tag}`;
  let dataDir;
  let dbUrl;
  const admin = DATABASE_URL ? new pg.Client({ connectionString: DATABASE_URL }) : null;
  if (admin) {
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    live.schema = schema;
    const u = new URL(DATABASE_URL);
    u.searchParams.set('options', `-c search_path=${schema}`);
    dbUrl = u.toString();
  } else dataDir = mkdtempSync(path.join(tmpdir(), 'fanout-'));
  const env = {
    ...(dbUrl ? { DATABASE_URL: dbUrl } : { DATA_DIR: dataDir, DATABASE_URL: '' }),
    ...(instances > 1 ? { REDIS_URL, BUS_CHANNEL: `bench:${tag}` } : { REDIS_URL: '' }),
  };
  for (const k of Object.keys(env)) if (env[k] === '') delete env[k];
  const servers = [];
  let clients;
  const clean = { ...process.env };
  delete clean.REDIS_URL;
  delete clean.DATABASE_URL;
  delete clean.SOCKET_PORT;
  try {
    for (let i = 0; i < instances; i++) {
      const saved = process.env;
      process.env = clean; // the harness gets exactly `env`, not the caller's URLs
      try {
        servers.push(await startHarness(PORTS[i], SOCKET_PORTS[i], env));
      } finally {
        process.env = saved;
      }
    }
    const rssStart = await Promise.all(servers.map((s) => request(s, { op: 'mem' }, 'mem')));
    const { sessions } = await request(servers[0], { op: 'seed', n, ineligibleEvery: INELIGIBLE_EVERY, tag }, 'seeded', 300_000);
    const targets = sessions.map((s, i) => {
      const k = i % instances;
      const port = VIA === 'socket-port' ? SOCKET_PORTS[k] : PORTS[k];
      return {
        url: `ws://127.0.0.1:${port}/manager/ws/${s.adminId}?token=${encodeURIComponent(s.token)}`,
        group: k === 0 ? 'A' : 'B',
        eligible: s.eligible,
      };
    });
    clients = fork(path.join(here, 'clients.mjs'), [], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      execArgv: process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}/clients`] : [],
    });
    live.children.add(clients);
    await request(clients, null, 'ready');
    const conn = await request(clients, { op: 'connect', targets, concurrency: 200 }, 'connected', 300_000);
    if (conn.failed) throw new Error(`${conn.failed} sockets failed to connect`);
    // all sockets registered on their instance
    for (let i = 0; i < 200; i++) {
      const st = await Promise.all(servers.map((s) => request(s, { op: 'mem' }, 'mem')));
      if (st.reduce((a, m) => a + m.hub.sockets, 0) === n) break;
      await sleep(100);
    }
    // warm-up (not counted)
    await request(servers[0], { op: 'raise', events: WARMUP, rate: RATE, from: -1_000_000 }, 'raised');
    await sleep(500);
    await request(clients, { op: 'reset' }, 'reset');
    // RSS with N sockets, after a full GC (steady state); the peak is then sampled during the run.
    if (arg('snapshot', '')) await request(servers[0], { op: 'snapshot', file: arg('snapshot', '') }, 'snapshot', 120_000);
    const rssConnected = await Promise.all(
      servers.map((s) => request(s, { op: 'resetPeak', gc: true }, 'resetPeak').then(() => request(s, { op: 'mem' }, 'mem'))),
    );

    // A server that cannot keep up is reported (not a crash): the row shows what arrived.
    const raised = await request(
      servers[0],
      { op: 'raise', events: EVENTS, rate: RATE, from: 0 },
      'raised',
      EVENTS * (1000 / RATE) + 120_000,
    ).catch(() => ({ ms: null, overloaded: true }));
    let rep;
    const deadline = Date.now() + 60_000;
    for (;;) {
      rep = await request(clients, { op: 'report', events: EVENTS }, 'report');
      if (rep.complete === rep.eligible || Date.now() > deadline) break;
      await sleep(250);
    }
    const mem = await Promise.all(servers.map((s) => request(s, { op: 'mem' }, 'mem')));
    const expected = rep.eligible * EVENTS;
    // Server CPU (user + system, all instances) per 1,000 delivered messages, during the measured run.
    const cpuMs = mem.reduce((a, m, i) => a + (m.cpuUs - rssConnected[i].cpuUs), 0) / 1000;
    const load = (await import('node:os')).loadavg()[0];
    return {
      instances,
      // as reported by the servers themselves
      bus: servers[0].ready.bus,
      via: VIA,
      nodeFlags: process.env.BENCH_NODE_FLAGS || null,
      db: servers[0].ready.db,
      sockets: n,
      eligible: rep.eligible,
      events: EVENTS,
      rate: RATE,
      raiseMs: raised.ms,
      overloaded: !!raised.overloaded,
      expected,
      received: rep.received,
      lost: expected - (rep.received - rep.unexpected),
      misrouted: rep.unexpected,
      outOfOrder: rep.outOfOrder,
      closedUnexpectedly: rep.closedUnexpectedly,
      latency: rep.byGroup,
      serverCpuMsPer1k: Math.round((cpuMs / Math.max(1, rep.received)) * 1000 * 10) / 10,
      loadAvg1m: Math.round(load * 10) / 10,
      rssMb: servers.map((_, i) => ({ start: mb(rssStart[i].rss), connected: mb(rssConnected[i].rss), peak: mb(mem[i].peakRss) })),
      heapMb: servers.map((_, i) => mb(rssConnected[i].heapUsed)),
    };
  } finally {
    if (clients) await request(clients, { op: 'close' }, 'closed', 30_000).catch(() => clients.kill('SIGKILL'));
    for (const s of servers) {
      s.send({ op: 'stop' });
      await Promise.race([new Promise((r) => s.once('exit', r)), sleep(15_000)]);
      if (s.exitCode == null) s.kill('SIGKILL');
    }
    if (admin) {
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
      live.schema = null;
      await admin.end();
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [];
for (const instances of INSTANCES) {
  if (instances > 1 && !(REDIS_URL && DATABASE_URL)) {
    console.log(`skipped: ${instances} instances need DATABASE_URL and REDIS_URL`);
    continue;
  }
  for (const n of SOCKETS) {
    console.log(`running: ${instances} instance(s), ${n} sockets, ${EVENTS} events at ${rateFor(n)}/s …`);
    const r = await scenario(instances, n);
    results.push(r);
    console.log(JSON.stringify(r));
  }
}

const fmt = (v) => (v == null ? '–' : v.toFixed(1));
console.log(
  '\n| instances (bus) | sockets (receiving) | events | delivered / expected | lost | misrouted | p50 ms | p99 ms | max ms | server RSS MB: start → N sockets → peak | server CPU ms / 1k msgs | load avg |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  const groups = Object.entries(r.latency).sort();
  const lat = (k) => groups.map(([g, v]) => (groups.length > 1 ? `${g} ${fmt(v[k])}` : fmt(v[k]))).join(' / ');
  const rss = r.rssMb.map((m, i) => `${r.rssMb.length > 1 ? (i ? 'B ' : 'A ') : ''}${m.start} → ${m.connected} → ${m.peak}`).join('; ');
  console.log(
    `| ${r.instances} (${r.bus}, ${r.db}${r.via !== 'app' ? `, ${r.via}` : ''}${r.nodeFlags ? `, ${r.nodeFlags}` : ''}) | ${r.sockets} (${r.eligible}) | ${r.events} @ ${r.rate}/s | ${r.received - r.misrouted} / ${r.expected} | ${r.lost} | ${r.misrouted} | ${lat('p50')} | ${lat('p99')} | ${lat('max')} | ${rss} | ${r.serverCpuMsPer1k} | ${r.loadAvg1m} |`,
  );
}
const out = path.resolve(arg('out', path.join(here, 'results.json')));
writeFileSync(out, JSON.stringify({ at: new Date().toISOString(), node: process.version, results }, null, 2));
console.log(`\nresults written to ${path.relative(root, out)}`);
const bad = results.filter((r) => r.lost || r.misrouted || r.outOfOrder || r.closedUnexpectedly || r.overloaded);
process.exit(bad.length ? 1 : 0);
