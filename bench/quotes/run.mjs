#!/usr/bin/env node
// Quote service benchmark (issue 20): N symbols ticking inside a trading session (QUOTE_CLOCK_START), M
// signed-in sockets each watching W symbols. Per tick: the server's CPU and wall time for compute +
// persist (one upsert) + publish (one bus message), and the delay from the tick's start to each socket's
// QUOTES frame. Three runs by default; reports median and range. Only 127.0.0.1 (port 18250).
//
//   node bench/quotes/run.mjs [--symbols 5000] [--sockets 200] [--watch 50] [--ticks 10] [--runs 3] [--pg]
//   (--pg: PostgreSQL at BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test, own schema)
import { execFileSync, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshSchema } from '../lib/server.mjs';
import { percentile } from '../lib/stats.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : def;
};
const SYMBOLS = Number(arg('symbols', '5000'));
const SOCKETS = Number(arg('sockets', '200'));
const WATCH = Number(arg('watch', '50'));
const TICKS = Number(arg('ticks', '10'));
const RUNS = Number(arg('runs', '3'));
const INTERVAL = Number(arg('interval', '3000'));
const PG = process.argv.includes('--pg');
// --cpu-prof DIR: the server's CPU profile, written when it stops (open in Chromium's DevTools, or summarise by function)
const CPU_PROF = arg('cpu-prof', '');
const PORT = 18250;

// Bundled under apps/server so that its packages resolve as the server's do (npm may keep one in apps/server/node_modules).
const harnessDir = path.join(root, 'apps/server/.bench/quotes');
execFileSync(process.execPath, [path.join(root, 'apps/server/build.mjs'), path.join(here, 'server.ts'), '--out-dir', harnessDir], {
  cwd: root,
  stdio: 'inherit',
});

function waitFor(child, op, ms = 180_000) {
  return new Promise((resolve, reject) => {
    const tm = setTimeout(() => reject(new Error(`no ${op} within ${ms} ms`)), ms);
    const on = (m) => {
      if (m.op !== op) return;
      clearTimeout(tm);
      child.off('message', on);
      resolve(m);
    };
    child.on('message', on);
  });
}

async function run(n) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'quotes-bench-'));
  const schema = PG
    ? await freshSchema(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', `bench_quotes_${process.pid}_${n}`)
    : null;
  if (!schema) delete process.env.DATABASE_URL;
  const server = fork(path.join(harnessDir, 'server.mjs'), [], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      JOBS_ENABLED: 'false',
      SECRET_KEY: 'bench-secret-key-0123456789',
      DATA_DIR: dataDir,
      QUOTE_INTERVAL_MS: String(INTERVAL),
      // inside the morning session, whatever the time of the run
      QUOTE_CLOCK_START: '2026-11-24T09:40:00+08:00',
      BENCH_SYMBOLS: String(SYMBOLS),
      BENCH_SOCKETS: String(SOCKETS),
      ...(schema ? { DATABASE_URL: schema.url } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [],
  });
  const ticks = [];
  server.on('message', (m) => m.op === 'tick' && ticks.push(m));
  server.once('exit', (code) => code && (console.error(`harness exited with ${code}`), process.exit(1)));
  const ready = await waitFor(server, 'ready');
  const clients = fork(path.join(here, 'clients.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  clients.send({ op: 'open', base: `ws://127.0.0.1:${PORT}`, sessions: ready.sessions, gids: ready.gids, watch: WATCH });
  await waitFor(clients, 'opened');
  // the first tick quotes every symbol for the first time; measure the ones after it
  const first = ticks.length;
  while (ticks.length < first + TICKS + 1) await new Promise((r) => setTimeout(r, 200));
  await new Promise((r) => setTimeout(r, 1000));
  clients.send({ op: 'collect' });
  const { received } = await waitFor(clients, 'collected');
  clients.send({ op: 'stop' });
  server.send({ op: 'stop' });
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
  await schema?.drop();

  const measured = ticks.slice(first + 1, first + 1 + TICKS);
  const startOf = new Map(measured.map((t) => [t.at, t.start]));
  const delays = received
    .filter(([at]) => startOf.has(at))
    .map(([at, recv]) => recv - startOf.get(at))
    .sort((a, b) => a - b);
  const cpu = measured.map((t) => t.cpuMs).sort((a, b) => a - b);
  const wall = measured.map((t) => t.wallMs).sort((a, b) => a - b);
  const r = {
    db: ready.db,
    changed: measured[0]?.changed,
    cpuMedian: percentile(cpu, 50),
    cpuMax: cpu.at(-1),
    wallMedian: percentile(wall, 50),
    frames: delays.length,
    expectedFrames: measured.length * SOCKETS,
    p50: percentile(delays, 50),
    p99: percentile(delays, 99),
    max: delays.at(-1),
  };
  console.log(`run ${n + 1}: ${JSON.stringify(r, (k, v) => (typeof v === 'number' ? Math.round(v * 10) / 10 : v))}`);
  return r;
}

const results = [];
for (let i = 0; i < RUNS; i++) results.push(await run(i));
const med = (k) => {
  const v = results.map((r) => r[k]).sort((a, b) => a - b);
  return `${v[Math.floor(v.length / 2)].toFixed(1)} (${v[0].toFixed(1)}–${v.at(-1).toFixed(1)})`;
};
console.log(`\n${SYMBOLS} symbols, ${SOCKETS} sockets × ${WATCH} watched, ${TICKS} ticks per run, ${RUNS} runs, ${results[0].db}`);
console.log(`| CPU ms per tick (median of ticks) | ${med('cpuMedian')} |`);
console.log(`| wall ms per tick | ${med('wallMedian')} |`);
console.log(`| tick → console p50 ms | ${med('p50')} |`);
console.log(`| tick → console p99 ms | ${med('p99')} |`);
console.log(`| frames received / expected | ${results.map((r) => `${r.frames}/${r.expectedFrames}`).join(', ')} |`);
