// Reads the per-request traces a run wrote (BENCH_TRACE=<prefix> node --import tsx bench/user-list/run.mjs) and
// prints, per scenario (the runs are separated by the plain client's turn) and per server process, the requests
// of its measured seconds: how many, and the p50 / p90 / p99 / max of the time the process held them.
// `--buckets 0.5` also prints each scenario's percentiles per 0.5 s, which shows whether the slow requests come
// together (a stall, a periodic wave) or spread out. Each process's garbage collections in those seconds are
// summed per kind (count, total and longest pause), the stalls every request the process holds waits through.
//   node bench/user-list/trace.mjs <prefix> [--duration 10] [--buckets 0.5]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { percentile as pct } from '../lib/stats.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { duration: { type: 'string', default: '10' }, buckets: { type: 'string' } },
});
const prefix = positionals[0];
if (!prefix) throw new Error('usage: node bench/user-list/trace.mjs <prefix> [--duration 10] [--buckets 0.5]');
const dir = path.dirname(prefix);
const files = fs.readdirSync(dir).filter((f) => f.startsWith(`${path.basename(prefix)}.`) && f.endsWith('.json'));
const requests = []; // [end ms, held ms, process]
const collections = []; // [end ms, pause ms, kind, process]
for (const f of files) {
  const data = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
  const pid = f.slice(path.basename(prefix).length + 1, -'.json'.length);
  // traces written before collections were recorded are a bare array of requests
  const { requests: flat, gc = [] } = Array.isArray(data) ? { requests: data } : data;
  for (let i = 0; i < flat.length; i += 2) requests.push([flat[i], flat[i + 1], pid]);
  for (let i = 0; i < gc.length; i += 3) collections.push([gc[i], gc[i + 1], gc[i + 2], pid]);
}
requests.sort((a, b) => a[0] - b[0]);

// a scenario's API load is one stretch of requests; the plain client's turn (seconds without any) ends it
const stretches = [];
for (const r of requests) {
  const last = stretches.at(-1);
  if (last && r[0] - last.at(-1)[0] < 3000) last.push(r);
  else stretches.push([r]);
}
const summary = (held) => {
  const s = held.slice().sort((a, b) => a - b);
  return `n ${String(s.length).padStart(6)}  p50 ${pct(s, 50).toFixed(1).padStart(6)}  p90 ${pct(s, 90).toFixed(1).padStart(6)}  p99 ${pct(s, 99).toFixed(1).padStart(6)}  max ${s.at(-1).toFixed(1).padStart(6)} ms`;
};
const measuredMs = Number(values.duration) * 1000;
stretches
  .filter((s) => s.length >= 100)
  .forEach((s, i) => {
    const end = s.at(-1)[0];
    const measured = s.filter((r) => r[0] > end - measuredMs);
    console.log(`stretch ${i + 1} (last ${values.duration} s): ${summary(measured.map((r) => r[1]))}`);
    for (const pid of [...new Set(measured.map((r) => r[2]))].sort()) {
      console.log(`  process ${pid.padEnd(8)}      ${summary(measured.filter((r) => r[2] === pid).map((r) => r[1]))}`);
      const from = measured[0][0];
      const gcs = collections.filter((g) => g[3] === pid && g[0] > from && g[0] <= end);
      for (const kind of [...new Set(gcs.map((g) => g[2]))].sort()) {
        const pauses = gcs.filter((g) => g[2] === kind).map((g) => g[1]);
        const total = pauses.reduce((a, b) => a + b, 0);
        console.log(`    gc ${kind.padEnd(11)} ${String(pauses.length).padStart(5)} ×, ${total.toFixed(1).padStart(7)} ms in all, longest ${Math.max(...pauses).toFixed(1)} ms`);
      }
    }
    if (values.buckets) {
      const width = Number(values.buckets) * 1000;
      const start = measured[0][0];
      const byBucket = new Map();
      for (const r of measured) {
        const k = Math.floor((r[0] - start) / width);
        if (!byBucket.has(k)) byBucket.set(k, []);
        byBucket.get(k).push(r[1]);
      }
      for (const [k, held] of byBucket) console.log(`    ${((k * width) / 1000).toFixed(1).padStart(5)} s  ${summary(held)}`);
    }
  });
