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
// redis://127.0.0.1:6379). Ports 18500-18503. Results: bench/.results/soak/ (soak.json, sim.json, the servers' logs).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { adminLogin, freshSchema, startServer } from '../lib/server.mjs';
import { readMetrics, histogramQuantile, sum } from './metrics.mjs';
import { drawSoak } from './picture.mjs';
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
const DB_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const OUT = path.join(root, 'bench/.results/soak');
fs.mkdirSync(OUT, { recursive: true });
const id = randomBytes(4).toString('hex');
const log = (l) => console.log(`soak: ${l}`);

const schema = await freshSchema(DB_URL, `soak_${id}`);
const common = {
  DATABASE_URL: schema.url,
  REDIS_URL,
  BUS_CHANNEL: `soak:${id}`,
  // the market is open whatever the hour the soak runs at (the simulated feed's all-day session)
  QUOTE_SESSION: 'continuous',
  SIMULATE_RATE: '0',
  LOG_LEVEL: 'warn',
};
const instances = [];

/**
 * As operators would before a busy day: the demo's deposit channels take 2,000,000 and 500,000 a day, which a few
 * thousand users exhaust within minutes; past that every deposit is refused and the population never trades. The caps
 * are raised through the admin API; and withdrawals are taken at any hour (the demo's window is 09:00–22:00 Shanghai
 * time: a soak run in the evening would see every withdrawal refused and none paid).
 */
async function prepareOperations(base) {
  const token = await adminLogin(base, 'super', 'super123');
  const headers = { admintoken: token, 'content-type': 'application/json' };
  const list = await (await fetch(`${base}/admin/channel/list?pageSize=1000`, { headers: { admintoken: token } })).json();
  if (list.status !== 0) throw new Error(`channel list: ${list.msg}`);
  for (const c of list.data.list) {
    const { id, type, name, displayName, payeeName, account, bankName, bankBranch, qrImage, minAmount, maxAmount } = c;
    const { gatewayUrl, merchantCode, merchantKey, shown, enabled, withdrawable, sort, remark } = c;
    const body = { id, type, name, displayName, payeeName, account, bankName, bankBranch, qrImage, minAmount, maxAmount };
    Object.assign(body, { gatewayUrl, merchantCode, merchantKey, shown, enabled, withdrawable, sort, remark, dailyCap: '1000000000' });
    const r = await (await fetch(`${base}/admin/channel/update`, { method: 'POST', headers, body: JSON.stringify(body) })).json();
    if (r.status !== 0) throw new Error(`channel ${id} update: ${r.msg}`);
  }
  const pay = await (await fetch(`${base}/admin/paySetting/get.do`, { method: 'POST', headers, body: '{}' })).json();
  if (pay.status !== 0) throw new Error(`pay settings: ${pay.msg}`);
  const { minRecharge, minWithdraw, withdrawFeePercent, withdrawFeeFixed, maxOpenRechargePerHour } = pay.data;
  const body = {
    minRecharge,
    minWithdraw,
    withdrawFeePercent,
    withdrawFeeFixed,
    maxOpenRechargePerHour,
    withdrawStart: '00:00',
    withdrawEnd: '24:00',
  };
  const saved = await (await fetch(`${base}/admin/paySetting/update.do`, { method: 'POST', headers, body: JSON.stringify(body) })).json();
  if (saved.status !== 0) throw new Error(`pay settings update: ${saved.msg}`);
}
const pgc = new pg.Client({ connectionString: DB_URL });
let exitCode = 0;
try {
  log(`schema soak_${id}; starting instance A (migrations, demo data) then B`);
  // A first: migrations and demo data once, before B opens its pool
  instances.push({
    name: 'A',
    metrics: 18501,
    ...(await startServer({ port: 18500, env: { ...common, SEED_DEMO: 'true', METRICS_PORT: '18501' } })),
  });
  instances.push({
    name: 'B',
    metrics: 18503,
    ...(await startServer({ port: 18502, env: { ...common, SEED_DEMO: 'false', METRICS_PORT: '18503' } })),
  });
  await pgc.connect();
  await prepareOperations(instances[0].base);

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
  for (const inst of instances) await inst.stop();
  await pgc.end().catch(() => {});
  if (!values.keep) await schema.drop().catch(() => {});
}
process.exit(exitCode);
