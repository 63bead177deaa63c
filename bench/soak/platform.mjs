// The platform as the soak and the capacity ramp run it: a fresh PostgreSQL schema with the demo data, one or two
// server instances (two processes, two ports, one Redis channel), each with its /metrics port, and the operations
// prepared as operators would before a busy day.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../e2e/lib/server.mjs';
import { adminLogin, freshSchema, startServer } from '../lib/server.mjs';

const DB_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

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

/**
 * `count` instances (1 or 2) on a fresh schema `<prefix>_<id>`: A migrates and seeds the demo first, B joins it.
 * `env` is added to each instance's environment; `nodeArgs` are instance A's node options (`--cpu-prof`, which
 * NODE_OPTIONS refuses). `entry`: another build's apps/server/dist/main.mjs to run instead of this checkout's (the
 * side-by-side ramp's anchor); `node`: another Node.js binary to run them with. `stop()` ends them and, unless `keep`,
 * drops the schema.
 */
export async function startPlatform({ count = 2, prefix = 'soak', env = {}, nodeArgs = [], keep = false, entry, node } = {}) {
  const id = randomBytes(4).toString('hex');
  const schema = await freshSchema(DB_URL, `${prefix}_${id}`);
  const common = {
    DATABASE_URL: schema.url,
    REDIS_URL,
    BUS_CHANNEL: `${prefix}:${id}`,
    // the market is open whatever the hour the soak runs at (the simulated feed's all-day session)
    QUOTE_SESSION: 'continuous',
    SIMULATE_RATE: '0',
    LOG_LEVEL: 'warn',
    ...env,
  };
  const instances = [];
  const stop = async () => {
    for (const inst of instances) await inst.stop();
    if (!keep) await schema.drop().catch(() => {});
  };
  try {
    // free ports, not fixed ones: CI runs the soak beside the benchmarks, whose ramp and crowd start platforms too
    const metrics = [await freePort(), await freePort()];
    // A first: migrations and demo data once, before B opens its pool
    instances.push({
      name: 'A',
      metrics: metrics[0],
      ...(await startServer({ nodeArgs, entry, node, env: { ...common, SEED_DEMO: 'true', METRICS_PORT: String(metrics[0]) } })),
    });
    if (count > 1)
      instances.push({
        name: 'B',
        metrics: metrics[1],
        ...(await startServer({ entry, node, env: { ...common, SEED_DEMO: 'false', METRICS_PORT: String(metrics[1]) } })),
      });
    await prepareOperations(instances[0].base);
  } catch (e) {
    await stop();
    throw e;
  }
  return { id, schema, instances, dbUrl: DB_URL, stop };
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The capacity ramp's simulated users against `bases` (bench/soak/ramp.mjs, side-by-side.mjs): `users` of them with
 * the two demo operators' bots, one rate a step of `stepSeconds`: `warmSteps` of the first rate (a warm-up), then each
 of `rates`; seed `ramp`; figures into `json`.
 */
export function spawnRampSimulator({ bases, users, rates, warmSteps, stepSeconds, json }) {
  const schedule = [...Array(warmSteps).fill(rates[0]), ...rates];
  return spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'apps/server/src/simulate/cli.ts'),
      ...bases.flatMap((b) => ['--base', b]),
      ...['--users', String(users), '--steps', schedule.join(','), '--step-seconds', String(stepSeconds), '--seed', 'ramp', '--operators'],
      ...['--operator-login', 'admin:admin123', '--operator-login', 'super:super123', '--json', json],
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
}
