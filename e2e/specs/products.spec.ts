// Products and the market feed (issue 20): 股票产品 and 指数产品 with live prices, filters in the URL,
// the import report, the lock switch. The e2e server's feed clock starts inside a session (e2e/run.mjs).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiLogin, BASE_URL, DEMO, goto, launch, route, screenshot, signIn, switchLang, withPage, type Browser, type Page } from '../lib/index.ts';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

// kept-alive tabs keep other pages' tables in the document, hidden: only the visible one counts
const rows = (page: Page) => page.locator('[data-testid="stock-list"] .ant-table-tbody > tr.ant-table-row:visible');
/** The live last price of the row with this code. */
const lastOf = (page: Page, code: string) => rows(page).filter({ hasText: code }).first().locator('[data-testid="quote-last"]');

async function unlock(code: string): Promise<void> {
  const token = await apiLogin(DEMO.super);
  const call = async (p: string, body: object) =>
    (await fetch(`${BASE_URL}${p}`, { method: 'POST', headers: { admintoken: token, 'content-type': 'application/json' }, body: JSON.stringify(body) })).json() as Promise<{
      data: { list: { id: number; locked: boolean }[] };
    }>;
  const [s] = (await call('/admin/stock/list.do', { code })).data.list;
  if (s?.locked) await call('/admin/stock/updateLock.do', { id: s.id, locked: false });
}

async function waitChange(page: Page, read: () => Promise<string>, timeout = 15_000): Promise<[string, string]> {
  const first = await read();
  const end = Date.now() + timeout;
  for (;;) {
    const now = await read();
    if (now !== first) return [first, now];
    if (Date.now() > end) throw new Error(`value stayed ${first} for ${timeout} ms`);
    await page.waitForTimeout(200);
  }
}

describe('股票产品', () => {
  it('shows the demo listings with live prices that change while watched, red up and green down', async () => {
    await withPage(browser, 'products-live', async ({ page }) => {
      await signIn(page);
      await goto(page, '/product/shares?code=600519');
      await rows(page).first().waitFor();
      assert.equal(await rows(page).count(), 1);
      const [before, after] = await waitChange(page, () => lastOf(page, '600519').innerText());
      assert.notEqual(before, after);
      // the change column's colour follows the sign (Chinese convention, in English too)
      const cell = rows(page).first().locator('[data-testid="quote-change-pct"]');
      const [text, color] = await Promise.all([cell.innerText(), cell.evaluate((e) => getComputedStyle(e).color)]);
      if (text.startsWith('-')) assert.match(color, /rgb\(\s*(0|[0-9]{1,2}),\s*1[2-9][0-9],/); // green
      else if (text !== '0.00%' && text !== '0.00') assert.match(color, /rgb\(\s*2[0-9]{2},/); // red
      await goto(page, '/product/shares');
      await rows(page).first().waitFor();
      await screenshot(page, 'products-shares', 'zh-CN');
      await switchLang(page, 'en-US');
      await rows(page).first().waitFor();
      await screenshot(page, 'products-shares', 'en-US');
      await switchLang(page, 'zh-CN');
    });
  });

  it('keeps the filters in the URL across a reload', async () => {
    await withPage(browser, 'products-filters-url', async ({ page }) => {
      await signIn(page);
      await goto(page, '/product/shares?board=star');
      await rows(page).first().waitFor();
      const codes = await rows(page).locator('td').first().allInnerTexts();
      assert.ok(codes.length > 0);
      await page.reload();
      await rows(page).first().waitFor();
      assert.match(route(page), /board=star/);
      const texts = await rows(page).allInnerTexts();
      assert.ok(texts.every((t) => /68[89]\d{3}/.test(t)), 'only STAR codes after the reload');
    });
  });

  it('reports a bad row of an import and writes nothing', async () => {
    await withPage(browser, 'products-import', async ({ page }) => {
      await signIn(page);
      await goto(page, '/product/shares');
      await page.locator('[data-testid="stock-import"]').first().click();
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'import-')), 'stocks.csv');
      fs.writeFileSync(file, 'code,name,market\n688999,测试科技,sh\n300999,错市场,sh\n');
      await page.locator('.ant-modal input[type=file]').setInputFiles(file);
      await page.locator('[data-testid="stock-import-upload"]').click();
      const report = page.locator('[data-testid="stock-import-report"]');
      await report.waitFor();
      const text = await report.innerText();
      assert.match(text, /300999/);
      assert.match(text, /不符/);
      await screenshot(page, 'products-import-refused', 'zh-CN');
    });
  });

  it('asks before locking, keeps the reason, and the lock sticks after a reload', async () => {
    await withPage(browser, 'products-lock', async ({ page }) => {
      await signIn(page);
      await unlock('600036'); // a run against a kept database starts from the same state
      await goto(page, '/product/shares?code=600036');
      await rows(page).first().waitFor();
      const lockSwitch = page.locator('[data-testid="stock-locked-600036"]');
      assert.equal(await lockSwitch.getAttribute('aria-checked'), 'false');
      await lockSwitch.click();
      await page.locator('[data-testid="stock-lock-reason"]').fill('重大事项核查');
      await page.locator('[data-testid="stock-lock-ok"]').click();
      await page.waitForFunction(() => !document.querySelector('.ant-modal-wrap:not([style*="display: none"]) [data-testid="stock-lock-reason"]'));
      await page.reload();
      await rows(page).first().waitFor();
      assert.equal(await page.locator('[data-testid="stock-locked-600036"]').getAttribute('aria-checked'), 'true');
    });
  });
});

describe('指数产品', () => {
  it('lists the home indices with live values in both languages', async () => {
    await withPage(browser, 'products-index', async ({ page }) => {
      await signIn(page);
      await goto(page, '/product/index');
      const table = page.locator('.ant-table-tbody > tr.ant-table-row:visible');
      await table.first().waitFor();
      await page.waitForFunction(() => document.querySelectorAll('.ant-table-tbody > tr.ant-table-row').length >= 6, undefined, { timeout: 10_000 });
      assert.match(await table.first().innerText(), /\d+\.\d{2}/);
      await screenshot(page, 'products-index', 'zh-CN');
      await switchLang(page, 'en-US');
      await table.first().waitFor();
      await screenshot(page, 'products-index', 'en-US');
      await switchLang(page, 'zh-CN');
    });
  });
});
