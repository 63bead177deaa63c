// Where the time between 登录 and the workplace goes (issue 26): three cold sign-ins, each printing its requests
// against the moment 登录 was pressed; the third also records a CPU profile of the page from that moment to the
// workplace (open it in Chromium's DevTools, Performance panel, or summarise it by function).
//
// Usage: node bench/console-load/profile.mjs [--type-ms 1500] [--out /tmp/click.cpuprofile]
//   --type-ms: wait this long after filling the inputs (as typing would) before pressing 登录; default 0.
//   Needs `npm run build` first. A build without minifying keeps the names in the profile:
//   (cd apps/console && npx vite build --minify false)
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { startServer } from '../lib/server.mjs';

const { values } = parseArgs({
  options: { 'type-ms': { type: 'string', default: '0' }, out: { type: 'string', default: '/tmp/click.cpuprofile' } },
});
const server = await startServer({ port: 18_800 + (process.pid % 100) });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (let run = 0; run < 3; run++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(`${server.base}/#/user/login`);
    const user = page.locator('#username, #login_username').first();
    await user.waitFor();
    await page.waitForLoadState('networkidle');
    await user.fill('admin');
    await page.locator('#login_password, #password').first().fill('admin123');
    await page.waitForTimeout(Number(values['type-ms']));
    const events = [];
    let t1 = 0;
    const at = () => (performance.now() - t1).toFixed(0).padStart(5);
    page.on('request', (r) => t1 && events.push(`${at()} asked  ${r.method()} ${r.url().replace(server.base, '')}`));
    page.on('requestfinished', (r) => t1 && events.push(`${at()} answer ${r.method()} ${r.url().replace(server.base, '')}`));
    const profiling = run === 2;
    if (profiling) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    t1 = performance.now();
    await page.locator('[data-testid="login-submit"]').click();
    await page.locator('[data-testid="workplace"]').waitFor({ state: 'visible' });
    const total = performance.now() - t1;
    if (profiling) fs.writeFileSync(values.out, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    console.log(`run ${run + 1}: workplace visible ${total.toFixed(0)} ms after 登录${profiling ? ` (profiled: ${values.out})` : ''}`);
    for (const e of events) console.log(`  ${e}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
