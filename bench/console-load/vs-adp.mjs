/* global document -- the page.waitForFunction callbacks run in the browser */
// The React sign-in form against Ant Design Pro's (issue 52), in one interleaved run on this machine: cold loads of
// the console's sign-in page and of a built Ant Design Pro's, taken in turn so that both see the same machine. Each
// load is a new browser context (empty cache) at 1440×900, timed from navigation until the form's two inputs and its
// submit button are on screen and enabled — for the console its React form (not index.html's plain one, which is on
// screen earlier and signs in by itself). Beside each time, Chromium's own account of the main thread until then
// (Performance.getMetrics: script, style, layout, and the rest of its task time), which says where the time goes.
//
// Ant Design Pro is not part of this project: build it beside it (nothing of it is committed), e.g.
//   git clone --depth 1 -b v6.0.3 https://github.com/ant-design/ant-design-pro /tmp/adp && cd /tmp/adp
//   npm install --ignore-scripts && npx max setup && npx max build
// and serve its dist/ from here: its files brotli-compressed as the console's are, with the same no-cache headers.
//
// Two floors are measured in the same turns (floors/*.jsx, built here with the console's Vite): `antd`, the same form
// with React and antd and nothing of the console, and `react`, the form as plain React elements. They say how much of
// the console's time is antd's and React's own, which no change to the console can take away.
//
// Usage: node bench/console-load/vs-adp.mjs --adp /tmp/adp/dist [--rounds 3] [--loads 5]   (after `npm run build`)
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { launchChromium } from '../lib/browser.mjs';
import { startServer } from '../lib/server.mjs';

const { values } = parseArgs({
  options: { adp: { type: 'string' }, rounds: { type: 'string', default: '3' }, loads: { type: 'string', default: '5' } },
});
if (!values.adp || !fs.existsSync(path.join(values.adp, 'index.html'))) {
  console.error('--adp <the dist/ folder of a built Ant Design Pro> is required (see the head of this file)');
  process.exit(2);
}
const ROUNDS = Number(values.rounds);
const LOADS = Number(values.loads);

const here = path.dirname(fileURLToPath(import.meta.url));
/** Builds the two floors (production, minified) into bench/.results/floors/<name>/dist. */
async function buildFloors() {
  const require = createRequire(path.resolve(here, '../../apps/console/package.json'));
  const { build } = await import(require.resolve('vite'));
  const out = {};
  for (const name of ['antd', 'react']) {
    // inside the repository, so that the floors resolve react and antd from its node_modules
    const root = path.resolve(here, '../.results/floors', name);
    fs.rmSync(root, { recursive: true, force: true });
    fs.mkdirSync(root, { recursive: true });
    fs.copyFileSync(path.join(here, 'floors', `${name}.jsx`), path.join(root, 'main.jsx'));
    fs.writeFileSync(
      path.join(root, 'index.html'),
      '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>floor</title></head>' +
        '<body><div id="root"></div><script type="module" src="./main.jsx"></script></body></html>',
    );
    await build({
      root,
      configFile: false,
      logLevel: 'error',
      build: { outDir: path.join(root, 'dist') },
      cacheDir: path.join(root, '.vite'),
    });
    out[name] = path.join(root, 'dist');
  }
  return out;
}

const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html; charset=utf-8', '.svg': 'image/svg+xml' };
/** A built site (Ant Design Pro's dist/, a floor): brotli where the console's server compresses, index.html for its routes. */
function staticServer(dir) {
  const cache = new Map();
  const file = (p) => {
    if (!cache.has(p)) {
      const body = fs.readFileSync(p);
      const type = TYPES[path.extname(p)] ?? 'application/octet-stream';
      const br = TYPES[path.extname(p)] ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }) : null;
      cache.set(p, { body, br, type });
    }
    return cache.get(p);
  };
  const s = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname.startsWith('/api/')) {
      // no back end: the sign-in page asks nothing before its form, and anything later is "not signed in"
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { isLogin: false }, errorCode: '401', errorMessage: '请先登录！', success: true }));
      return;
    }
    let p = path.join(dir, path.normalize(url.pathname));
    if (!p.startsWith(dir) || !fs.existsSync(p) || fs.statSync(p).isDirectory()) p = path.join(dir, 'index.html');
    const f = file(p);
    const headers = { 'content-type': f.type, 'cache-control': 'no-cache' };
    if (f.br && /\bbr\b/.test(req.headers['accept-encoding'] ?? '')) {
      res.writeHead(200, { ...headers, 'content-encoding': 'br', vary: 'accept-encoding' });
      res.end(f.br);
    } else {
      res.writeHead(200, headers);
      res.end(f.body);
    }
  });
  return new Promise((resolve) =>
    s.listen(0, '127.0.0.1', () => resolve({ base: `http://127.0.0.1:${s.address().port}`, close: () => s.close() })),
  );
}

/** One cold load until the form can be used; `form` names its inputs and its submit button. */
async function once(browser, url, form) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
  const t0 = performance.now();
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(
    (sel) => {
      const shown = (e) => !!e && e.getClientRects().length > 0 && !e.disabled;
      return sel.every((s) => shown(document.querySelector(s)));
    },
    form,
    { polling: 'raf' },
  );
  const ms = performance.now() - t0;
  const m = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((x) => [x.name, x.value]));
  await context.close();
  const script = m.ScriptDuration * 1000;
  const style = m.RecalcStyleDuration * 1000;
  const layout = m.LayoutDuration * 1000;
  return { ms, script, style, layout, otherTask: m.TaskDuration * 1000 - script - style - layout };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (xs) => `${median(xs).toFixed(0)} ms (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`;

const CONSOLE_FORM = ['#login_username', '#login_password', '[data-testid="login-submit"]'];
const ADP_FORM = ['#username', '#password', 'button.ant-btn-primary[type="submit"], .ant-pro-form-login-main button.ant-btn-primary'];

const floors = await buildFloors();
const server = await startServer({ port: 18_900 + (process.pid % 50) });
const adp = await staticServer(path.resolve(values.adp));
const antdFloor = await staticServer(floors.antd);
const reactFloor = await staticServer(floors.react);
const PAGES = [
  { key: 'console', label: 'console (React form)', url: `${server.base}/#/user/login`, form: CONSOLE_FORM },
  { key: 'adp', label: 'Ant Design Pro v6', url: `${adp.base}/user/login`, form: ADP_FORM },
  { key: 'antd', label: 'floor: React + antd', url: `${antdFloor.base}/`, form: CONSOLE_FORM },
  { key: 'react', label: 'floor: React alone', url: `${reactFloor.base}/`, form: CONSOLE_FORM },
];
const browser = await launchChromium();
try {
  // one warm-up of each (the server's first answers, the browser's own start), not counted
  for (const p of PAGES) await once(browser, p.url, p.form);
  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) {
    const got = Object.fromEntries(PAGES.map((p) => [p.key, []]));
    for (let i = 0; i < LOADS; i++) for (const p of PAGES) got[p.key].push(await once(browser, p.url, p.form));
    rounds.push(got);
    const m = (k) => median(got[k].map((x) => x.ms));
    console.log(
      `round ${r + 1}: ${PAGES.map((p) => `${p.key} ${fmt(got[p.key].map((x) => x.ms))}`).join(', ')}; console/ADP ${(m('console') / m('adp')).toFixed(2)}`,
    );
  }
  const all = (who, key) => rounds.flatMap((r) => r[who].map((x) => x[key]));
  console.log(`\n| median and range of ${ROUNDS} × ${LOADS} cold loads, interleaved | ${PAGES.map((p) => p.label).join(' | ')} |`);
  console.log(`|---|${PAGES.map(() => '---').join('|')}|`);
  const row = (label, key) => console.log(`| ${label} | ${PAGES.map((p) => fmt(all(p.key, key))).join(' | ')} |`);
  row('form ready (inputs and submit on screen, enabled)', 'ms');
  row('main thread until then: script', 'script');
  row('style recalculation', 'style');
  row('layout', 'layout');
  row('other task time (parsing, compiling, paint, GC…)', 'otherTask');
  const ratio = (k) => rounds.map((r) => median(r[k].map((x) => x.ms)) / median(r.adp.map((x) => x.ms)));
  for (const p of PAGES.filter((x) => x.key !== 'adp'))
    console.log(
      `${p.label} ÷ Ant Design Pro, per round: ${ratio(p.key)
        .map((x) => x.toFixed(2))
        .join(', ')}`,
    );
  console.log('target: the console ≤ 0.50');
} finally {
  await browser.close();
  for (const s of [adp, antdFloor, reactFloor]) s.close();
  await server.stop();
}
