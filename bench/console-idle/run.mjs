/* global window -- the page.evaluate callback runs in the browser */
// A console left open on the live pages (issue 52): Debian Chromium at 1440×900 signed in as an operator, the buy list
// and the workplace open as tabs and the positions list the one shown, with the demo's simulator trading against the
// same server (the embedded database, quotes every second). Chromium's own metrics (`Performance.getMetrics`) are
// sampled every `--sample` seconds: the renderer's busy share is (script + layout + style recalculation time) per wall
// second of a sample; the heap is read after a forced collection at the start and at the end, with the DOM nodes and
// event listeners.
// Usage: node bench/console-idle/run.mjs [--runs 3] [--duration 300] [--sample 30] [--rate 2] [--profile]
//   --profile: the renderer's JavaScript sampled over each run (CDP Profiler), its top functions by own time printed,
//   and the busy share split into script, layout and style; --routes a,b,c: the tabs opened (default the buy list, the
//   workplace, then the positions list shown)
//   (needs `npm run build`; CONSOLE_DIST=… measures another build of the console against the same server)
import { parseArgs } from 'node:util';
import { launchChromium } from '../lib/browser.mjs';
import { startServer } from '../lib/server.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    duration: { type: 'string', default: '300' },
    sample: { type: 'string', default: '30' },
    rate: { type: 'string', default: '2' },
    check: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    // the tabs opened, in order; the last is the one shown and measured (its list must be the positions list)
    routes: { type: 'string', default: '/position/buyList,/dashboard/workplace,/position/financing' },
  },
});
const RUNS = Number(values.runs);
const DURATION = Number(values.duration);
const SAMPLE = Number(values.sample);
const TARGET_PCT = 5;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (xs, d = 1) => `${median(xs).toFixed(d)} (${Math.min(...xs).toFixed(d)}–${Math.max(...xs).toFixed(d)})`;

async function metrics(cdp) {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}
const busy = (m) => m.ScriptDuration + m.LayoutDuration + m.RecalcStyleDuration;

async function heap(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  const m = await metrics(cdp);
  return { heapMb: m.JSHeapUsedSize / 1048576, nodes: m.Nodes, listeners: m.JSEventListeners };
}

/** The profile's top functions by own time, as a share of a core over `wall` seconds (idle and GC apart). */
function printProfile(profile, wall) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  profile.samples.forEach((id, i) => {
    const f = byId.get(id).callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i + 1] ?? 0));
  });
  const top = [...self].filter(([k]) => !k.startsWith('(idle)') && !k.startsWith('(program)')).sort((a, b) => b[1] - a[1]);
  const pct = (us) => `${((100 * us) / 1e6 / wall).toFixed(3).padStart(7)} %`;
  console.log('  own time:');
  for (const [k, us] of top.slice(0, 25)) console.log(`  ${pct(us)}  ${k}`);
  // with what they call: a sample counts once for each function on its stack (components by their capital letter, and
  // the entry points: timers, socket messages, fetch answers)
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const total = new Map();
  profile.samples.forEach((id, i) => {
    const seen = new Set();
    for (let n = id; n !== undefined; n = parent.get(n)) {
      const f = byId.get(n).callFrame;
      const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
      if (!seen.has(key)) seen.add(key);
    }
    for (const key of seen) total.set(key, (total.get(key) ?? 0) + (dt[i + 1] ?? 0));
  });
  console.log('  with callees (components and handlers):');
  for (const [k, us] of [...total]
    .filter(([k]) => /^[A-Z]|^on[A-Z]|^handle|Timer|onmessage|^\(root\)/.test(k))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 40))
    console.log(`  ${pct(us)}  ${k}`);
}

async function once(browser, base) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  // what the socket brought during the measured window, by event type (or cmd): --profile prints it
  const frames = new Map();
  let counting = false;
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      if (!counting) return;
      let key = 'binary';
      try {
        const m = JSON.parse(String(payload));
        key = m.type ?? m.msgType ?? `cmd ${m.cmd}`;
      } catch {
        // a frame that is not JSON keeps its key
      }
      frames.set(key, (frames.get(key) ?? 0) + 1);
    }),
  );
  const calls = new Map();
  page.on('request', (r) => {
    if (!counting || r.resourceType() === 'websocket') return;
    const key = new URL(r.url()).pathname;
    calls.set(key, (calls.get(key) ?? 0) + 1);
  });
  try {
    await page.goto(`${base}/#/user/login`);
    await page.locator('#login_username').fill('admin');
    await page.locator('#login_password').fill('admin123');
    await page.locator('#login_password').press('Enter');
    await page.locator('.shell').waitFor({ timeout: 30_000 });
    for (const route of values.routes.split(',')) {
      await page.evaluate((r) => (window.location.hash = `#${r}`), route);
      await page.waitForTimeout(3000);
    }
    await page.locator('[data-testid="position-list"] .ant-table-row').first().waitFor({ timeout: 30_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
    await page.waitForTimeout(5000); // the pages settle
    const start = await heap(cdp);
    const shares = [];
    if (values.profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
      await cdp.send('Profiler.start');
    }
    const first = await metrics(cdp);
    counting = true;
    // renders counted by a build that counts them (window.__c: a profiling aid, absent from the real build)
    const rendersBefore = await page.evaluate(() => ({ ...(window.__c ?? {}) }));
    let prev = first;
    for (let t = 0; t < DURATION; t += SAMPLE) {
      await page.waitForTimeout(SAMPLE * 1000);
      const now = await metrics(cdp);
      shares.push((100 * (busy(now) - busy(prev))) / (now.Timestamp - prev.Timestamp));
      prev = now;
    }
    if (values.profile) {
      const wall = prev.Timestamp - first.Timestamp;
      const part = (k) => ((100 * (prev[k] - first[k])) / wall).toFixed(2);
      console.log(
        `  script ${part('ScriptDuration')} %, layout ${part('LayoutDuration')} %, style ${part('RecalcStyleDuration')} % of a core`,
      );
      printProfile((await cdp.send('Profiler.stop')).profile, wall);
      const perMinute = (entries) => entries.map(([k, n]) => `${k} ${((n * 60) / wall).toFixed(1)}`).join(', ');
      console.log(`  socket frames per minute: ${perMinute([...frames])}`);
      console.log(`  requests per minute: ${perMinute([...calls])}`);
      const renders = await page.evaluate(() => ({ ...(window.__c ?? {}) }));
      const rendered = Object.entries(renders).map(([k, n]) => [k, n - (rendersBefore[k] ?? 0)]);
      if (rendered.length) console.log(`  renders per minute: ${perMinute(rendered)}`);
    }
    const end = await heap(cdp);
    return { share: median(shares), samples: shares, start, end };
  } finally {
    await context.close();
  }
}

const server = await startServer({
  port: 18_800 + (process.pid % 100),
  env: { SIMULATE_RATE: values.rate, QUOTE_INTERVAL_MS: '1000', QUOTE_SESSION: 'continuous' },
});
const browser = await launchChromium();
const runs = [];
try {
  for (let r = 0; r < RUNS; r++) {
    const x = await once(browser, server.base);
    runs.push(x);
    console.log(
      `run ${r + 1}: busy ${x.share.toFixed(2)} % of a core (samples ${x.samples.map((s) => s.toFixed(1)).join(', ')}); ` +
        `heap ${x.start.heapMb.toFixed(1)} → ${x.end.heapMb.toFixed(1)} MB, nodes ${x.start.nodes} → ${x.end.nodes}, ` +
        `listeners ${x.start.listeners} → ${x.end.listeners}`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
const share = runs.map((x) => x.share);
console.log(`\n| figure (median and range of ${RUNS} runs, ${DURATION} s each, ${SAMPLE}-s samples) | value | target |`);
console.log('|---|---|---|');
console.log(`| renderer busy (script + layout + style) | ${fmt(share, 2)} % of a core | ≤ ${TARGET_PCT} % |`);
console.log(
  `| heap after collection, start → end | ${fmt(runs.map((x) => x.start.heapMb))} → ${fmt(runs.map((x) => x.end.heapMb))} MB | flat |`,
);
console.log(
  `| DOM nodes, start → end | ${fmt(
    runs.map((x) => x.start.nodes),
    0,
  )} → ${fmt(
    runs.map((x) => x.end.nodes),
    0,
  )} | flat |`,
);
console.log(
  `| event listeners, start → end | ${fmt(
    runs.map((x) => x.start.listeners),
    0,
  )} → ${fmt(
    runs.map((x) => x.end.listeners),
    0,
  )} | flat |`,
);
if (values.check && runs.some((x) => !Number.isFinite(x.share))) process.exit(1);
