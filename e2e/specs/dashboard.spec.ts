// The dashboard (issue 25): the workplace follows a deposit made through the platform API without a reload
// (its queue when the order arrives, today's money when it is confirmed); the analysis charts draw in both
// languages.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { apiLogin, DEMO, goto, launch, screenshot, signIn, switchLang, withPage, type Browser, type Page } from '../lib/index.ts';
import { nextLiveSocket } from '../lib/live.ts';
import { adminCall, appCall, verifiedUser } from '../lib/platform.ts';

let browser: Browser;
let boss: string;
before(async () => {
  browser = await launch();
  boss = await apiLogin(DEMO.super);
});
after(async () => {
  await browser?.close();
});

const number = async (page: Page, testId: string) =>
  Number((await page.locator(`[data-testid="${testId}"] .ant-statistic-content-value`).innerText()).replace(/[^\d.-]/g, ''));
const waitFor = async (f: () => Promise<boolean>, what: string) => {
  const end = Date.now() + 15_000;
  while (Date.now() < end) {
    if (await f()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  assert.fail(`timed out waiting for ${what}`);
};

describe('dashboard', () => {
  it('the workplace follows a platform deposit live; the analysis charts draw in both languages', async () => {
    await withPage(browser, 'dashboard', async ({ page }) => {
      const user = await verifiedUser(boss);
      const ready = nextLiveSocket(page);
      await signIn(page, DEMO.admin);
      await ready;
      await goto(page, '/dashboard/workplace');
      await page.locator('[data-testid="today-figures"]').waitFor();
      const queued = await number(page, 'queue-deposits');
      const deposited = await number(page, 'today-deposits');

      const [channel] = await appCall<{ id: number }[]>(user.token, '/app/channel/list.do');
      const order = await appCall<{ id: number }>(user.token, '/app/recharge/create.do', { channelId: String(channel!.id), amount: '2345.60' });
      await waitFor(async () => (await number(page, 'queue-deposits')) === queued + 1, 'the pending deposit on the workplace');
      await adminCall(boss, '/admin/recharge/confirm.do', { id: String(order.id) });
      await waitFor(async () => Math.abs((await number(page, 'today-deposits')) - (deposited + 2345.6)) < 0.001, "today's deposits");
      assert.equal(await number(page, 'queue-deposits'), queued);
      await screenshot(page, 'dashboard-workplace');

      await goto(page, '/dashboard/analysis');
      await page.locator('[data-testid="chart-money"] canvas').waitFor();
      await page.locator('[data-testid="table-series"] .ant-table-row').first().waitFor();
      await screenshot(page, 'dashboard-analysis');
      await switchLang(page, 'en-US');
      await page.locator('.ant-card-head-title', { hasText: 'Money in and out' }).waitFor();
      await page.locator('[data-testid="chart-agents"] canvas').waitFor();
      await screenshot(page, 'dashboard-analysis', 'en-US');
      await goto(page, '/dashboard/workplace');
      await page.locator('[data-testid="today-figures"]', { hasText: 'Deposits' }).waitFor();
      await screenshot(page, 'dashboard-workplace', 'en-US');
      await switchLang(page, 'zh-CN');
    });
  });
});
