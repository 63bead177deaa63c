// Block trades (issue 22): an operator offers a block trade; a block request made through the platform API
// appears live in /position/dzList with badge 20; approved, it is a block-trade position on the positions page.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { apiLogin, DEMO, goto, launch, screenshot, signIn, switchLang, waitForRoute, withPage, type Browser } from '../lib/index.ts';
import { badgeCount, consoleToken, expectBadge, nextLiveSocket } from '../lib/live.ts';
import { adminCall, appCall, serverCounts, verifiedUser } from '../lib/platform.ts';

let browser: Browser;
let boss: string;
before(async () => {
  browser = await launch();
  boss = await apiLogin(DEMO.super);
});
after(async () => {
  await browser?.close();
});

describe('block trades, live', () => {
  it('shows a platform block request at once with badge 20 and approves it into a block-trade position', async () => {
    await withPage(browser, 'blocktrade-live', async ({ page }) => {
      // another spec may have locked the stock: offer an unlocked one
      const [s] = (await adminCall<{ list: { id: number; locked: boolean }[] }>(boss, '/admin/stock/list.do', { code: '600036' })).list;
      if (s!.locked) await adminCall(boss, '/admin/stock/updateLock.do', { id: String(s!.id), locked: 'false' });
      const day = 86_400_000;
      // the window is the server's: its market clock (e2e/run.mjs starts it on a fixed trading day), not this machine's date
      const { lastTickAt } = await adminCall<{ lastTickAt: string | null }>(boss, '/admin/market/status.do', {});
      const now = lastTickAt ? Date.parse(lastTickAt) : Date.now();
      const product = await adminCall<{ id: number; window: string }>(boss, '/admin/stockDz/add.do', {
        gid: 'sh600036',
        priceMode: 'fixed',
        fixedPrice: '30.00',
        minShares: '500',
        maxShares: '5000',
        totalShares: '20000',
        tradeKey: 'e2e-key-2026',
        startsAt: new Date(now - 2 * day).toISOString(),
        endsAt: new Date(now + 3 * day).toISOString(),
      });
      assert.equal(product.window, 'open');
      const user = await verifiedUser(boss, { cash: '200000' });

      const ready = nextLiveSocket(page);
      await signIn(page, DEMO.admin);
      await ready;
      const token = await consoleToken(page);
      const before = (await serverCounts(token))['20'] ?? 0;
      await expectBadge(page, 20, before);

      const r = await appCall<{ id: number; status: string; hold: string }>(user.token, '/app/stockDz/buy.do', {
        productId: String(product.id),
        shares: '1000',
        tradeKey: 'e2e-key-2026',
      });
      assert.equal(r.status, 'pending');
      assert.equal(r.hold, '30009.00'); // 30,000 + fee 0.03 %
      await expectBadge(page, 20, before + 1);
      assert.equal(await badgeCount(page, 20), (await serverCounts(token))['20'], 'the badge agrees with the database');

      await page.locator('[data-testid="badge-20"]').click();
      await waitForRoute(page, /^\/position\/dzList/);
      await page.locator(`[data-testid="block-approve-${r.id}"]`).waitFor();
      await screenshot(page, 'blocktrade-requests');
      await page.locator(`[data-testid="block-approve-${r.id}"]`).click();
      const form = page.locator('[data-testid="block-approve-form"]');
      await form.waitFor();
      await form.locator('input').first().fill('800');
      await page.locator('.ant-modal-footer:visible .ant-btn-primary').last().click();
      await page.locator('.ant-message-notice', { hasText: '已通过，持仓已建立' }).waitFor();
      // the queue shows pending requests: the approved one leaves it
      await page.locator(`[data-testid="block-approve-${r.id}"]`).waitFor({ state: 'detached' });
      await expectBadge(page, 20, before);

      const positions = await adminCall<{ list: { id: number; source: string; shares: number; status: string }[] }>(
        boss,
        '/admin/position/list.do',
        {
          userId: String(user.id),
        },
      );
      assert.deepEqual(
        positions.list.map((p) => [p.source, p.shares, p.status]),
        [['block', 800, 'open']],
      );
      await goto(page, `/position/financing?userId=${user.id}`);
      const row = page.locator('.ant-table-tbody > tr.ant-table-row:visible', { hasText: '大宗交易' }).first();
      await row.waitFor();
      await screenshot(page, 'blocktrade-position');

      await goto(page, '/newshares/dazonglist');
      await page.locator(`[data-testid="block-window-${product.id}"]`).waitFor();
      await page.locator('.ant-table-tbody', { hasText: '19,200 / 20,000' }).first().waitFor();
      await screenshot(page, 'blocktrade-products');
      await switchLang(page, 'en-US');
      await page.locator(`[data-testid="block-window-${product.id}"]`, { hasText: 'Open' }).waitFor();
      await screenshot(page, 'blocktrade-products', 'en-US');
      await goto(page, '/position/dzList?status=approved');
      await page.locator('[data-testid="block-requests"] .ant-table-row:visible', { hasText: '800' }).first().waitFor();
      await screenshot(page, 'blocktrade-requests', 'en-US');
      await switchLang(page, 'zh-CN');
    });
  });
});
