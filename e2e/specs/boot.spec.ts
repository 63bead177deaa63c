// The sign-in form of index.html (issue 26): usable before the console's script has started — what the operator
// types there, and an Enter pressed there, carry over to the console's own form once it takes over.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, DEMO, launch, screenshot, withPage, type Browser } from '../lib/index.ts';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

describe('sign-in before the console has started', () => {
  it('keeps what was typed and signs in on an Enter pressed before the script ran', async () => {
    await withPage(browser, 'boot-sign-in', async ({ page }) => {
      // the console's start chunk is held back: only the plain form is there
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route('**/assets/start-*.js', async (r) => {
        await held;
        await r.continue();
      });
      await page.goto(`${BASE_URL}/#/user/login`);
      const plain = page.locator('#boot-login');
      await plain.locator('#login_username').waitFor();
      assert.equal(await page.locator('[data-testid="login-submit"]').count(), 0, 'the console has not started');
      await page.keyboard.type(DEMO.admin.username);
      await plain.locator('#login_password').fill(DEMO.admin.password);
      await plain.locator('#login_password').press('Enter');
      await screenshot(page, 'boot-sign-in');
      release();
      await page.locator('.shell').waitFor({ timeout: 20_000 });
      assert.equal(await page.locator('#boot-login').count(), 0, 'the plain form is gone');
    });
  });

  it('is not shown on other routes', async () => {
    await withPage(browser, 'boot-other-route', async ({ page }) => {
      await page.goto(`${BASE_URL}/#/user/register`);
      await page.locator('.user-layout').first().waitFor();
      assert.equal(await page.locator('#boot-login').count(), 0);
    });
  });
});
