/* global document -- the page.waitForFunction callbacks run in the browser */
// Cold loads of the console in Debian Chromium over loopback (issues 26, 41): what an operator waits for and what
// the wire carries, against a floor — a minimal static page with the same two inputs, served from the same machine
// in the same run. Each run is a new browser context (empty cache). Per run:
//   - sign-in transfer: bytes (headers + encoded bodies) until the sign-in page is loaded and idle;
//   - plain form usable: the sign-in form of index.html on screen with the focus in it (it signs in by itself:
//     e2e/specs/boot.spec.ts); React form ready: the console's own form (its 登录 button) on screen;
//   - sign-in twice: after typing the credentials key by key (80 ms a key) and after filling both at once and
//     pressing 登录 the same instant (a password manager); for each, the bytes of every request started from the
//     first keystroke until the workplace is visible, and the time from the sign-in API's answer to the workplace;
//   - `/api/user/info` as transferred.
//
// Usage: node bench/console-load/run.mjs [runs=5] [--check]   (needs `npm run build` first: the built console)
// Prints the median and the range of each figure; with --check (CI), exits 1 when a byte target is missed (times are
// only reported there: a shared machine's noise).
import http from 'node:http';
import { launchChromium } from '../lib/browser.mjs';
import { startServer } from '../lib/server.mjs';

const RUNS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 5);
const CHECK = process.argv.includes('--check');
// issue 41: half of Ant Design Pro v6.0.3's figures on this machine (412,499 B; 839 ms)
const TARGETS = { keystrokeBytes: 206_250, plainMs: 150, reactMs: 420, answeredMs: 300 };
const KEY_DELAY_MS = 80;

const FLOOR = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>floor</title></head>
<body><form><input id="username" placeholder="账户" autofocus><input id="password" type="password" placeholder="密码"><button>登录</button></form></body></html>`;

function floorServer() {
  const s = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(FLOOR);
  });
  return new Promise((resolve) =>
    s.listen(0, '127.0.0.1', () => resolve({ base: `http://127.0.0.1:${s.address().port}`, close: () => s.close() })),
  );
}

/**
 * Every request of the page with the moment it started; its bytes on the wire are asked for once it is counted (after
 * the network is idle), not at its `requestfinished` event: an answer whose event reached this process after the count
 * was counted as 0, so the workplace's four first answers (≈ 3.6 kB) were in some runs' window and not in others'.
 */
function recordRequests(page) {
  const all = [];
  page.on('request', (req) => all.push({ req, at: performance.now() }));
  const sizeOf1 = (x) =>
    x.req
      .sizes()
      .then((s) => s.responseHeadersSize + s.responseBodySize)
      .catch(() => 0); // an answer cut off when the context closed: not counted
  /** Bytes of the requests started in [from, to) (each one's whole answer, even if it ended later). */
  const bytes = async (from, to = Infinity, counted = () => true) => {
    const sizes = await Promise.all(all.filter((x) => x.at >= from && x.at < to && counted(x.req.url())).map(sizeOf1));
    return sizes.reduce((a, b) => a + b, 0);
  };
  const sizeOf = async (pattern) => {
    const r = all.find((x) => pattern.test(x.req.url()));
    return r ? (await sizeOf1(r)) || null : null;
  };
  return { bytes, sizeOf };
}

async function once(browser, url, { signIn }) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  const rec = recordRequests(page);
  const t0 = performance.now();
  await page.goto(url, { waitUntil: 'commit' });
  // the first form on screen with the focus in it: index.html's plain form (or the floor page's)
  await page.waitForFunction(() => {
    const i = document.querySelector('#login_username, #username');
    return !!i && i.getClientRects().length > 0 && document.activeElement === i;
  });
  const plainMs = performance.now() - t0;
  let reactMs = null;
  if (signIn) {
    await page.locator('[data-testid="login-submit"]').waitFor({ state: 'visible' });
    reactMs = performance.now() - t0;
  }
  await page.waitForLoadState('networkidle');
  const transfer = await rec.bytes(0);
  let keystrokeBytes = null;
  let answeredMs = null;
  let infoBytes = null;
  if (signIn) {
    const user = page.locator('#login_username');
    const password = page.locator('#login_password');
    const answered = page.waitForResponse((r) => r.url().includes('/api/adminUser/login.do')).then(() => performance.now());
    const t1 = performance.now();
    if (signIn === 'typed') {
      // as an operator types: one key every 80 ms (a fast typist), 13 keys ≈ 1 s
      await user.pressSequentially('admin', { delay: KEY_DELAY_MS });
      await password.pressSequentially('admin123', { delay: KEY_DELAY_MS });
    } else {
      // filled at once, as a password manager does, and signed in the same instant
      await user.fill('admin');
      await password.fill('admin123');
    }
    await page.locator('[data-testid="login-submit"]').click();
    await page.locator('[data-testid="workplace"]').waitFor({ state: 'visible' });
    const visible = performance.now();
    answeredMs = visible - (await answered);
    await page.waitForLoadState('networkidle');
    // the favicon is the page's, fetched on the browser's own schedule (headless Chromium: about a second after the
    // load, inside this window or not), so it is counted with the page's load, not with the sign-in
    keystrokeBytes = await rec.bytes(t1, visible, (url) => !url.endsWith('/favicon.svg'));
    infoBytes = await rec.sizeOf(/\/api\/user\/info$/);
  }
  await context.close();
  return { transfer, plainMs, reactMs, keystrokeBytes, answeredMs, infoBytes };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (xs, unit, digits = 0) =>
  `${median(xs).toFixed(digits)} ${unit} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;
const pick = (runs, key) => runs.map((r) => r[key]);

const server = await startServer({ port: 18_700 + (process.pid % 100) });
const floor = await floorServer();
const browser = await launchChromium();
try {
  // one warm-up of each (the server's first answers, the browser's own start-up), not counted
  await once(browser, `${server.base}/#/user/login`, { signIn: 'typed' });
  await once(browser, floor.base, { signIn: false });
  const typed = [];
  const filled = [];
  const base = [];
  for (let i = 0; i < RUNS; i++) {
    typed.push(await once(browser, `${server.base}/#/user/login`, { signIn: 'typed' }));
    filled.push(await once(browser, `${server.base}/#/user/login`, { signIn: 'filled' }));
    base.push(await once(browser, floor.base, { signIn: false }));
  }
  const kb = (xs) => xs.map((b) => b / 1000);
  const rows = [
    ['sign-in transfer', fmt(kb(pick(typed, 'transfer')), 'kB', 1), fmt(kb(pick(base, 'transfer')), 'kB', 1), '—'],
    ['plain form usable (submit works)', fmt(pick(typed, 'plainMs'), 'ms'), fmt(pick(base, 'plainMs'), 'ms'), `≤ ${TARGETS.plainMs} ms`],
    ['React form ready', fmt(pick(typed, 'reactMs'), 'ms'), '—', `≤ ${TARGETS.reactMs} ms`],
    [
      'first keystroke → workplace visible, bytes (typed)',
      fmt(kb(pick(typed, 'keystrokeBytes')), 'kB', 1),
      '—',
      `≤ ${(TARGETS.keystrokeBytes / 1000).toFixed(1)} kB`,
    ],
    ['same, filled at once', fmt(kb(pick(filled, 'keystrokeBytes')), 'kB', 1), '—', `≤ ${(TARGETS.keystrokeBytes / 1000).toFixed(1)} kB`],
    ['sign-in answered → workplace visible (typed)', fmt(pick(typed, 'answeredMs'), 'ms'), '—', `≤ ${TARGETS.answeredMs} ms`],
    ['same, filled at once', fmt(pick(filled, 'answeredMs'), 'ms'), '—', `≤ ${TARGETS.answeredMs} ms`],
    ['`/api/user/info` transferred', fmt(pick(typed, 'infoBytes'), 'B'), '—', '≤ 4,096 B'],
  ];
  console.log(`| figure (median and range of ${RUNS} cold runs) | console | floor page | target |\n|---|---|---|---|`);
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
  // bytes are the same on any machine: --check (CI) holds them; times are reported (a shared machine's noise)
  const bytesMissed = [
    median(pick(typed, 'keystrokeBytes')) > TARGETS.keystrokeBytes && 'bytes after the first keystroke (typed)',
    median(pick(filled, 'keystrokeBytes')) > TARGETS.keystrokeBytes && 'bytes after the first keystroke (filled)',
    median(pick(typed, 'infoBytes')) > 4096 && '/api/user/info',
  ].filter(Boolean);
  const timesMissed = [
    median(pick(typed, 'plainMs')) > TARGETS.plainMs && 'plain form usable',
    median(pick(typed, 'reactMs')) > TARGETS.reactMs && 'React form ready',
    median(pick(typed, 'answeredMs')) > TARGETS.answeredMs && 'answered → workplace (typed)',
    median(pick(filled, 'answeredMs')) > TARGETS.answeredMs && 'answered → workplace (filled)',
  ].filter(Boolean);
  if (bytesMissed.length || timesMissed.length) console.log(`missed: ${[...bytesMissed, ...timesMissed].join(', ')}`);
  if (CHECK && bytesMissed.length) process.exitCode = 1;
} finally {
  await browser.close();
  floor.close();
  await server.stop();
}
