/* global window -- the page.evaluate callback runs in the browser */
// A console left open on the live pages (issue 52): Debian Chromium at 1440×900 signed in as an operator, the buy list
// and the workplace open as tabs and the positions list the one shown, with the demo's simulator trading against the
// same server (the embedded database, quotes every second). Chromium's own metrics (`Performance.getMetrics`) are
// sampled every `--sample` seconds: the renderer's busy share is (script + layout + style recalculation time) per wall
// second of a sample; the heap is read after a forced collection at the start and at the end, with the DOM nodes and
// event listeners.
// Usage: node bench/console-idle/run.mjs [--runs 3] [--duration 300] [--sample 30] [--rate 2]
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

async function once(browser, base) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  try {
    await page.goto(`${base}/#/user/login`);
    await page.locator('#login_username').fill('admin');
    await page.locator('#login_password').fill('admin123');
    await page.locator('#login_password').press('Enter');
    await page.locator('.shell').waitFor({ timeout: 30_000 });
    for (const route of ['/position/buyList', '/dashboard/workplace', '/position/financing']) {
      await page.evaluate((r) => (window.location.hash = `#${r}`), route);
      await page.waitForTimeout(3000);
    }
    await page.locator('[data-testid="position-list"] .ant-table-row').first().waitFor({ timeout: 30_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
    await page.waitForTimeout(5000); // the pages settle
    const start = await heap(cdp);
    const shares = [];
    let prev = await metrics(cdp);
    for (let t = 0; t < DURATION; t += SAMPLE) {
      await page.waitForTimeout(SAMPLE * 1000);
      const now = await metrics(cdp);
      shares.push((100 * (busy(now) - busy(prev))) / (now.Timestamp - prev.Timestamp));
      prev = now;
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
