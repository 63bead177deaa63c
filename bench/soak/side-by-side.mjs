// The capacity ramp's cost per action measured side by side (issue 64): this checkout's server and another build's
// (`--against <checkout>`, the anchor or any build before, built there with `npm run build`) each on a platform of its own (bench/soak/
// platform.mjs: a schema, a Redis channel, the demo data, one instance), driven at the same time by two simulators
// with the same seed and rate schedule, so that both meet the same machine at every moment. On a shared host whose
// speed drifts by tens of percent between runs minutes apart (bench/README, session 85: the anchor's own runs spread up
// to 40 % at one rate), figures taken in turns compare the host's moods as much as the builds; taken together, each
// step's ratio of the two servers' CPU-ms per action is the builds' own. The price: the two platforms share the two
// cores, so the rates asked stay below each side's knee (the default 60,120,180 per side is 360 actions/s at the top).
//
// Per step and side: actions done, the server's CPU-ms per action (its process's utime + stime from /proc, the same
// instrument for both builds), and the ratio this ÷ other. `--runs N` repeats the whole and reports each step's
// median and range of the ratio.
//
// `--node <binary>` runs the other side on another Node.js (with `--against .`: this build on two runtimes);
// `--node-options '<flags>'` gives the other side's server those runtime flags (its NODE_OPTIONS), to measure one.
//
// Usage (repository root): node bench/soak/side-by-side.mjs --against /tmp/before [--rates 60,120,180] [--step 30]
//   [--warmup 60] [--users 500] [--runs 3] [--node /path/to/node] [--node-options '--some-flag']
// Env: BENCH_DATABASE_URL, BENCH_REDIS_URL (as bench/soak/run.mjs). Results: bench/.results/side-by-side/.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { spawnRampSimulator, startPlatform } from './platform.mjs';
import { median, procStat } from '../lib/stats.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({
  options: {
    against: { type: 'string' },
    rates: { type: 'string', default: '60,120,180' },
    step: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '60' },
    users: { type: 'string', default: '500' },
    runs: { type: 'string', default: '1' },
    node: { type: 'string' },
    'node-options': { type: 'string' },
  },
});
if (!values.against) {
  console.error('usage: node bench/soak/side-by-side.mjs --against <checkout with apps/server/dist built> [options]');
  process.exit(2);
}
const otherEntry = path.resolve(values.against, 'apps/server/dist/main.mjs');
if (!fs.existsSync(otherEntry)) {
  console.error(`${otherEntry} is missing: run \`npm ci && npm run build\` in ${values.against}`);
  process.exit(2);
}
const RATES = values.rates.split(',').map(Number);
const STEP = Number(values.step);
const WARM_STEPS = Math.max(1, Math.round(Number(values.warmup) / STEP));
const OUT = path.join(root, 'bench/.results/side-by-side');
fs.mkdirSync(OUT, { recursive: true });
const log = (l) => console.log(`side-by-side: ${l}`);

const cpuSeconds = (pid) => procStat(pid).cpuSeconds;

/** A simulator run against one platform with the ramp's schedule (a warm-up, then each rate for STEP seconds). */
function simulate(base, json) {
  const sim = spawnRampSimulator({ bases: [base], users: values.users, rates: RATES, warmSteps: WARM_STEPS, stepSeconds: STEP, json });
  return new Promise((resolve, reject) =>
    sim.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(fs.readFileSync(json, 'utf8')).steps.slice(WARM_STEPS)) : reject(new Error(`simulator exit ${code}`)),
    ),
  );
}

/** One run: both platforms up, both simulators at once, each side's CPU read at every step's start. */
async function run(k) {
  // both seeded at once (each its own schema and channel); one that fails stops the other
  const started = await Promise.allSettled([
    startPlatform({ count: 1, prefix: 'sbs_this' }),
    startPlatform({
      count: 1,
      prefix: 'sbs_other',
      entry: otherEntry,
      node: values.node,
      env: values['node-options'] ? { NODE_OPTIONS: values['node-options'] } : {},
    }),
  ]);
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) {
    await Promise.all(started.map((r) => r.status === 'fulfilled' && r.value.stop()));
    throw failed.reason;
  }
  const sides = ['this', 'other'].map((name, j) => ({ name, platform: started[j].value }));
  try {
    const pids = sides.map((s) => s.platform.instances[0].pid);
    // each side runs on the binary asked for (a runtime compared on the same one twice would measure nothing)
    [process.execPath, values.node ?? process.execPath].forEach((want, j) => {
      const runs = fs.realpathSync(`/proc/${pids[j]}/exe`);
      if (runs !== fs.realpathSync(want)) throw new Error(`the ${sides[j].name} server runs ${runs}, not ${want}`);
    });
    const at = []; // at[i]: [this, other] CPU seconds when counted step i began (and after the last)
    const t0 = Date.now();
    const ticker = setInterval(() => {
      const i = Math.floor((Date.now() - t0) / (STEP * 1000)) - WARM_STEPS;
      if (i >= 0 && i <= RATES.length && !at[i]) at[i] = pids.map(cpuSeconds);
    }, 250);
    const figures = await Promise.all(sides.map((s, j) => simulate(s.platform.instances[0].base, path.join(OUT, `sim-${k}-${j}.json`))));
    clearInterval(ticker);
    at[RATES.length] ??= pids.map(cpuSeconds);
    return RATES.map((rate, i) => {
      const row = { rate };
      sides.forEach((s, j) => {
        const actions = Object.values(figures[j][i].actions);
        const count = actions.reduce((n, a) => n + a.count, 0);
        row[s.name] = {
          achieved: +(count / figures[j][i].seconds).toFixed(1),
          errors: actions.reduce((n, a) => n + a.errors + a.broken, 0),
          cpuMs: at[i] && at[i + 1] && count ? +(((at[i + 1][j] - at[i][j]) * 1000) / count).toFixed(2) : null,
        };
      });
      row.ratio = row.this.cpuMs && row.other.cpuMs ? +(row.this.cpuMs / row.other.cpuMs).toFixed(2) : null;
      log(
        `run ${k + 1}, ${rate}/s asked: this ${row.this.achieved}/s ${row.this.cpuMs} CPU-ms, other ${row.other.achieved}/s ` +
          `${row.other.cpuMs} CPU-ms, ratio ${row.ratio}${row.this.errors || row.other.errors ? ` (5xx or broken: ${row.this.errors} / ${row.other.errors})` : ''}`,
      );
      return row;
    });
  } finally {
    await Promise.all(sides.map((s) => s.platform.stop()));
  }
}

const runs = [];
for (let k = 0; k < Number(values.runs); k++) runs.push(await run(k));
fs.writeFileSync(
  path.join(OUT, 'side-by-side.json'),
  `${JSON.stringify({ against: values.against, node: values.node ?? process.execPath, nodeOptions: values['node-options'], rates: RATES, runs }, null, 1)}\n`,
);
console.log(`\n| per action, side by side (${runs.length} run(s)) | ${RATES.map((r) => `${r}/s`).join(' | ')} |`);
console.log(`|---|${RATES.map(() => '---').join('|')}|`);
const cell = (xs) => {
  const ok = xs.filter((x) => x != null);
  return ok.length ? `${median(ok).toFixed(2)} (${Math.min(...ok).toFixed(2)}–${Math.max(...ok).toFixed(2)})` : '?';
};
console.log(`| this server, CPU-ms | ${RATES.map((_, i) => cell(runs.map((r) => r[i].this.cpuMs))).join(' | ')} |`);
console.log(
  `| other server (--against${values.node ? `, on ${values.node}` : ''}${values['node-options'] ? ` with ${values['node-options']}` : ''}), CPU-ms | ${RATES.map((_, i) => cell(runs.map((r) => r[i].other.cpuMs))).join(' | ')} |`,
);
console.log(`| ratio this ÷ other | ${RATES.map((_, i) => cell(runs.map((r) => r[i].ratio))).join(' | ')} |`);
console.log(
  `| achieved, this / other | ${RATES.map((_, i) => `${median(runs.map((r) => r[i].this.achieved))} / ${median(runs.map((r) => r[i].other.achieved))}`).join(' | ')} |`,
);
