// The living demo (issue 37): on the embedded demo, outside the exchange's hours (a Saturday night in Shanghai),
// signed in as admin, prices move on the positions page, the market says it is the simulated all-day session, and
// the simulated users' buys arrive: the buy badge counts up and a new buy waits in the buy list — within 60 s.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO, launch, openPage, screenshot, signIn, type Browser } from '../lib/index.ts';
import { badgeCount, nextLiveSocket } from '../lib/live.ts';
import { startServer } from '../lib/server.mjs';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

describe('the living demo', () => {
  it('moves prices and brings buys in at any hour: the badge counts up within 60 s', { timeout: 240_000 }, async () => {
    const server = await startServer({
      quiet: true,
      env: { QUOTE_SESSION: 'continuous', QUOTE_CLOCK_START: '2026-11-28T22:00:00+08:00', QUOTE_INTERVAL_MS: '1000', SIMULATE_RATE: '2' },
    });
    const opened = await openPage(browser);
    const { page } = opened;
    try {
      await page.goto(`${server.base}/#/user/login`);
      const live = nextLiveSocket(page);
      await signIn(page, DEMO.admin);
      await live;
      const started = Date.now();
      const before = await badgeCount(page, 19);
      // the buys waiting now (the buy list shows pending orders first, an approve button each)
      const buyList = page.locator('.shell-pane[data-tab-key^="/position/buyList"]');
      const waitingIds = async () =>
        (await buyList.locator('[data-testid^="approve-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).map((t) =>
          Number(t!.replace('approve-', '')),
        );
      await page.evaluate(() => (window.location.hash = '/position/buyList'));
      // loaded: a row or the empty placeholder, and no spinner
      await buyList.locator('tr.ant-table-row, .ant-table-placeholder').first().waitFor({ timeout: 30_000 });
      await buyList.locator('.ant-spin-spinning').waitFor({ state: 'detached', timeout: 30_000 });
      const waitingBefore = Math.max(0, ...(await waitingIds()));
      await page.evaluate(() => (window.location.hash = '/position/financing'));
      // the positions pane's status line: the buy list's tab, kept open behind it, has one too
      const positions = page.locator('.shell-pane[data-tab-key^="/position/financing"]');
      await positions.locator('[data-testid="market-continuous"]').waitFor({ timeout: 30_000 });
      assert.equal((await positions.locator('[data-testid="market-continuous"]').innerText()).trim(), '模拟行情 · 全天交易');
      assert.equal((await positions.locator('[data-testid="market-phase"]').innerText()).trim(), '交易中');
      // the positions table (the line warnings' table comes before it)
      const rows = page.locator('[data-testid="position-list"] .ant-table-tbody').last();
      await rows.locator('tr.ant-table-row').first().waitFor({ timeout: 30_000 });
      const first = await rows.innerText();
      // live prices and P/L move while the page is open
      let moved = false;
      for (let i = 0; i < 40 && !moved; i++) {
        await page.waitForTimeout(500);
        moved = (await rows.innerText()) !== first;
      }
      assert.ok(moved, 'prices and P/L moved on the positions page');
      // the simulated users' buys arrive: badge 19 counts up
      let now = before;
      while (now <= before && Date.now() - started < 60_000) {
        await page.waitForTimeout(500);
        now = await badgeCount(page, 19);
      }
      assert.ok(now > before, `the buy badge counted up within 60 s (${before} → ${now})`);
      await screenshot(page, 'demo-living');
      // and the new buy waits for review in the open buy list (it follows the live events, no reload)
      await page.evaluate(() => (window.location.hash = '/position/buyList'));
      let newest = waitingBefore;
      for (let i = 0; i < 40 && newest <= waitingBefore; i++) {
        await page.waitForTimeout(250);
        newest = Math.max(0, ...(await waitingIds()));
      }
      assert.ok(newest > waitingBefore, `a new buy waits in the buy list (newest pending ${waitingBefore} → ${newest})`);
      await screenshot(page, 'demo-new-buy');
      assert.deepEqual(opened.errors, []);
    } finally {
      await opened.close();
      await server.stop();
    }
  });
});
