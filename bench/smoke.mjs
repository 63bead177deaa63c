#!/usr/bin/env node
// Every benchmark once with tiny parameters (seconds, not minutes), so that a harness that no longer runs fails CI
// (.ci/run) instead of being found broken when its figures are needed. The figures of such a run mean nothing.
// Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test), Redis for socket-fanout
// (BENCH_REDIS_URL) and the built console (`npm run build`). Usage: node bench/smoke.mjs [--only quotes,positions]
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

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

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1].split(',') : null;
const failed = [];
for (const [name, args] of RUNS) {
  if (only && !only.includes(name)) continue;
  const t = Date.now();
  console.log(`== bench ${name}: node ${args.join(' ')}`);
  const r = spawnSync(process.execPath, args, { stdio: 'inherit', timeout: 10 * 60_000 });
  const s = ((Date.now() - t) / 1000).toFixed(0);
  if (r.status === 0) console.log(`== bench ${name}: ran (${s} s)`);
  else {
    console.log(`== bench ${name}: FAILED (exit ${r.status ?? r.signal}, ${s} s)`);
    failed.push(name);
  }
}
if (failed.length) {
  console.log(`benchmarks that no longer run: ${failed.join(', ')}`);
  process.exit(1);
}
