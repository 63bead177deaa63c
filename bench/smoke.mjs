#!/usr/bin/env node
// Every benchmark once with tiny parameters (seconds, not minutes), so that a harness that no longer runs fails CI
// (.ci/run) instead of being found broken when its figures are needed. The figures of such a run mean nothing.
// Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test), Redis for socket-fanout
// (BENCH_REDIS_URL) and the built console (`npm run build`). Usage: node bench/smoke.mjs [--only quotes,positions]
// (BENCH_SERVER_BUILT=1: apps/server/dist is built already, as bench/lib/server.mjs takes it)
import { runBuffered } from '../scripts/lib/buffered.mjs';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from './lib/server.mjs';

const tmp = os.tmpdir();
const RUNS = [
  ['console-size', ['bench/console-size/run.mjs', '--no-build', '--no-write']],
  ['console-load', ['bench/console-load/run.mjs', '1', '--check']],
  ['console-idle', ['bench/console-idle/run.mjs', '--runs', '1', '--duration', '5', '--sample', '5', '--check']],
  ['login-and-info', ['bench/login-and-info/run.mjs', '--duration', '1', '--connections', '4', '--runs', '1']],
  [
    'quotes',
    [
      'bench/quotes/run.mjs',
      '--symbols',
      '300',
      '--sockets',
      '10',
      '--watch',
      '20',
      '--ticks',
      '2',
      '--runs',
      '1',
      '--interval',
      '1000',
      '--pg',
    ],
  ],
  [
    'socket-fanout',
    [
      'bench/socket-fanout/run.mjs',
      '--sockets',
      '50',
      '--instances',
      '1,2',
      '--events',
      '50',
      '--out',
      path.join(tmp, 'fanout-smoke.json'),
    ],
  ],
  ['ramp', ['bench/soak/ramp.mjs', '--rates', '5,10', '--step', '10', '--warmup', '10', '--users', '30', '--instances', '1,2']],
  // this checkout against itself: the harness runs (its ratio, ≈ 1, means nothing here)
  ['side-by-side', ['bench/soak/side-by-side.mjs', '--against', '.', '--rates', '10', '--step', '10', '--warmup', '10', '--users', '30']],
  ['crowd', ['bench/console-idle/crowd.mjs', '--consoles', '2', '--rate', '5', '--users', '30', '--duration', '10', '--settle', '5']],
  ['year', ['--import', 'tsx', 'bench/year/run.mjs', '--scale', '0.002', '--days', '20', '--runs', '1', '--requests', '5']],
  ['close', ['bench/close/run.mjs', '--movements', '20000', '--users', '2000', '--runs', '1', '--duration', '1']],
  ['messages', ['bench/messages/run.mjs', '--users', '2000', '--runs', '1']],
  ['subscriptions', ['--import', 'tsx', 'bench/subscriptions/run.mjs', '--users', '2000', '--runs', '1']],
  [
    'user-list',
    ['--import', 'tsx', 'bench/user-list/run.mjs', '--users', '2000', '--duration', '1', '--connections', '4', '--only', 'U1,C1'],
  ],
  ['analysis', ['--import', 'tsx', 'bench/analysis/run.mjs', '--users', '2000', '--duration', '1', '--connections', '2', '--runs', '1']],
  [
    'positions',
    [
      '--import',
      'tsx',
      'bench/positions/run.mjs',
      '--duration',
      '1',
      '--connections',
      '4',
      '--runs',
      '1',
      '--traders',
      '20',
      '--users',
      '2000',
      '--positions',
      '2000',
    ],
  ],
];

// Two lanes at once: most of a tiny run is a server starting, seeding or waiting out a fixed window, not the CPU. The
// lanes share no port, schema or bus channel (the soak's platform, which the ramp and the crowd start, takes free
// ports). user-list, positions and analysis work in one schema, which each seeds afresh when it holds fewer users
// than it asks: they run one after another in one lane (analysis in the other lane reseeded it under positions,
// whose operators' sessions went with it: "请先登录", CI 2026-12-06). Lanes by CI's times (Intel host, 2026-12-06:
// ≈ 281 s and ≈ 311 s).
const LANES = [
  ['console-size', 'console-load', 'console-idle', 'login-and-info', 'quotes', 'socket-fanout', 'year', 'close', 'side-by-side'],
  ['ramp', 'crowd', 'messages', 'subscriptions', 'user-list', 'positions', 'analysis'],
];
const laneOf = (name) => LANES.findIndex((l) => l.includes(name));
const unplaced = RUNS.filter(([name]) => laneOf(name) < 0).map(([name]) => name);
if (unplaced.length) throw new Error(`bench/smoke.mjs: put ${unplaced.join(', ')} in a lane`);

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1].split(',') : null;
const failed = [];

// The server is built once here, before the lanes (each benchmark would rebuild apps/server/dist on its first start,
// under the other lane's running server) — unless the caller says it is built (CI, whose drills run beside).
buildServer();
process.env.BENCH_SERVER_BUILT = '1';

/** One benchmark; its output is printed whole when it ends, so that the two lanes' lines do not interleave. */
async function runOne(name, args) {
  const r = await runBuffered(process.execPath, args, { timeout: 10 * 60_000 });
  const s = r.seconds.toFixed(0);
  console.log(`== bench ${name}: node ${args.join(' ')}\n${r.out.toString().trimEnd()}`);
  if (r.ok) console.log(`== bench ${name}: ran (${s} s)`);
  else {
    console.log(`== bench ${name}: FAILED (exit ${r.code ?? r.signal}, ${s} s)`);
    failed.push(name);
  }
}

await Promise.all(
  LANES.map(async (lane) => {
    for (const [name, args] of RUNS) if (lane.includes(name) && (!only || only.includes(name))) await runOne(name, args);
  }),
);
if (failed.length) {
  console.log(`benchmarks that no longer run: ${failed.join(', ')}`);
  process.exit(1);
}
