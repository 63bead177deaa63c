// Twenty operators' consoles under the soak's load (issue 51): the soak's platform (bench/soak/platform.mjs:
// PostgreSQL + Redis, the demo data) with the simulated users trading at `--rate`, and `--consoles` consoles in one
// Chromium, each signed in as an operator of its own and left on a live list (the buy list, positions, deposits,
// withdrawals, users in turn), as an office would keep them. What the consoles cost the server is counted where it
// comes from — each console's own list requests (their live reloads at the console's pace: at most one per 2 s while
// events keep coming), and how long those lists took to answer.
//
// Twenty Chromium consoles do not fit beside the platform on this machine's two cores (their renderers take the CPU
// and the run measures the machine), so `--mirror K` gives each real console K mirrors: operators of their own, each
// with its own session and its own live socket, that send the server every request their console sends, at the same
// moment, with their own token. The consoles' request pattern stays the real one (the console's own throttles reacting
// to the real live events); only the rendering is not repeated. `--consoles 5 --mirror 3` is twenty consoles' load.
//
// Usage (repository root): node bench/console-idle/crowd.mjs [--consoles 20] [--mirror 0] [--rate 55] [--users 2000]
//   [--duration 120] [--settle 20]   (needs `npm run build`)
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { WebSocket } from 'ws';
import { launchChromium } from '../lib/browser.mjs';
import { percentile } from '../lib/stats.mjs';
import { adminLogin } from '../lib/server.mjs';
import { readMetrics } from '../soak/metrics.mjs';
import { startPlatform } from '../soak/platform.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({
  options: {
    consoles: { type: 'string', default: '20' },
    mirror: { type: 'string', default: '0' },
    rate: { type: 'string', default: '55' },
    users: { type: 'string', default: '2000' },
    duration: { type: 'string', default: '120' },
    settle: { type: 'string', default: '20' },
  },
});
const N = Number(values.consoles);
const MIRROR = Number(values.mirror);
const DURATION = Number(values.duration);
const PAGES = ['/position/buyList', '/position/financing', '/capital/rechargelist', '/capital/withdrawallist', '/userlist/index'];
const LIST =
  /\/(list|buyList|sellList|loginList|operationList)\.do$|\/admin\/(user|cash|position|order|recharge|withdraw)\/[a-zA-Z]*[lL]ist\.do$/;

const platform = await startPlatform({ count: 1, prefix: 'crowd' });
const base = platform.instances[0].base;
const db = new pg.Client({ connectionString: platform.schema.url });
await db.connect();
// one operator account each: an administrator has one session, a second sign-in ends the first
const password = 'crowd-pass-1';
const role = (await db.query(`SELECT id FROM admin_roles WHERE code = 'admin'`)).rows[0].id;
const passwordHash = await hash(password);
for (let i = 1; i <= N; i++)
  for (const name of [`crowd${i}`, ...Array.from({ length: MIRROR }, (_, j) => `crowd${i}m${j + 1}`)])
    await db.query(`INSERT INTO admins (username, name, password_hash, role_id) VALUES ($1, $1, $2, $3)`, [name, passwordHash, role]);
// console i's mirrors: signed in, each with its live socket open as a console keeps it (the pushes are part of the cost)
const mirrors = new Map();
const sockets = [];
let pushed = 0;
for (let i = 1; i <= N; i++) {
  const own = [];
  for (let j = 1; j <= MIRROR; j++) {
    const username = `crowd${i}m${j}`;
    const token = await adminLogin(base, username, password);
    const { id } = (await db.query(`SELECT id FROM admins WHERE username = $1`, [username])).rows[0];
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/manager/ws/${id}?${new URLSearchParams({ token, lang: 'zh-CN' })}`);
    ws.on('message', () => counting && pushed++);
    sockets.push(ws);
    own.push(token);
  }
  mirrors.set(i, own);
}
const mirrored = [];
/** The console's request sent again by each of its mirrors, with the mirror's own token. */
function mirror(i, req) {
  const url = new URL(req.url());
  if (!counting || !url.pathname.startsWith('/admin/')) return;
  const headers = Object.fromEntries(Object.entries(req.headers()).filter(([k]) => !['content-length', 'host', 'cookie'].includes(k)));
  for (const token of mirrors.get(i) ?? []) {
    const t = process.hrtime.bigint();
    fetch(url, { method: req.method(), headers: { ...headers, admintoken: token }, body: req.postData() ?? undefined })
      .then((r) => r.arrayBuffer())
      .then(() => mirrored.push({ path: url.pathname, ms: Number(process.hrtime.bigint() - t) / 1e6 }))
      .catch(() => mirrored.push({ path: url.pathname, ms: NaN }));
  }
}

const browser = await launchChromium();
let sim;
const seen = [];
const counts = [];
let counting = false;
try {
  for (let i = 1; i <= N; i++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    page.on('request', (req) => mirror(i, req));
    page.on('requestfinished', (req) => {
      if (counting && new URL(req.url()).pathname === '/admin/system/count.do') counts.push(i);
      if (!counting || !LIST.test(new URL(req.url()).pathname)) return;
      const t = req.timing();
      seen.push({ console: i, path: new URL(req.url()).pathname, ms: t.responseEnd - t.requestStart });
    });
    await page.goto(`${base}/#/user/login`);
    await page.locator('#login_username').fill(`crowd${i}`);
    await page.locator('#login_password').fill(password);
    await page.locator('#login_password').press('Enter');
    await page.locator('.shell').waitFor({ timeout: 60_000 });
    await page.goto(`${base}/#${PAGES[(i - 1) % PAGES.length]}`);
  }
  // the traffic starts once every console is open (opening twenty takes a while on two cores)
  sim = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'apps/server/src/simulate/cli.ts'),
      ...['--base', base, '--users', values.users, '--rate', values.rate, '--duration', String(DURATION + Number(values.settle) + 30)],
      ...['--seed', 'crowd', '--operators', '--operator-login', 'admin:admin123', '--operator-login', 'super:super123'],
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  await new Promise((r) => setTimeout(r, Number(values.settle) * 1000));
  const served0 = await requests(platform.instances[0]);
  counting = true;
  await new Promise((r) => setTimeout(r, DURATION * 1000));
  counting = false;
  const served = (await requests(platform.instances[0])) - served0;
  const lists = [...seen, ...mirrored.filter((m) => LIST.test(m.path))];
  const ms = lists
    .map((s) => s.ms)
    .filter((x) => !Number.isNaN(x))
    .sort((a, b) => a - b);
  const recounts = counts.length + mirrored.filter((m) => m.path === '/admin/system/count.do').length;
  const total = N * (1 + MIRROR);
  const byPage = {};
  for (const s of lists) byPage[s.path] = (byPage[s.path] ?? 0) + 1;
  console.log(
    `\n${total} consoles (${N} in Chromium${MIRROR ? `, ${MIRROR} mirrors each` : ''}), simulated users at ${values.rate}/s, ${DURATION} s counted:`,
  );
  console.log(`| figure | value |\n|---|---|`);
  console.log(
    `| list requests from the consoles | ${lists.length} (${(lists.length / DURATION).toFixed(2)}/s; ${(lists.length / DURATION / total).toFixed(2)}/s a console) |`,
  );
  console.log(
    `| list answer p50 / p99 (as the consoles saw it) | ${percentile(ms, 50)?.toFixed(0)} / ${percentile(ms, 99)?.toFixed(0)} ms |`,
  );
  console.log(`| header badge recounts (count.do) from the consoles | ${recounts} (${(recounts / DURATION).toFixed(2)}/s) |`);
  if (MIRROR)
    console.log(
      `| mirrors: requests sent, failed; pushes received on their sockets | ${mirrored.length}, ${mirrored.filter((m) => Number.isNaN(m.ms)).length}; ${pushed} (${(pushed / DURATION).toFixed(1)}/s) |`,
    );
  console.log(`| all requests the server served (simulator, bots and consoles) | ${served} (${(served / DURATION).toFixed(0)}/s) |`);
  console.log(
    `| by list | ${Object.entries(byPage)
      .map(([p, n]) => `${p} ${n}`)
      .join(', ')} |`,
  );
} finally {
  sim?.kill('SIGTERM');
  for (const ws of sockets) ws.close();
  await browser.close();
  await db.end();
  await platform.stop();
}

/** The instance's requests served so far, from its /metrics. */
async function requests(inst) {
  return (await readMetrics(`http://127.0.0.1:${inst.metrics}/metrics`)).requests;
}
