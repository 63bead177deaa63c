// Site content (issue 25): an announcement published in the console with a cover image and a formatted body is
// read through the platform API; banners dragged into a new order come out of the platform API in that order.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gradientPng } from '../../apps/server/src/lib/png.ts';
import { apiLogin, DEMO, goto, launch, screenshot, signIn, switchLang, withPage, type Browser } from '../lib/index.ts';
import { appCall, verifiedUser } from '../lib/platform.ts';

let browser: Browser;
let boss: string;
before(async () => {
  browser = await launch();
  boss = await apiLogin(DEMO.super);
});
after(async () => {
  await browser?.close();
});

describe('site content', () => {
  it('publishes an announcement with a cover image and sees it through the platform API', async () => {
    await withPage(browser, 'content-article', async ({ page }) => {
      const user = await verifiedUser(boss);
      await signIn(page, DEMO.admin);
      await goto(page, '/allsetting/noticesetting');
      await page.locator('[data-testid="article-add"]').click();
      const form = page.locator('[data-testid="article-form"]');
      await form.waitFor();
      await form.locator('#title').fill('端到端测试公告');
      await form.locator('[data-testid="article-cover"] input[type="file"]').setInputFiles({
        name: 'cover.png',
        mimeType: 'image/png',
        buffer: gradientPng(320, 120, [200, 30, 30], [250, 160, 0]),
      });
      await form.locator('[data-testid="article-cover"] img').waitFor();
      const editor = form.locator('.ProseMirror');
      await editor.click();
      await page.keyboard.type('正文第一段');
      await screenshot(page, 'content-article-drawer');
      await page.locator('[data-testid="article-save"]').click();
      await page.locator('.ant-table-row:visible', { hasText: '端到端测试公告' }).waitFor();

      const list = await appCall<{ list: { id: number; title: string; coverUrl: string | null; body: string }[] }>(user.token, '/app/art/list.do', {});
      const a = list.list.find((x) => x.title === '端到端测试公告');
      assert.ok(a, 'listed for platform users');
      assert.match(a.coverUrl ?? '', /^\/site\/img\/[0-9a-f]{32}\.png$/);
      assert.match(a.body, /正文第一段/);
      const img = await fetch(new URL(a.coverUrl!, process.env.BASE_URL));
      assert.equal(img.headers.get('content-type'), 'image/png');
      await screenshot(page, 'content-announcements');
      await switchLang(page, 'en-US');
      await page.locator('.ant-table-row:visible', { hasText: 'Published' }).first().waitFor();
      await screenshot(page, 'content-announcements', 'en-US');
      await switchLang(page, 'zh-CN');
    });
  });

  it('reorders banners by dragging; the platform serves them in the new order', async () => {
    await withPage(browser, 'content-banners', async ({ page }) => {
      const user = await verifiedUser(boss);
      const order = async () =>
        (await appCall<{ title: string }[]>(user.token, '/app/banners/list.do', { device: 'mobile' })).map((b) => b.title);
      const before = await order();
      assert.ok(before.length >= 3, 'the demo banners');
      await signIn(page, DEMO.admin);
      await goto(page, '/allsetting/bannersetting');
      const rows = page.locator('[data-testid="page-banners"] .ant-table-row:visible');
      await rows.nth(2).waitFor();
      const handle = rows.nth(2).locator('.anticon-holder').first();
      const target = rows.nth(0);
      const from = (await handle.boundingBox())!;
      const to = (await target.boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
      await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 15 });
      await page.mouse.up();
      await page.locator('.ant-message-notice', { hasText: '顺序已保存' }).waitFor();
      const after = await order();
      assert.deepEqual(after, [before[2], before[0], before[1], ...before.slice(3)]);
      await screenshot(page, 'content-banners');
      await switchLang(page, 'en-US');
      await page.locator('[data-testid="page-banners"] .ant-table-thead', { hasText: 'Devices' }).waitFor();
      await screenshot(page, 'content-banners', 'en-US');
      await goto(page, '/allsetting/activesetting');
      await page.locator('[data-testid="page-activities"] .ant-table-row:visible').first().waitFor();
      await screenshot(page, 'content-activities', 'en-US');
      await switchLang(page, 'zh-CN');
      await screenshot(page, 'content-activities');
    });
  });
});
