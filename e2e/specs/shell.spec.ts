// Console shell (issue 3): access rules, title, menu, tabs, keep-alive, language; the header, logout and session expiry
// are in shell_header.spec.ts (runs right after this file).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  apiLogin,
  BASE_URL,
  closeDropdowns,
  closeNotices,
  closeTabByButton,
  waitForActiveTab,
  DEMO,
  goto,
  lastMessage,
  launch,
  recordNotices,
  recordedNotices,
  withPage,
  route,
  screenshot,
  showRecentLogins,
  signIn,
  switchLang,
  expectTabs,
  tabMenu,
  tabMenuMessage,
  waitForRoute,
  waitForTitle,
  type Browser,
  type Page,
} from '../lib/index.ts';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const menuItem = (page: Page, text: string) => page.locator('.ant-pro-sider .ant-menu-item', { hasText: text });
/** Clicks a page in the side menu, opening its section first when it is folded. */
async function openFromMenu(page: Page, section: string, item: string) {
  if (!(await menuItem(page, item).isVisible())) await page.locator('.ant-pro-sider .ant-menu-submenu-title', { hasText: section }).click();
  await menuItem(page, item).click();
}
const sider = (page: Page) => page.locator('.ant-pro-sider').first();

describe('access rules', () => {
  it('sends a visitor without a token to login with the full path, and back there after sign-in', async () => {
    await withPage(browser, 'sends-a-visitor-without-a-token-to-login-with-the', async ({ page }) => {
      await goto(page, '/exception/500?from=test');
      await waitForRoute(page, '/user/login?redirect=%2Fexception%2F500%3Ffrom%3Dtest');
      await waitForTitle(page, '登录 - 股票管理后台');
      await screenshot(page, 'sign-in', 'zh-CN');
      await page.locator('#login_username').fill(DEMO.admin.username);
      await page.locator('#login_password').fill(DEMO.admin.password);
      await page.locator('#login_password').press('Enter'); // Enter submits
      await waitForRoute(page, '/exception/500?from=test');
      await page.locator('[data-testid="exception-500"]').waitFor();
      await waitForTitle(page, '500 - 股票管理后台');
      const cookies = await page.context().cookies();
      const token = cookies.find((c) => c.name === 'Access-Token');
      assert.ok(token && token.value.length > 20, 'token cookie set');
      assert.ok(token.expires > Date.now() / 1000 + 3600, 'cookie expires with the server expireTime');
    });
  });

  it('redirects a signed-in visit to /user/login to the workplace, / to the workplace, unknown paths to /404', async () => {
    await withPage(browser, 'redirects-a-signed-in-visit-to-user-login-to-the-w', async ({ page }) => {
      await signIn(page);
      await waitForRoute(page, '/dashboard/workplace');
      await goto(page, '/user/login');
      await waitForRoute(page, '/dashboard/workplace');
      await goto(page, '/');
      await waitForRoute(page, '/dashboard/workplace');
      await goto(page, '/no/such/page');
      await waitForRoute(page, '/404');
      await page.locator('[data-testid="exception-404"]').waitFor();
      await waitForTitle(page, '404 - 股票管理后台');
      // the not-found page is never a tab: not while shown, not after leaving it
      assert.deepEqual(await expectTabs(page, ['工作台']), ['工作台']);
      await goto(page, '/dashboard/workplace');
      await waitForRoute(page, '/dashboard/workplace');
      assert.deepEqual(await expectTabs(page, ['工作台']), ['工作台']);
    });
  });

  it('a token the server refuses at start: 错误 / 请求用户信息失败，请重试, sign-out, back to login with the redirect', async () => {
    await withPage(browser, 'info-fetch-failure', async ({ page }) => {
      await recordNotices(page);
      const url = new URL(BASE_URL);
      await page.context().addCookies([{ name: 'Access-Token', value: 'not-a-valid-token', domain: url.hostname, path: '/' }]);
      await goto(page, '/exception/404?x=1');
      await waitForRoute(page, '/user/login?redirect=%2Fexception%2F404%3Fx%3D1');
      await page.waitForFunction(() => (sessionStorage.getItem('e2e-notices') ?? '').includes('请求用户信息失败，请重试'));
      const seen = await recordedNotices(page);
      assert.ok(seen.includes('错误|请求用户信息失败，请重试'), `notices: ${seen.join(' / ')}`);
      assert.equal(
        (await page.context().cookies()).find((c) => c.name === 'Access-Token'),
        undefined,
        'signed out',
      );
    });
  });

  it('shows server messages on a failed sign-in and stays on the page', async () => {
    await withPage(browser, 'shows-server-messages-on-a-failed-sign-in-and-stay', async ({ page }) => {
      await goto(page, '/user/login');
      await page.locator('#login_username').fill('admin');
      await page.locator('#login_password').fill('wrong-password');
      await page.locator('[data-testid="login-submit"]').click();
      assert.equal(await lastMessage(page), '账户或密码错误');
      assert.match(route(page), /^\/user\/login/);
    });
  });
});

describe('shell', () => {
  it('sets the document title, shows the greeting and the header name after 1.5 s', async () => {
    await withPage(browser, 'sets-the-document-title-shows-the-greeting-and-the', async ({ page }) => {
      // Timestamps taken in the page: when the name slot is inserted and when the name fills it.
      await page.addInitScript(() => {
        const w = window as unknown as { __nameTimes: { mounted?: number; filled?: number } };
        w.__nameTimes = {};
        new MutationObserver(() => {
          const el = document.querySelector('[data-testid="header-name"]');
          if (el && w.__nameTimes.mounted === undefined) w.__nameTimes.mounted = performance.now();
          if (el?.textContent && w.__nameTimes.filled === undefined) w.__nameTimes.filled = performance.now();
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      await signIn(page);
      await page.locator('[data-testid="header-name"]', { hasText: '管理员' }).waitFor();
      const t = await page.evaluate(() => (window as unknown as { __nameTimes: { mounted: number; filled: number } }).__nameTimes);
      const waited = t.filled - t.mounted;
      // The exact 1.5 s is unit-tested with fake timers (test/header.test.tsx). Here: the slot is empty when it
      // appears and fills about 1.5 s later; the observer fires at the end of the (long, on a busy machine)
      // task that mounted the shell, so the measured gap can be a few hundred ms short.
      assert.ok(waited >= 800 && waited < 3000, `name appeared ${waited} ms after the shell mounted`);
      await waitForTitle(page, '工作台 - 股票管理后台');
      assert.match(await page.locator('[data-testid="greeting"]').innerText(), /^(早上好|上午好|中午好|下午好|晚上好)，管理员，欢迎回来$/);
      assert.equal(await page.locator('[data-testid="second-menu"]').count(), 0, 'no second-level menu on the workplace');
    });
  });

  it('collapses the side menu, and on a phone puts the menu in a drawer with a fluid page', async () => {
    await withPage(browser, 'collapses-the-side-menu-and-on-a-phone-puts-the-me', async ({ page }) => {
      await signIn(page);
      const wide = (await sider(page).boundingBox())!.width;
      assert.ok(wide >= 200, `sider ${wide}px`);
      await page.locator('[data-testid="sider-toggle"]').click();
      await page.waitForFunction(() => (document.querySelector('.ant-pro-sider') as HTMLElement).getBoundingClientRect().width < 100);
      assert.ok(await page.locator('.ant-pro-sider.ant-layout-sider-collapsed').count());
      await page.locator('[data-testid="sider-toggle"]').click();
      await page.waitForFunction(() => (document.querySelector('.ant-pro-sider') as HTMLElement).getBoundingClientRect().width >= 200);

      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForFunction(() => !document.querySelector('[data-testid="shell-header"]'));
      assert.equal(await page.locator('.ant-drawer-open').count(), 0, 'menu drawer closed at first');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 1, `page wider than the phone by ${overflow}px`);
      // a live warning pushed meanwhile (the e2e server's quotes move positions towards their lines) would cover the
      // button: CI on the AMD host saw the click wait 30 s under one
      await closeNotices(page);
      await page.locator('.ant-pro-global-header-collapsed-button').click();
      await page.locator('.ant-drawer-open .ant-menu-item', { hasText: '工作台' }).waitFor();
      await screenshot(page, 'mobile-menu', 'zh-CN');
    });
  });

  it('opens tabs, refuses to close the last one, and runs every right-click action with its message', async () => {
    await withPage(browser, 'opens-tabs-refuses-to-close-the-last-one-and-runs', async ({ page }) => {
      await signIn(page);
      assert.deepEqual(await expectTabs(page, ['工作台']), ['工作台']);
      assert.equal(await page.locator('[data-testid="tab-bar"] .ant-tabs-tab-remove').count(), 0, 'a single tab is not closable');
      assert.equal(await tabMenuMessage(page, '工作台', '关闭当前标签'), '这是最后一个标签了, 无法被关闭');

      await openFromMenu(page, '持仓管理', '持仓管理');
      await waitForRoute(page, '/position/financing');
      // second-level menu row: the section's pages
      const second = page.locator('[data-testid="second-menu"]');
      await second.locator('.second-menu-item').first().waitFor();
      assert.deepEqual(
        (await second.locator('.second-menu-item').allInnerTexts()).map((s) => s.trim()),
        ['持仓管理', '大宗交易列表', '买入列表', '创建股票持仓'],
      );
      // the dark side menu keeps its light text next to the second-level row
      const siderText = await page
        .locator('.ant-pro-sider .ant-menu-submenu-title', { hasText: '资金管理' })
        .evaluate((el) => getComputedStyle(el).color);
      assert.match(siderText, /^rgba?\(255, 255, 255/, `side menu text colour ${siderText}`);
      // the template's exception and result pages are not in the operators' menu (issue 39)
      assert.equal(await page.locator('.ant-pro-sider .ant-menu-submenu-title', { hasText: /异常页|结果页/ }).count(), 0);
      await second.locator('.second-menu-item', { hasText: '大宗交易列表' }).click();
      await waitForRoute(page, '/position/dzList');
      // The router renders a navigation in a transition: a click before it is drawn replaces it, and the
      // page it was going to (with its tab) is never shown. An operator sees the tab before clicking on.
      await waitForActiveTab(page, '大宗交易列表');
      await second.locator('.second-menu-item', { hasText: '买入列表' }).click();
      await waitForRoute(page, '/position/buyList');
      const opened = ['工作台', '持仓管理', '大宗交易列表', '买入列表'];
      assert.deepEqual(await expectTabs(page, opened), opened);
      assert.equal(await page.locator('[data-testid="tab-bar"] .ant-tabs-tab-remove').count(), 4, 'closable when more than one');

      assert.equal(await tabMenuMessage(page, '工作台', '关闭左侧'), '左侧没有标签');
      assert.equal(await tabMenuMessage(page, '买入列表', '关闭右侧'), '右侧没有标签');
      await screenshot(page, 'tab-menu', 'zh-CN');
      await page.keyboard.press('Escape');
      await closeDropdowns(page);

      // closing the active tab (买入列表) with the ones right of 持仓管理 opens the last remaining tab (持仓管理)
      await tabMenu(page, '持仓管理', '关闭右侧');
      assert.deepEqual(await expectTabs(page, ['工作台', '持仓管理']), ['工作台', '持仓管理']);
      await waitForRoute(page, '/position/financing');
      await tabMenu(page, '持仓管理', '关闭左侧');
      assert.deepEqual(await expectTabs(page, ['持仓管理']), ['持仓管理']);

      // the template's pages stay routes
      await goto(page, '/exception/404');
      await waitForRoute(page, '/exception/404');
      assert.deepEqual(await expectTabs(page, ['持仓管理', '404']), ['持仓管理', '404']);
      await waitForActiveTab(page, '404');
      await closeTabByButton(page, '404');
      await waitForRoute(page, '/position/financing');
      assert.deepEqual(await expectTabs(page, ['持仓管理']), ['持仓管理']);

      await goto(page, '/result/success');
      await tabMenu(page, '成功页', '关闭全部');
      await waitForRoute(page, '/dashboard/workplace');
      assert.deepEqual(await expectTabs(page, ['工作台']), ['工作台']);
    });
  });

  it('keeps a keep-alive page (input and table page) across tab switches, and starts it fresh after close/reopen', async () => {
    for (let i = 0; i < 11; i++) await apiLogin(DEMO.finance); // > 10 sign-ins: the table has a second page
    await withPage(browser, 'keeps-a-keep-alive-page-input-and-table-page-acros', async ({ page }) => {
      await signIn(page, DEMO.finance);
      const filter = page.locator('input#quick-filter');
      await filter.fill('资金');
      const table = page.locator('[data-testid="recent-logins"]');
      await showRecentLogins(page);
      await table.locator('.ant-pagination-item-2').click();
      await table.locator('.ant-pagination-item-2.ant-pagination-item-active').waitFor();

      await goto(page, '/exception/403');
      await waitForRoute(page, '/exception/403');
      // as an operator would: click the other tab once the 403 tab is open and active (CI once clicked before)
      await waitForActiveTab(page, '403');
      await page.locator('[data-testid="tab-bar"] .shell-tab-label', { hasText: '工作台' }).click();
      await waitForRoute(page, '/dashboard/workplace');
      await waitForActiveTab(page, '工作台');
      assert.equal(await filter.inputValue(), '资金', 'input survives a tab switch');
      assert.equal(await table.locator('.ant-pagination-item-2.ant-pagination-item-active').count(), 1, 'table page survives a tab switch');

      await closeTabByButton(page, '工作台');
      await waitForRoute(page, '/exception/403');
      await goto(page, '/dashboard/workplace');
      await waitForRoute(page, '/dashboard/workplace');
      await page.locator('[data-testid="workplace"]').waitFor();
      assert.equal(await page.locator('input#quick-filter').inputValue(), '', 'fresh after close and reopen');
      await showRecentLogins(page);
      await table.locator('.ant-pagination-item-1.ant-pagination-item-active').waitFor();
    });
  });

  it('switches the language: menu, tabs, breadcrumbs, tables, antd components and the title', async () => {
    await withPage(browser, 'switches-the-language-menu-tabs-breadcrumbs-tables', async ({ page }) => {
      await signIn(page);
      await showRecentLogins(page);
      await page.locator('[data-testid="recent-logins"] .ant-table-row').first().waitFor();
      assert.ok(await menuItem(page, '工作台').count());
      assert.match(await page.locator('[data-testid="recent-logins"] .ant-pagination-options').innerText(), /10 条\/页/);
      assert.match(await page.locator('[data-testid="recent-logins"] .ant-pagination-total-text').innerText(), /^共 \d+ 条$/);
      await page.locator('[data-testid="tab-bar"] .shell-tab-label', { hasText: '工作台' }).click({ button: 'right' });
      await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').waitFor();
      await screenshot(page, 'workplace', 'zh-CN');
      await page.keyboard.press('Escape');
      await closeDropdowns(page);

      await switchLang(page, 'en-US');
      await menuItem(page, 'Workplace').waitFor();
      assert.deepEqual(await expectTabs(page, ['Workplace']), ['Workplace']);
      await waitForTitle(page, 'Workplace - Stock Admin');
      assert.match(await page.locator('[data-testid="breadcrumb"]').innerText(), /Dashboard\s*\/\s*Workplace/);
      assert.deepEqual(
        (await page.locator('[data-testid="recent-logins"] thead th').allInnerTexts()).map((s) => s.trim()),
        ['Time', 'IP', 'Result', 'Browser'],
      );
      assert.match(await page.locator('[data-testid="recent-logins"] .ant-pagination-options').innerText(), /10 \/ page/); // antd locale
      assert.match(await page.locator('[data-testid="recent-logins"] .ant-pagination-total-text').innerText(), /^Total \d+$/);
      assert.match(
        await page.locator('[data-testid="greeting"]').innerText(),
        /^Good (morning|forenoon|noon|afternoon|evening), 管理员\. Welcome back$/,
      );
      assert.equal(await page.locator('[data-testid="badge-2"] .header-badge-label').innerText(), 'Withdrawals');
      await page.locator('[data-testid="tab-bar"] .shell-tab-label', { hasText: 'Workplace' }).click({ button: 'right' });
      await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item').first().waitFor();
      assert.deepEqual(
        (await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item').allInnerTexts()).map((s) => s.trim()),
        ['Close this tab', 'Close tabs to the right', 'Close tabs to the left', 'Close all tabs'],
      );
      await screenshot(page, 'workplace', 'en-US');
      await page.keyboard.press('Escape');
      await closeDropdowns(page);
      assert.equal(await tabMenuMessage(page, 'Workplace', 'Close this tab'), 'This is the last tab and cannot be closed');
      await goto(page, '/exception/403');
      await page.locator('[data-testid="exception-403"]').waitFor();
      await page.locator('[data-testid="tab-bar"] .shell-tab-label', { hasText: '403' }).click({ button: 'right' });
      await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').last().waitFor();
      await screenshot(page, 'tab-menu', 'en-US');
      await page.keyboard.press('Escape');
      await closeDropdowns(page);

      // the choice is stored and survives a reload; switching back restores Chinese
      await page.reload();
      await waitForTitle(page, '403 - Stock Admin');
      assert.deepEqual(await expectTabs(page, ['403']), ['403']);
      await switchLang(page, 'zh-CN');
      await waitForTitle(page, '403 - 股票管理后台');
    });
  });

  it('signs in in English on a phone-sized screen', async () => {
    await withPage(
      browser,
      'signs-in-in-english-on-a-phone-sized-screen',
      async ({ page }) => {
        await goto(page, '/user/login');
        await page.locator('[data-testid="login-submit"]', { hasText: 'Sign in' }).waitFor();
        await waitForTitle(page, 'Sign in - Stock Admin');
        const box = (await page.locator('[data-testid="login-submit"]').boundingBox())!;
        assert.ok(box.x >= 0 && box.x + box.width <= 375, 'form fits the phone');
        await page.setViewportSize({ width: 1366, height: 800 });
        await screenshot(page, 'sign-in', 'en-US');
        await page.setViewportSize({ width: 375, height: 740 });
        await signIn(page);
        await page.locator('[data-testid="workplace"]').waitFor();
        assert.match(await page.locator('[data-testid="greeting"]').innerText(), /Welcome back$/);
      },
      { lang: 'en-US', viewport: { width: 375, height: 740 } },
    );
  });
});
