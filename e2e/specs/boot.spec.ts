// The sign-in form of index.html (issues 26, 41): usable before the console's script has started — Enter or its
// button sends the sign-in at once; the console, once started, takes over what was typed and the answer.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, DEMO, launch, screenshot, withPage, type Browser, type Page } from '../lib/index.ts';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** Holds the console's start chunk back until the returned function is called: only the plain form is on the page. */
async function holdConsole(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/assets/start-*.js', async (r) => {
    await held;
    await r.continue();
  });
  return release;
}

describe('sign-in before the console has started', () => {
  it('signs in from the plain form while the console is held back: the answer is taken over, not asked twice', async () => {
    await withPage(browser, 'boot-sign-in', async ({ page }) => {
      // the console's start chunk is held back: only the plain form is there
      const release = await holdConsole(page);
      const logins: string[] = [];
      page.on('request', (r) => r.url().includes('/api/adminUser/login.do') && logins.push(r.postData() ?? ''));
      await page.goto(`${BASE_URL}/#/user/login`);
      const plain = page.locator('#boot-login');
      await plain.locator('#login_username').waitFor();
      assert.equal(await page.locator('[data-testid="login-submit"]').count(), 0, 'the console has not started');
      await page.keyboard.type(DEMO.admin.username);
      await plain.locator('#login_password').fill(DEMO.admin.password);
      const answered = page.waitForResponse((r) => r.url().includes('/api/adminUser/login.do'));
      await plain.locator('#login_password').press('Enter');
      // sent by the plain form itself, answered, while the console's script is still held back
      const answer = await answered;
      assert.equal((await answer.json()).status, 0);
      assert.equal(await page.locator('[data-testid="login-submit"]').count(), 0, 'still no console');
      assert.deepEqual(logins, [`username=${DEMO.admin.username}&password=${DEMO.admin.password}`]);
      await screenshot(page, 'boot-sign-in');
      release();
      await page.locator('.shell').waitFor({ timeout: 20_000 });
      assert.equal(await page.locator('#boot-login').count(), 0, 'the plain form is gone');
      assert.equal(logins.length, 1, 'the console took the answer: one sign-in, not two');
    });
  });

  it('shows a refused plain sign-in in the console, once, and signs in with what is typed next', async () => {
    await withPage(browser, 'boot-sign-in-refused', async ({ page }) => {
      const release = await holdConsole(page);
      let logins = 0;
      page.on('request', (r) => r.url().includes('/api/adminUser/login.do') && logins++);
      await page.goto(`${BASE_URL}/#/user/login`);
      const plain = page.locator('#boot-login');
      await plain.locator('#login_username').fill(DEMO.admin.username);
      await plain.locator('#login_password').fill('wrong-password');
      const answered = page.waitForResponse((r) => r.url().includes('/api/adminUser/login.do'));
      await plain.locator('button').click();
      assert.notEqual((await (await answered).json()).status, 0);
      release();
      // the console shows the server's refusal and stays on the sign-in page, the typed name kept
      await page.locator('.ant-message-error').waitFor({ timeout: 20_000 });
      assert.equal(await page.locator('#login_username').inputValue(), DEMO.admin.username);
      assert.equal(logins, 1);
      await page.locator('#login_password').fill(DEMO.admin.password);
      await page.locator('[data-testid="login-submit"]').click();
      await page.locator('.shell').waitFor({ timeout: 20_000 });
      assert.equal(logins, 2);
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

describe("antd's styles of the sign-in page", () => {
  it('come made by the build: the React form draws without antd making or inserting a style (issue 41)', async () => {
    await withPage(browser, 'boot-antd-styles', async ({ page }) => {
      // as an operator's browser is (the suite asks for reduced motion, another antd theme: made at run time)
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      await page.goto(`${BASE_URL}/#/user/login`);
      const submit = page.locator('[data-testid="login-submit"]');
      await submit.waitFor();
      // the stylesheet of build/antdSignInStyles.ts is on; antd made none of the form's styles at run time (a theme of
      // the build's render that no longer matches the console's, src/app/antdTheme.ts, would show here)
      assert.equal(await page.locator('link#antd-sign-in').getAttribute('media'), 'all');
      assert.deepEqual(
        await page.evaluate(() => [...document.querySelectorAll('style[data-css-hash]')].map((s) => s.textContent?.slice(0, 80))),
        [],
      );
      // and they apply: the primary button in the console's colour (#1e9fff darkened to read, issue 65: #1672b8), the
      // inputs in antd's large size
      assert.equal(await submit.evaluate((b) => getComputedStyle(b).backgroundColor), 'rgb(22, 114, 184)');
      assert.equal(
        await page.locator('#login_username').evaluate((i) => getComputedStyle(i.closest('.ant-input-affix-wrapper')!).borderRadius),
        '8px',
      );
    });
  });
});
