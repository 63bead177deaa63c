// What a `perf record -g` of a server (bench/soak/ramp.mjs --perf) says it spent its CPU on, from `perf script`:
// - shares read from native frames, which name themselves: the argon2 worker threads, the kernel's writes (writev),
//   the page faults that zero fresh memory, garbage collection, the event loop's wait;
// - every sample given to the nearest JavaScript frame above its leaf (the builtins and runtime calls it made are its
//   cost), by package: drizzle-orm, pg, fastify, … and `app` for the server's own bundle;
// - self time: the samples by their leaf frame (symbol and the object it is in).
// JavaScript names come from the perf map of --perf-basic-prof-only-functions, whose addresses V8 reuses as it moves
// code: the package split is approximate, the native shares are not.
//
// Usage: node bench/soak/perf.mjs bench/.results/ramp/perf-1.data [--top 15]
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const NATIVE = {
  argon2: /argon2/,
  writes: /__GI___writev|do_writev/,
  'page zeroing': /clear_page_erms/,
  gc: /Scaveng|ConcurrentMarking|MarkCompact|Sweeper|Heap::Collect/,
  'epoll wait': /epoll_wait|do_epoll/,
};

/** The package of a JavaScript frame's symbol (`JS:*name file:///…/node_modules/pg/lib/client.js:1:2`). */
function packageOf(sym) {
  const m = sym.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  if (sym.includes('main.mjs')) return 'app';
  const n = sym.match(/node:(?:internal\/)?([a-z_]+)/);
  return n ? `node:${n[1]}` : 'other JavaScript';
}

/** Shares (percent of samples) of the native costs, of the packages and of the leaf frames, from one perf.data file. */
export function perfShares(file) {
  const out = execFileSync('perf', ['script', '-i', file, '-F', 'tid,ip,sym,dso'], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const native = Object.fromEntries(Object.keys(NATIVE).map((k) => [k, 0]));
  const packages = new Map();
  const leaves = new Map();
  let samples = 0;
  let frames = [];
  const flush = () => {
    if (!frames.length) return;
    samples++;
    const stack = frames.join('\n');
    for (const [k, re] of Object.entries(NATIVE)) if (re.test(stack)) native[k]++;
    const js = frames.find((f) => f.startsWith('JS:'));
    const key = NATIVE.argon2.test(stack)
      ? 'argon2 (worker threads)'
      : js
        ? packageOf(js)
        : /\[kernel/.test(frames[0])
          ? 'kernel'
          : 'native';
    packages.set(key, (packages.get(key) ?? 0) + 1);
    leaves.set(frames[0], (leaves.get(frames[0]) ?? 0) + 1);
    frames = [];
  };
  for (const line of out.split('\n')) {
    if (!line.startsWith('\t')) {
      flush();
      continue;
    }
    const m = line.match(/^\s+[0-9a-f]+ (.*) \((.*)\)\s*$/);
    if (m) frames.push(`${m[1]} [${m[2]}]`);
  }
  flush();
  const pct = (n) => +((100 * n) / Math.max(1, samples)).toFixed(1);
  const ranked = (m) => [...m].sort((a, b) => b[1] - a[1]).map(([k, n]) => [k, pct(n)]);
  return {
    samples,
    native: Object.fromEntries(Object.entries(native).map(([k, n]) => [k, pct(n)])),
    packages: ranked(packages),
    leaves: ranked(leaves).slice(0, 30),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '15' } } });
  for (const file of positionals) {
    const s = perfShares(file);
    console.log(`${file}: ${s.samples} samples`);
    console.log(
      `  native: ${Object.entries(s.native)
        .map(([k, v]) => `${k} ${v} %`)
        .join(', ')}`,
    );
    for (const [k, v] of s.packages.slice(0, Number(values.top))) console.log(`  ${String(v).padStart(5)} % ${k}`);
    console.log('  self, by leaf frame:');
    for (const [k, v] of s.leaves.slice(0, Number(values.top))) console.log(`  ${String(v).padStart(5)} % ${k}`);
  }
}
