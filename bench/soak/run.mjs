// Soak (issue 38): the platform run as in production for a long while — PostgreSQL + Redis, two server instances
// (two processes, two ports), the demo data, a population of simulated users spread over both instances and two
// operator bots working the queues (`npm run simulate`, only the public APIs). The server side is read from each
// instance's /metrics (METRICS_PORT): RSS, heap, event-loop delay, pool, sockets, notices sent, 5xx, retries, postings.
// After the run `ledger:verify` proves every balance equals its fund records.
//
// Usage (repository root): node bench/soak/run.mjs [--duration 1800] [--warmup 300] [--users 2000] [--rate 55]
//   [--sample 10] [--seed soak] [--picture bench/soak/soak.svg] [--check]
// --check (CI's 60-second soak): exit 1 on any 5xx, answer outside the envelope, lost notice, closed operator socket
// or ledger offender. Targets are printed either way.
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), BENCH_REDIS_URL (default
// redis://127.0.0.1:6379). Free loopback ports. Results: bench/.results/soak/ (soak.json, sim.json, the servers' logs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { readMetrics, histogramQuantile, sum } from './metrics.mjs';
import { drawSoak } from './picture.mjs';
import { startPlatform } from './platform.mjs';
import { report } from './report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '1800' },
    warmup: { type: 'string', default: '300' },
    users: { type: 'string', default: '2000' },
    rate: { type: 'string', default: '55' },
    sample: { type: 'string', default: '10' },
    seed: { type: 'string', default: 'soak' },
    picture: { type: 'string' },
    check: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const DURATION = Number(values.duration);
const WARMUP = Math.min(Number(values.warmup), DURATION);
const SAMPLE_S = Number(values.sample);
const OUT = path.join(root, 'bench/.results/soak');
fs.mkdirSync(OUT, { recursive: true });
const log = (l) => console.log(`soak: ${l}`);

let platform;
let pgc;
let exitCode = 0;
try {
  platform = await startPlatform({ count: 2, prefix: 'soak', keep: values.keep });
  const { schema, instances } = platform;
  log(`schema soak_${platform.id}: instance A (migrations, demo data) and B started`);
  pgc = new pg.Client({ connectionString: platform.dbUrl });
  await pgc.connect();

  const samples = [];
  const started = Date.now();
  const sampleOnce = async () => {
    const t = (Date.now() - started) / 1000;
    const per = {};
    for (const inst of instances) per[inst.name] = await readMetrics(`http://127.0.0.1:${inst.metrics}/metrics`);
    const { rows } = await pgc.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'`,
    );
    samples.push({ t, dbConnections: rows[0].n, ...per });
  };
  await sampleOnce();
  const sampler = setInterval(() => void sampleOnce().catch((e) => log(`sample failed: ${e.message}`)), SAMPLE_S * 1000);

  log(`simulating ${values.users} users at ${values.rate} actions/s for ${DURATION} s over A and B, two operator bots`);
  const simJson = path.join(OUT, 'sim.json');
  const sim = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'apps/server/src/simulate/cli.ts'),
      ...instances.flatMap((i) => ['--base', i.base]),
      '--users',
      values.users,
      '--rate',
      values.rate,
      '--duration',
      String(DURATION),
      '--seed',
      values.seed,
      '--operators',
      '--operator-login',
      'admin:admin123',
      '--operator-login',
      'super:super123',
      '--json',
      simJson,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let simOut = '';
  sim.stdout.on('data', (d) => {
    simOut += d;
    process.stdout.write(d);
  });
  const simExit = await new Promise((r) => sim.once('exit', (code) => r(code)));
  clearInterval(sampler);
  await sampleOnce();

  log('ledger:verify');
  const verify = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/cli/ledger-verify.ts')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: schema.url, SECRET_KEY: 'bench-secret-key-0123456789' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let verifyOut = '';
  verify.stdout.on('data', (d) => (verifyOut += d));
  verify.stderr.on('data', (d) => (verifyOut += d));
  const verifyExit = await new Promise((r) => verify.once('exit', (code) => r(code)));
  process.stdout.write(verifyOut);

  const simResult = fs.existsSync(simJson) ? JSON.parse(fs.readFileSync(simJson, 'utf8')) : null;
  const result = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`,
    options: { duration: DURATION, warmup: WARMUP, users: Number(values.users), rate: Number(values.rate), sample: SAMPLE_S },
    simExit,
    ledgerVerified: verifyExit === 0,
    sim: simResult,
    samples,
  };
  fs.writeFileSync(path.join(OUT, 'soak.json'), `${JSON.stringify(result)}\n`);
  const r = report(result, { histogramQuantile, sum });
  console.log(`\n${r.text}`);
  if (values.picture) {
    fs.writeFileSync(values.picture, drawSoak(result));
    log(`picture: ${values.picture}`);
  }
  if (values.check && r.failures.length) {
    console.log(`soak FAILED: ${r.failures.join('; ')}`);
    if (!simResult) console.log(simOut.slice(-3000));
    exitCode = 1;
  } else if (values.check) console.log('soak passed: no 5xx, every answer in the envelope, no notice lost, ledger verified');
} catch (e) {
  console.error(`soak: ${e?.stack ?? e}`);
  exitCode = 1;
} finally {
  await platform?.stop();
  await pgc?.end().catch(() => {});
}
process.exit(exitCode);
