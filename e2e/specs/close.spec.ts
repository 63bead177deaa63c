// The books close every day (issue 50): finance opens the daily close, reads a closed day's statement (balanced, its
// movements, the house result), and works through a channel's reconciliation — resolving an exception with a note —
// in both languages, at 1440 px and on a phone.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO, goto, launch, signIn, switchLang, withPage, type Browser } from '../lib/index.ts';
import { expectMessage, shot } from '../lib/antd.ts';
import { api, apiSignInSuper } from '../lib/users.ts';

let browser: Browser;
const PHONE = { width: 390, height: 844 };
const dayOf = (t: Date) => new Date(t.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
const yesterday = dayOf(new Date(Date.now() - 86_400_000));

before(async () => {
  browser = await launch();
  await apiSignInSuper();
});
after(async () => {
  await browser?.close();
});

describe('daily close', () => {
  it("lists the closed days and shows a day's statement that balances", async () => {
    await withPage(
      browser,
      'close-days',
      async ({ page }) => {
        await signIn(page, DEMO.finance);
        await goto(page, '/close/index');
        await page.locator(`[data-testid="close-day-${yesterday}"]`).waitFor();
        await page.locator('[data-testid="close-house-chart"] canvas').waitFor();
        assert.equal(await page.locator('[data-testid^="close-unbalanced-"]').count(), 0);
        await shot(page, 'close-days', 'zh-CN');
        await page.locator(`[data-testid="close-day-${yesterday}"]`).click();
        await page.locator('[data-testid="page-close-statement"]').waitFor();
        await page.locator('[data-testid="close-check-balanced"] .anticon-check-circle').waitFor();
        await page.locator('[data-testid="close-movements"] .ant-table-row').first().waitFor();
        await page.getByText(`${yesterday} 日结单`).waitFor();
        await shot(page, 'close-statement', 'zh-CN');
        await switchLang(page, 'en-US');
        await page.getByText(`Statement of ${yesterday}`).waitFor();
        await shot(page, 'close-statement', 'en-US');
        await goto(page, '/close/index');
        await page.locator(`[data-testid="close-day-${yesterday}"]`).waitFor();
        await shot(page, 'close-days', 'en-US');
      },
      { lang: 'zh-CN' },
    );
  });

  it('reconciles a channel: the three lists, and an exception resolved with a note', async () => {
    const list = await api<{ list: { channelId: number; day: string; open: number }[] }>('/admin/reconcile/list.do', {
      pageNum: 1,
      pageSize: 10,
      status: 'open',
    });
    const target = list.list[0];
    assert.ok(target, 'the demo has an open reconciliation');
    await withPage(
      browser,
      'close-reconcile',
      async ({ page }) => {
        await signIn(page, DEMO.finance);
        await goto(page, '/close/reconcile');
        await page.locator(`[data-testid="recon-open-${target.channelId}-${target.day}"]`).click();
        await page.locator('[data-testid="recon-exceptions"] .ant-table-row').first().waitFor();
        await shot(page, 'close-reconcile', 'zh-CN');
        await page.locator('[data-testid^="recon-resolve-"]').first().click();
        await page.locator('[data-testid="recon-note"]').fill('已与银行核实，次日到账');
        await page.locator('#recon-resolve-ok').click();
        await expectMessage(page, '差异已处理');
        await page.locator('[data-testid="recon-exceptions"]').getByText('已与银行核实，次日到账').waitFor();
        await page.keyboard.press('Escape');
        await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });
        await switchLang(page, 'en-US');
        await goto(page, '/close/reconcile');
        await page.locator(`[data-testid="recon-open-${target.channelId}-${target.day}"]`).click();
        await page.locator('[data-testid="recon-exceptions"] .ant-table-row').first().waitFor();
        await shot(page, 'close-reconcile', 'en-US');
      },
      { lang: 'zh-CN' },
    );
    const after = await api<{ open: number }>('/admin/reconcile/detail.do', { channelId: target.channelId, day: target.day });
    assert.equal(after.open, target.open - 1);
  });

  it('reads as cards on a phone, in both languages', async () => {
    for (const lang of ['zh-CN', 'en-US'] as const) {
      await withPage(
        browser,
        `close-phone-${lang}`,
        async ({ page }) => {
          await signIn(page, DEMO.finance);
          await goto(page, '/close/index');
          await page.locator('[data-testid="page-close"] [data-testid="list-card"]').first().waitFor();
          await shot(page, 'close-days-phone', lang);
          await goto(page, `/close/statement?day=${yesterday}`);
          await page.locator('[data-testid="close-movements"] .ant-table-row').first().waitFor();
          await shot(page, 'close-statement-phone', lang);
          await goto(page, '/close/reconcile');
          await page.locator('[data-testid="page-reconcile"] [data-testid="list-card"]').first().waitFor();
          await shot(page, 'close-reconcile-phone', lang);
        },
        { lang, viewport: PHONE },
      );
    }
  });
});
