// The server's own CPU per call (issue 64), with the process busy: each of the platform user's calls the capacity
// ramp's simulator makes, sent back to back by `--concurrency` clients for `--seconds`, on this checkout's server and
// on another build's (`--against <checkout>`, built there), taken in turns call by call, `--rounds` times.
//
// Why beside the ramp: at the ramp's rates a server sleeps between requests, and on these VMs each sleep and wake-up
// costs more than the code it runs (bench/soak/wakeup-floor.mjs: a 20-line HTTP server spends 0.3–0.8 CPU-ms per
// request at 50/s and 0.09 back to back), the same for every build. Busy, that floor is shared by many requests and
// what is left is the code's own work. Each build runs on a platform of its own (a schema, the demo data, one
// instance, bench/soak/platform.mjs), both up the whole time; the one not measured is idle.
//
// The calls: the simulator's reads as a new user makes them, and its writes as the rules refuse a new user (no real
// name, no money: most of the ramp's buys, deposits and withdrawals are refused). Accepted money actions (a buy held,
// a deposit or withdrawal made, an operator's review) are not here: the ramp measures them. With `--mix <the ramp's
// sim json>` the per-call figures are weighted by how often the simulator made each call in its last step.
//
// Usage (repository root): node bench/soak/per-call.mjs [--against /tmp/anchor] [--seconds 8] [--concurrency 16]
//   [--rounds 3] [--mix bench/.results/ramp/sim-1.json]
// Env: BENCH_DATABASE_URL, BENCH_REDIS_URL (as bench/soak/run.mjs). Results: bench/.results/per-call/.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startPlatform } from './platform.mjs';
import { median, procStat } from '../lib/stats.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({
  options: {
    against: { type: 'string' },
    seconds: { type: 'string', default: '8' },
    concurrency: { type: 'string', default: '16' },
    rounds: { type: 'string', default: '3' },
    mix: { type: 'string' },
  },
});
const SECONDS = Number(values.seconds);
const CONC = Number(values.concurrency);
const OUT = path.join(root, 'bench/.results/per-call');
fs.mkdirSync(OUT, { recursive: true });
const log = (l) => console.log(`per-call: ${l}`);
const GID = 'sh600519';

/** A platform with 40 new users signed up (tokens) and what the calls need (a channel, an issue, a block product). */
async function side(name, entry) {
  const platform = await startPlatform({ count: 1, prefix: 'percall', ...(entry ? { entry } : {}) });
  const inst = platform.instances[0];
  const post = async (p, body, token) =>
    (
      await fetch(inst.base + p, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { usertoken: token } : {}) },
        body: JSON.stringify(body),
      })
    ).json();
  const tokens = [];
  for (let i = 0; i < 40; i++) {
    const r = await post('/app/user/register.do', { phone: `139${10_000_000 + i}`, password: 'sim-pass-1', nickName: `p${i}` });
    if (r.status !== 0) throw new Error(`${name}: register: ${r.msg}`);
    tokens.push(r.data.token);
  }
  const channel = (await post('/app/channel/list.do', {}, tokens[0])).data?.[0];
  const issue = (await post('/app/newshares/list.do', { pageNum: 1, pageSize: 10, phase: 'subscribing' }, tokens[0])).data?.list?.[0];
  const block = (await post('/app/stockDz/list.do', {}, tokens[0])).data?.[0];
  return { name, platform, pid: inst.pid, post, tokens, channel, issue, block };
}

/** The calls, named as the simulator names its actions, each with its body and the status a new user gets. */
const CALLS = [
  ['quote', '/app/stock/quote.do', () => ({ gid: GID })],
  ['positions', '/app/position/list.do', () => ({})],
  ['messages', '/app/message/list.do', () => ({})],
  ['newshareList', '/app/newshares/list.do', () => ({ pageNum: 1, pageSize: 10, phase: 'subscribing' })],
  ['newshareRecords', '/app/newshares/records.do', () => ({ pageNum: 1, pageSize: 10 })],
  ['channels', '/app/channel/list.do', () => ({})],
  ['contractList', '/app/contract/list.do', () => ({ pageNum: 1, pageSize: 10 })],
  ['blockList', '/app/stockDz/list.do', () => ({})],
  ['buy', '/app/order/buy.do', () => ({ gid: GID, shares: 100, leverage: 2 })],
  ['mistake', '/app/order/buy.do', () => ({ gid: GID, shares: 150, leverage: 2 })],
  ['deposit', '/app/recharge/create.do', (s) => ({ channelId: s.channel?.id ?? 1, amount: '5000.00', payerName: '模拟客户' })],
  ['withdraw', '/app/withdraw/apply.do', () => ({ amount: '100.00' })],
  ['blockBuy', '/app/stockDz/buy.do', (s) => ({ productId: s.block?.id ?? 1, shares: s.block?.minShares ?? 100, tradeKey: '000000' })],
  ['newshareApply', '/app/newshares/apply.do', (s) => ({ issueId: s.issue?.id ?? 1, quantity: 500 })],
];

/** `CONC` clients calling back to back for `seconds` (after a second not counted): calls done, the server's CPU-ms per call, statuses. */
async function load(s, [, p, bodyOf]) {
  /** `CONC` clients back to back for `ms`: calls done and their statuses. */
  const run = async (ms) => {
    const done = { n: 0, statuses: {} };
    let stop = false;
    const client = async (w) => {
      while (!stop) {
        const r = await s.post(p, bodyOf(s), s.tokens[w % s.tokens.length]).catch(() => ({ status: 'no answer' }));
        done.statuses[r.status] = (done.statuses[r.status] ?? 0) + 1;
        done.n++;
      }
    };
    const clients = Array.from({ length: CONC }, (_, w) => client(w));
    await new Promise((r) => setTimeout(r, ms));
    stop = true;
    await Promise.all(clients);
    return done;
  };
  await run(1000);
  const cpu0 = procStat(s.pid).cpuSeconds;
  const t0 = performance.now();
  const { n, statuses } = await run(SECONDS * 1000);
  const cpu = procStat(s.pid).cpuSeconds - cpu0;
  return { perSecond: n / ((performance.now() - t0) / 1000), cpuMs: (cpu * 1000) / n, statuses };
}

const sides = [await side('this')];
if (values.against) sides.push(await side('other', path.resolve(values.against, 'apps/server/dist/main.mjs')));
const results = Object.fromEntries(CALLS.map(([name]) => [name, Object.fromEntries(sides.map((s) => [s.name, []]))]));
try {
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const call of CALLS) {
      // in turns, and the first alternating between rounds, so that the host's drift falls on both
      const order = round % 2 ? sides : [...sides].reverse();
      for (const s of order) {
        const r = await load(s, call);
        results[call[0]][s.name].push(r);
        log(
          `round ${round}, ${call[0]}, ${s.name}: ${r.perSecond.toFixed(0)}/s, ${r.cpuMs.toFixed(3)} CPU-ms, ${JSON.stringify(r.statuses)}`,
        );
      }
    }
  }
} finally {
  for (const s of sides) await s.platform.stop();
}

// the simulator's counts of each call in the ramp's last step, when given
let mix = null;
if (values.mix) {
  const sim = JSON.parse(fs.readFileSync(values.mix, 'utf8'));
  const last = sim.steps[sim.steps.length - 1].actions;
  mix = Object.fromEntries(CALLS.map(([name]) => [name, last[name]?.count ?? 0]));
}
const med = (name, side) => median(results[name][side].map((r) => r.cpuMs));
const range = (xs) => `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}`;
const lines = [
  `| call | ${sides.map((s) => `${s.name}, CPU-ms a call`).join(' | ')}${sides.length > 1 ? ' | ratio this ÷ other' : ''}${mix ? ' | weight' : ''} |`,
  `|---|${sides.map(() => '--:').join('|')}${sides.length > 1 ? '|--:' : ''}${mix ? '|--:' : ''}|`,
];
for (const [name] of CALLS) {
  const cells = sides.map((s) => `${med(name, s.name).toFixed(3)} (${range(results[name][s.name].map((r) => r.cpuMs))})`);
  const ratio = sides.length > 1 ? ` | ${median(results[name].this.map((r, i) => r.cpuMs / results[name].other[i].cpuMs)).toFixed(2)}` : '';
  lines.push(`| ${name} | ${cells.join(' | ')}${ratio}${mix ? ` | ${mix[name]}` : ''} |`);
}
if (mix) {
  const weighted = (side) => CALLS.reduce((sum, [name]) => sum + mix[name] * med(name, side), 0) / CALLS.reduce((s, [n]) => s + mix[n], 0);
  const w = sides.map((s) => weighted(s.name));
  lines.push(
    `| **weighted by the mix** | ${w.map((x) => `**${x.toFixed(3)}**`).join(' | ')}${sides.length > 1 ? ` | **${(w[0] / w[1]).toFixed(2)}**` : ''} | |`,
  );
}
console.log(`\n${lines.join('\n')}`);
fs.writeFileSync(
  path.join(OUT, 'per-call.json'),
  `${JSON.stringify({ against: values.against ?? null, seconds: SECONDS, concurrency: CONC, mix, results }, null, 1)}\n`,
);
fs.writeFileSync(path.join(OUT, 'per-call.md'), `${lines.join('\n')}\n`);
