// New shares (issue 23): a user applies through the platform API, an operator allots in the console, the user
// pays, the operator converts, and the position appears on the positions page; the four pages in both languages.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { apiLogin, DEMO, goto, launch, screenshot, signIn, switchLang, withPage, type Browser } from '../lib/index.ts';
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

const shDay = (k = 0) => new Date(Date.now() + 8 * 3600_000 + k * 86_400_000).toISOString().slice(0, 10);

describe('new shares', () => {
  it('apply through the platform → allot in the console → pay → convert → the position is on the positions page', async () => {
    await withPage(browser, 'newshares-life', async ({ page }) => {
      const code = '603977';
      // conversion needs the product row; a rerun on the same database finds it there
      await adminCall(boss, '/admin/stock/add.do', { code, name: '测试新股', market: 'sh' }).catch(() => undefined);
      const issue = await adminCall<{ id: number; phase: string }>(boss, '/admin/subscribe/add.do', {
        code,
        name: '测试新股',
        market: 'sh',
        issuePrice: '12.50',
        peRatio: '20.10',
        issueSize: '1000000',
        maxPerUser: '10000',
        subscribeType: 'public',
        subscribeDate: shDay(),
        allotDate: shDay(),
        payDeadline: shDay(1),
        listingDate: shDay(6),
      });
      assert.equal(issue.phase, 'subscribing');
      const user = await verifiedUser(boss, { cash: '100000' });
      const sub = await appCall<{ id: number; status: number }>(user.token, '/app/newshares/apply.do', {
        issueId: String(issue.id),
        quantity: '2000',
      });
      assert.equal(sub.status, 1);

      await signIn(page, DEMO.admin);
      await goto(page, `/newshares/newsharesrecord?issueId=${issue.id}`);
      const status = page.locator(`[data-testid="sub-status-${sub.id}"]`);
      await status.filter({ hasText: '待配售' }).waitFor();
      await page.locator('[data-testid="records-totals"]', { hasText: '申购 2,000' }).waitFor();
      await screenshot(page, 'newshares-records');
      await page.locator(`[data-testid="sub-allot-${sub.id}"]`).click();
      const form = page.locator('[data-testid="allot-form"]');
      await form.waitFor();
      await form.locator('input').fill('1000');
      await page.locator('[data-testid="allot-ok"]').click();
      await status.filter({ hasText: '已中签待缴款' }).waitFor();

      const paid = await appCall<{ status: number; frozenAmount: string }>(user.token, '/app/newshares/pay.do', { id: String(sub.id) });
      assert.deepEqual([paid.status, paid.frozenAmount], [4, '12500.00']);
      await page.locator('[data-testid="records-share"] .anticon-reload').first().click();
      await status.filter({ hasText: '已缴款' }).waitFor();
      await page.locator(`[data-testid="sub-convert-${sub.id}"]`).click();
      await page.locator('.ant-popconfirm:visible .ant-btn-primary').click();
      await status.filter({ hasText: '已转持仓' }).waitFor();

      const positions = await adminCall<{ list: { source: string; shares: number; buyPrice: string; leverage: number }[] }>(
        boss,
        '/admin/position/list.do',
        { userId: String(user.id) },
      );
      assert.deepEqual(
        positions.list.map((p) => [p.source, p.shares, p.buyPrice, p.leverage]),
        [['newshare', 1000, '12.50', 1]],
      );
      await goto(page, `/position/financing?userId=${user.id}`);
      await page.locator('.ant-table-tbody > tr.ant-table-row:visible', { hasText: '新股' }).first().waitFor();
      await screenshot(page, 'newshares-position');

      await goto(page, '/newshares/newshareslist');
      await page.locator(`[data-testid="issue-phase-${issue.id}"]`, { hasText: '申购中' }).waitFor();
      await screenshot(page, 'newshares-issues');
      await goto(page, '/newshares/newzhailist');
      await page.locator('[data-testid="issues-bond"] .ant-table-row:visible').first().waitFor();
      await screenshot(page, 'newshares-bonds');
      await switchLang(page, 'en-US');
      await page
        .locator('[data-testid="issues-bond"] .ant-table-row:visible', { hasText: /Subscribing|Upcoming|Awaiting listing|Listed/ })
        .first()
        .waitFor();
      await screenshot(page, 'newshares-bonds', 'en-US');
      await goto(page, '/newshares/newshareslist');
      await page.locator(`[data-testid="issue-phase-${issue.id}"]`, { hasText: 'Subscribing' }).waitFor();
      await screenshot(page, 'newshares-issues', 'en-US');
      await goto(page, `/newshares/newsharesrecord?issueId=${issue.id}`);
      await status.filter({ hasText: 'Converted' }).waitFor();
      await page.locator('[data-testid="records-csv"]').click();
      await page.locator('[data-testid="allot-csv"]').waitFor();
      await screenshot(page, 'newshares-csv', 'en-US');
      await page.keyboard.press('Escape');
      await goto(page, '/newshares/newzhairecord');
      await page.locator('[data-testid="records-bond"] .ant-table-row:visible').first().waitFor();
      await screenshot(page, 'newshares-bond-records', 'en-US');
      await switchLang(page, 'zh-CN');
      await screenshot(page, 'newshares-bond-records');
    });
  });
});
