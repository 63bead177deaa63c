// Capacity (issue 51): the soak's platform (bench/soak/platform.mjs: PostgreSQL + Redis, the demo data, operator bots)
// with the simulated users' rate raised step by step — one simulator run with a rate schedule, its first step a
// warm-up not counted (the population registers, passes its real-name check and funds itself then, as in the soak's
// warm-up) — until the p99 of any action passes 200 ms, a 5xx or a broken answer appears, or the simulator cannot
// reach the rate asked; on one instance, then on two. Reports the highest
// rate held on each, the scaling ratio, and where the time goes at the knee: the statements the database was running
// (pg_stat_activity sampled every 200 ms during each step; pg_stat_statements when the server has it loaded) and a CPU
// profile of instance A over the whole ramp (its functions by self time; with --perf, Linux perf's on-CPU samples of
// it instead — V8's profiler samples wall time, so a write that wakes PostgreSQL on this core is counted while
// PostgreSQL runs). Per step, what an action cost: the servers'
// CPU-ms (their process_cpu_seconds_total), PostgreSQL's CPU-ms (its processes in /proc) and the statements sent
// (db_statements_total, BEGIN and COMMIT included) and the round trips they took (db_round_trips_total).
//
// Usage (repository root): node bench/soak/ramp.mjs [--rates 25,50,100,150,200,300,400] [--step 60] [--warmup 180]
//   [--users 500] [--instances 1,2] [--profile] [--perf] [--entry <another build's apps/server/dist/main.mjs>]
// Env: BENCH_DATABASE_URL, BENCH_REDIS_URL (as bench/soak/run.mjs). Results: bench/.results/ramp/.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { readMetrics } from './metrics.mjs';
import { perfShares } from './perf.mjs';
import { procStat } from '../lib/stats.mjs';
import { spawnRampSimulator, startPlatform } from './platform.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({
  options: {
    rates: { type: 'string', default: '25,50,100,150,200,300,400' },
    step: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '180' },
    users: { type: 'string', default: '500' },
    instances: { type: 'string', default: '1,2' },
    profile: { type: 'boolean', default: false },
    perf: { type: 'boolean', default: false },
    entry: { type: 'string' },
  },
});
const RATES = values.rates.split(',').map(Number);
const STEP = Number(values.step);
const OUT = path.join(root, 'bench/.results/ramp');
fs.mkdirSync(OUT, { recursive: true });
const log = (l) => console.log(`ramp: ${l}`);
const P99_LIMIT = 200;

/**
 * The whole ramp as one simulator run over the instances: a warm-up at the first rate, then each rate for STEP seconds
 * (`--steps`, one rate a step; the warm-up is the schedule's first, as long as `--warmup` in steps of STEP). Calls
 * `onStep(i)` as each step begins, for the database sampling. Returns its per-step figures, the warm-up dropped.
 */
async function ramp(instances, onStep) {
  const json = path.join(OUT, `sim-${instances.length}.json`);
  const warmSteps = Math.max(1, Math.round(Number(values.warmup) / STEP));
  const sim = spawnRampSimulator({
    bases: instances.map((i) => i.base),
    users: values.users,
    rates: RATES,
    warmSteps,
    stepSeconds: STEP,
    json,
  });
  const started = Date.now();
  const ticker = setInterval(() => onStep(Math.floor((Date.now() - started) / (STEP * 1000)) - warmSteps), 1000);
  await new Promise((r) => sim.once('exit', r));
  clearInterval(ticker);
  return JSON.parse(fs.readFileSync(json, 'utf8')).steps.slice(warmSteps);
}

/** What the database was busy with: active statements of the schema's connections, sampled every 200 ms. */
function sampleActivity(client) {
  const seen = new Map();
  let samples = 0;
  const timer = setInterval(async () => {
    try {
      const { rows } = await client.query(
        `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS q FROM pg_stat_activity
         WHERE state = 'active' AND pid <> pg_backend_pid() AND datname = current_database()`,
      );
      samples += 1;
      for (const r of rows) seen.set(r.q, (seen.get(r.q) ?? 0) + 1);
    } catch {
      /* a sample lost: the figures are shares */
    }
  }, 200);
  return () => {
    clearInterval(timer);
    return { samples, top: [...seen].sort((a, b) => b[1] - a[1]).slice(0, 8) };
  };
}

/**
 * CPU seconds of this machine's PostgreSQL processes (backends and helpers) by pid, from /proc: what the database
 * spent. Compared by pid (`postgresSpent`), so a connection that ended meanwhile does not make the sum go down.
 */
function postgresCpu() {
  const byPid = new Map();
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const { comm, cpuSeconds } = procStat(pid);
      if (comm === 'postgres') byPid.set(pid, cpuSeconds);
    } catch {
      /* a process that ended meanwhile */
    }
  }
  return byPid;
}

/** CPU seconds PostgreSQL spent between two readings of postgresCpu(): its processes alive at the second. */
function postgresSpent(a, b) {
  let n = 0;
  for (const [pid, s] of b) n += s - (a.get(pid) ?? 0);
  return n;
}

/** What the platform has spent so far: the servers' CPU and statements (their /metrics) and PostgreSQL's CPU. */
async function spent(instances) {
  const ms = await Promise.all(instances.map((i) => readMetrics(`http://127.0.0.1:${i.metrics}/metrics`)));
  return {
    server: ms.reduce((n, m) => n + m.cpuSeconds, 0),
    statements: ms.reduce((n, m) => n + m.statements, 0),
    roundTrips: ms.every((m) => m.roundTrips !== null) ? ms.reduce((n, m) => n + m.roundTrips, 0) : null,
    postgres: postgresCpu(),
  };
}

/** Functions of a .cpuprofile by self time, the top `n`. */
function topFunctions(file, n = 12) {
  const p = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map(p.nodes.map((x) => [x.id, x]));
  const self = new Map();
  let total = 0;
  p.samples.forEach((id, i) => {
    const f = byId.get(id).callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(node_modules|apps)\//, '$1/')}:${f.lineNumber + 1}`;
    const dt = p.timeDeltas[i] ?? 0;
    total += dt;
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => [k, ((v / total) * 100).toFixed(1)]);
}

const results = {};
for (const count of values.instances.split(',').map(Number)) {
  const profDir = path.join(OUT, `cpu-${count}`);
  fs.rmSync(profDir, { recursive: true, force: true });
  const nodeArgs = values.profile ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [];
  if (values.perf) nodeArgs.push('--perf-basic-prof-only-functions');
  const platform = await startPlatform({ count, prefix: 'ramp', nodeArgs, ...(values.entry ? { entry: path.resolve(values.entry) } : {}) });
  const perfData = path.join(OUT, `perf-${count}.data`);
  fs.rmSync(perfData, { force: true });
  let perf = null;
  const client = new pg.Client({ connectionString: platform.schema.url });
  await client.connect();
  const statements = (await client.query(`SELECT count(*)::int AS n FROM pg_extension WHERE extname = 'pg_stat_statements'`)).rows[0].n > 0;
  const steps = [];
  try {
    // the database's activity, sampled for each step (the warm-up's is dropped)
    const activity = [];
    // what was spent by the start of each step (and the end of the last): CPU and statements per action
    const costs = [];
    let current = -1;
    let stop = null;
    const onStep = (i) => {
      if (i === current || i > RATES.length) return;
      if (stop && current >= 0) activity[current] = stop();
      else stop?.();
      current = i;
      if (i >= 0) costs[i] = spent(platform.instances);
      // on-CPU samples of instance A over the counted steps (task-clock: only while it runs), its call stacks too
      if (i === 0 && values.perf)
        perf = spawn(
          'perf',
          ['record', '-q', '-F', '999', '-e', 'task-clock', '-g', '-p', String(platform.instances[0].pid), '-o', perfData],
          { stdio: 'ignore' },
        ).once('error', (e) => {
          log(`perf could not run (${e.message}): no on-CPU profile`);
          perf = null;
        });
      stop = i < RATES.length ? sampleActivity(client) : null;
    };
    const figures = await ramp(platform.instances, onStep);
    if (perf && perf.exitCode === null) {
      // SIGINT: perf writes its file and ends
      perf.kill('SIGINT');
      await new Promise((r) => perf.once('exit', r));
    }
    if (stop && current >= 0) activity[current] = stop();
    if (current < RATES.length) costs[RATES.length] = spent(platform.instances);
    const spentAt = await Promise.all(costs.map((c) => c ?? null));
    for (const [i, f] of figures.entries()) {
      const actions = Object.entries(f.actions);
      const count = actions.reduce((n, [, a]) => n + a.count, 0);
      const busy = actions.filter(([, a]) => a.count >= 20).sort((a, b) => b[1].p99 - a[1].p99);
      const [worst, w] = busy[0] ?? ['—', { p99: 0 }];
      const s = {
        rate: f.rate,
        achieved: +(count / f.seconds).toFixed(1),
        p99: +w.p99.toFixed(0),
        worst,
        errors: actions.reduce((n, [, a]) => n + a.errors, 0),
        broken: actions.reduce((n, [, a]) => n + a.broken, 0),
        activity: activity[i] ?? { samples: 0, top: [] },
      };
      const [a, b] = [spentAt[i], spentAt[i + 1]];
      if (a && b && count) {
        s.serverCpuMs = +(((b.server - a.server) * 1000) / count).toFixed(2);
        s.postgresCpuMs = +((postgresSpent(a.postgres, b.postgres) * 1000) / count).toFixed(2);
        s.statements = +((b.statements - a.statements) / count).toFixed(1);
        if (a.roundTrips !== null) s.roundTrips = +((b.roundTrips - a.roundTrips) / count).toFixed(1);
      }
      steps.push(s);
      log(
        `${platform.instances.length} instance(s), ${f.rate}/s asked: ${s.achieved}/s, worst p99 ${s.p99} ms (${worst}), 5xx ${s.errors}, broken ${s.broken}` +
          (s.serverCpuMs === undefined
            ? ''
            : `; per action: server ${s.serverCpuMs} CPU-ms, PostgreSQL ${s.postgresCpuMs} CPU-ms, ${s.statements} statements` +
              (s.roundTrips === undefined ? '' : ` in ${s.roundTrips} round trips`)),
      );
    }
  } finally {
    await client.end();
    await platform.stop();
  }
  const fails = (s) => s.p99 > P99_LIMIT || s.errors || s.broken || s.achieved < 0.9 * s.rate;
  const kneeAt = steps.findIndex(fails);
  const held = kneeAt < 0 ? steps.at(-1) : steps[kneeAt - 1];
  const knee = kneeAt < 0 ? steps.at(-1) : steps[kneeAt];
  const prof = values.profile
    ? fs
        .readdirSync(profDir)
        .filter((f) => f.endsWith('.cpuprofile'))
        .sort()
    : [];
  results[count] = {
    steps,
    held: held?.achieved ?? 0,
    statements,
    profile: prof.length ? topFunctions(path.join(profDir, prof[0])) : null,
    perf: perf && fs.existsSync(perfData) ? perfShares(perfData) : null,
    knee,
  };
}

fs.writeFileSync(path.join(OUT, 'ramp.json'), `${JSON.stringify(results, null, 1)}\n`);
console.log(`\n| instances | rate asked → achieved (worst p99, action) per step | highest rate held |\n|---|---|---|`);
for (const [count, r] of Object.entries(results))
  console.log(
    `| ${count} | ${r.steps.map((s) => `${s.rate} → ${s.achieved}/s (${s.p99} ms ${s.worst}${s.errors ? `, ${s.errors} 5xx` : ''})`).join('; ')} | ${r.held}/s |`,
  );
console.log(`\nper action, each step (CPU-ms of the servers / of PostgreSQL, statements / round trips):`);
for (const [count, r] of Object.entries(results))
  console.log(
    `  ${count} instance(s): ${r.steps.map((s) => `${s.rate}/s ${s.serverCpuMs ?? '?'} / ${s.postgresCpuMs ?? '?'} ms, ${s.statements ?? '?'} / ${s.roundTrips ?? '—'}`).join('; ')}`,
  );
if (results[1] && results[2]) console.log(`scaling, two instances ÷ one: ${(results[2].held / (results[1].held || 1)).toFixed(2)}`);
for (const [count, r] of Object.entries(results)) {
  const a = r.knee.activity;
  console.log(`\nat the knee, ${count} instance(s), ${r.knee.rate}/s: active statements in ${a.samples} samples of pg_stat_activity`);
  for (const [q, n] of a.top) console.log(`  ${((n / Math.max(1, a.samples)) * 100).toFixed(0).padStart(4)} % ${q}`);
  if (!r.statements) console.log('  (pg_stat_statements is not loaded on this server: shared_preload_libraries)');
  if (r.perf) {
    const { samples, native, packages, leaves } = r.perf;
    console.log(`instance A's on-CPU samples over the counted steps (perf, task-clock; bench/soak/perf.mjs): ${samples}`);
    console.log(
      `  native: ${Object.entries(native)
        .map(([k, v]) => `${k} ${v} %`)
        .join(', ')}`,
    );
    console.log(
      `  by the nearest JavaScript frame: ${packages
        .slice(0, 10)
        .map(([k, v]) => `${k} ${v} %`)
        .join(', ')}`,
    );
    console.log(`  self:`);
    for (const [f, pct] of leaves.slice(0, 20)) console.log(`  ${String(pct).padStart(5)} % ${f}`);
  }
  if (r.profile) {
    console.log(`instance A's CPU profile over the ramp, self time:`);
    for (const [f, pct] of r.profile) console.log(`  ${pct.padStart(5)} % ${f}`);
  }
}
