// End-to-end runner (`npm run test:e2e` = build the console and the server, then this file).
// 1. makes sure Debian Chromium, CJK fonts and Arial-metric Latin fonts are installed (apt-get when one is missing);
// 2. starts E2E_SHARDS (default 2) built servers (apps/server/dist), and E2E_LATE_SHARDS (default 0) more that take
//    specs only once the E2E_BESIDE script has ended, each on a free loopback port with a fresh embedded
//    database of its own (demo data seeded; e2e/lib/server.mjs);
// 3. runs every e2e/specs/*.spec.ts with node's test runner, one file at a time per server, the servers taking the
//    next file from one queue (the longest first) — a spec waits on the browser and the server far more than it
//    computes, so two at once take about half the time; each spec's output is printed whole when it ends;
// 4. stops the servers, prints each spec's time, and exits non-zero on any failure.
// Options: `node e2e/run.mjs [spec-name-filter…]` runs only spec files whose name contains a filter; E2E_GREP=pattern
// runs only the tests whose name matches it (node's --test-name-pattern, which NODE_OPTIONS may not carry).
// E2E_BESIDE=script: runs that script beside the suite (CI: the migration compatibility check, while the browser
// leaves the CPU partly idle); its output goes to e2e/beside.log, and its failure fails the run. The file named by
// E2E_SUITE_DONE in its environment appears when the browser suite has ended.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root, SERVER_ENTRY, startServer } from './lib/server.mjs';
import { runBuffered } from '../scripts/lib/buffered.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// without it the screenshots show Chinese as empty boxes (a machine may have Chromium installed alone)
const CJK_FONT_DIR = '/usr/share/fonts/opentype/noto';
// Arial's metrics (what an operator's Windows or macOS browser draws Latin text with): without them Chromium falls back
// to DejaVu Sans, a fifth wider, and the English lists' fixed columns no longer fit 1440 px (lists.spec.ts)
const LATIN_FONT_DIR = '/usr/share/fonts/truetype/liberation';

function ensureChromium() {
  if (fs.existsSync(CHROMIUM) && fs.existsSync(CJK_FONT_DIR) && fs.existsSync(LATIN_FONT_DIR)) return;
  console.log('[e2e] installing chromium, fonts-noto-cjk and fonts-liberation (apt-get)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium', 'fonts-noto-cjk', 'fonts-liberation'], {
    stdio: 'inherit',
    env,
  });
}

async function main() {
  const dist = process.env.CONSOLE_DIST ?? path.join(root, 'apps/console/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    console.error(`[e2e] ${dist} has no built console: run \`npm run build\` first (npm run test:e2e does).`);
    process.exit(2);
  }
  if (!fs.existsSync(SERVER_ENTRY)) {
    console.error(`[e2e] ${SERVER_ENTRY} is missing: run \`npm run build\` first (npm run test:e2e does).`);
    process.exit(2);
  }
  ensureChromium();
  const filters = process.argv.slice(2);
  const specs = fs
    .readdirSync(path.join(root, 'e2e/specs'))
    .filter((f) => f.endsWith('.spec.ts') && (!filters.length || filters.some((x) => f.includes(x))))
    .sort()
    .map((f) => path.join('e2e/specs', f));
  if (!specs.length) {
    console.error('[e2e] no spec files matched');
    process.exit(2);
  }
  fs.mkdirSync(path.join(root, 'e2e/screenshots'), { recursive: true });
  const shards = Math.max(1, Math.min(Number(process.env.E2E_SHARDS ?? 2) || 1, specs.length));
  // E2E_LATE_SHARDS: servers more, which take specs only once the script beside has ended (below)
  const late = process.env.E2E_BESIDE ? Math.max(0, Number(process.env.E2E_LATE_SHARDS ?? 0) || 0) : 0;
  // the quote feed's clock starts inside a trading session and ticks every second, so prices move (issue 20)
  const servers = await Promise.all(
    Array.from({ length: shards + late }, () =>
      startServer({
        // the demo's dual-control rules off: the specs create admins, roles and positions as one operator;
        // approvals.spec.ts switches on the rule it tests
        env: {
          QUOTE_CLOCK_START: '2026-11-24T10:00:00+08:00',
          QUOTE_INTERVAL_MS: '1000',
          QUOTE_SESSION: 'exchange',
          DEMO_APPROVAL_RULES: 'false',
        },
      }),
    ),
  );
  console.log(
    `[e2e] ${shards} server(s)${late ? ` and ${late} more once the script beside has ended` : ''} on ${servers.map((s) => s.base).join(', ')}; ${specs.length} spec file(s)`,
  );
  const beside = startBeside(process.env.E2E_BESIDE);
  const started = Date.now();
  const queue = byLength(specs);
  const results = [];
  try {
    await Promise.all(
      servers.map(async (server, k) => {
        // A late server waits for the script beside: while it runs, two browsers and it keep both cores busy (vmstat:
        // 1-4 % idle), and a third browser would only slow the other two; after it, two browsers alone left the cores
        // 40-67 % idle for the suite's last 270 s (CI on the AMD host, 2026-12-07).
        if (k >= shards) {
          await beside.done;
          if (queue.length) console.log(`[e2e] the script beside has ended: server ${k + 1} takes specs too (${queue.length} left)`);
        }
        for (let spec = queue.shift(); spec; spec = queue.shift())
          results.push(await runSpec(spec, server.base, k + 1, servers.length > 1));
      }),
    );
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    // the script beside may now take the cores the browsers used (.ci/beside-e2e.sh starts its second part then)
    if (beside) fs.writeFileSync(beside.suiteDone, `${new Date().toISOString()}\n`);
  }
  const failed = results.filter((r) => r.code !== 0);
  console.log(
    `[e2e] ${results.length} spec file(s) in ${Math.round((Date.now() - started) / 1000)} s on ${servers.length} server(s); each (s):`,
  );
  for (const r of [...results].sort((a, b) => b.seconds - a.seconds))
    console.log(`[e2e]   ${String(r.seconds).padStart(5)}  ${r.spec} (server ${r.shard})${r.code ? ' FAILED' : ''}`);
  if (failed.length) console.log(`[e2e] failed: ${failed.map((r) => r.spec).join(', ')}`);
  let code = failed.length ? 1 : 0;
  if (beside) {
    const besideCode = await beside.done;
    const log = fs.readFileSync(beside.log, 'utf8');
    // a failure's cause sits anywhere in it: then all of it
    const shown =
      besideCode === 0
        ? log
            .split('\n')
            .filter((l) => l.startsWith('== '))
            .concat(log.split('\n').slice(-25))
        : [log];
    console.log(
      `[e2e] beside the suite: ${process.env.E2E_BESIDE} exited ${besideCode} after ${beside.seconds()} s; ${besideCode === 0 ? 'its phases and last lines' : 'its output'}:`,
    );
    console.log(shown.join('\n'));
    if (besideCode !== 0 && code === 0) code = besideCode;
  }
  process.exit(code);
}

/**
 * The queue: the specs known to take longest first (measured in CI, longest first), so that no server is left
 * with a long one at the end and the short ones are left for a late server (E2E_LATE_SHARDS); the rest after them in
 * name order. CI on the AMD host, 2026-12-07 (s): a11y 465, layout_en 349, layout 334, lists 88, realtime 80,
 * admins_accounts 70, close 53, demo 51 — a11y went third, after layout on the same server, and ended last.
 */
const LONGEST_FIRST = [
  'a11y',
  'layout_en',
  'layout',
  'lists',
  'realtime',
  'admins_accounts',
  'close',
  'demo',
  'funds',
  'admins',
  'users',
  'keyboard',
  'shell',
];
function byLength(specs) {
  const rank = (f) => {
    const i = LONGEST_FIRST.findIndex((name) => path.basename(f) === `${name}.spec.ts`);
    return i < 0 ? LONGEST_FIRST.length : i;
  };
  return [...specs].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** One spec file on one server; its output streamed (one server) or kept and printed whole when it ends. */
async function runSpec(spec, base, shard, buffered) {
  const grep = process.env.E2E_GREP ? ['--test-name-pattern', process.env.E2E_GREP] : [];
  const r = await runBuffered(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...grep, spec], {
    cwd: root,
    env: { ...process.env, BASE_URL: base, CHROMIUM_PATH: CHROMIUM },
    inherit: !buffered,
  });
  const code = r.code ?? 1;
  const seconds = Math.round(r.seconds);
  if (buffered) {
    console.log(`[e2e] ── ${spec} (server ${shard}): ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
    process.stdout.write(r.out);
  }
  return { spec, shard, code, seconds };
}

function startBeside(script) {
  if (!script) return undefined;
  const log = path.join(root, 'e2e/beside.log');
  const suiteDone = path.join(root, 'e2e/.suite-done');
  fs.rmSync(suiteDone, { force: true });
  const out = fs.openSync(log, 'w');
  const started = Date.now();
  // E2E_SUITE_DONE: a file that appears when the browser suite has ended
  const child = spawn('bash', [script], { cwd: root, stdio: ['ignore', out, out], env: { ...process.env, E2E_SUITE_DONE: suiteDone } });
  return {
    log,
    suiteDone,
    seconds: () => Math.round((Date.now() - started) / 1000),
    done: new Promise((resolve) => child.on('exit', (c, sig) => resolve(c ?? (sig ? 1 : 0)))),
  };
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
