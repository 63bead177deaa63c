/**
 * Shared fixtures for the browser suite (Playwright-core + Debian Chromium, node's test runner).
 *
 * The runner (e2e/run.mjs) starts the real server on a fresh embedded database and sets BASE_URL;
 * demo admins are seeded: admin/admin123 (admin), super/super123 (super-user), finance/finance123.
 *
 * Typical spec (e2e/specs/<area>.spec.ts):
 *
 *   import { after, before, describe, it } from 'node:test';
 *   import assert from 'node:assert/strict';
 *   import { launch, withPage, signIn, goto, waitForRoute, screenshot, DEMO, type Browser } from '../lib/index.ts';
 *
 *   describe('users', () => {
 *     let browser: Browser;
 *     before(async () => (browser = await launch()));
 *     after(() => browser.close());
 *     it('lists users', async () => {
 *       await withPage(browser, 'users-list', async ({ page }) => {   // fresh context; screenshot to e2e/.artifacts on failure
 *         await signIn(page, DEMO.admin);                             // through the sign-in form
 *         await goto(page, '/userlist/index');                        // hash route
 *         await waitForRoute(page, '/userlist/index');
 *         …
 *         await screenshot(page, 'users');                            // → e2e/screenshots/users-<lang>.png
 *       }, { lang: 'en-US' });                                        // also asserts no uncaught page error
 *     });
 *   });
 *
 * Helpers: openPage (a context without the checks of withPage), apiLogin, waitForTitle, lastMessage,
 * lastNotification, recordNotices/recordedNotices (notices shown just before a reload), switchLang,
 * tabLabels/expectTabs/waitForActiveTab, tabMenu (right-click action), closeTabByButton, closeDropdowns.
 *
 * Notes:
 * - The server throttles sign-in after 5 failures per account or IP within 15 minutes, and every test
 *   signs in from 127.0.0.1: keep deliberate wrong-password attempts to a minimum across all specs.
 * - Signing in again as the same admin (browser or `apiLogin`) revokes that admin's other sessions
 *   (single-session mode), so never share one admin between two open pages in one test.
 * - Texts: assert the exact zh-CN / en-US strings users see; pick the language with `{ lang }`.
 * - Pages open with reduced motion, which switches antd animations off: menus and dialogs do not move
 *   while a test clicks them. React may render a frame after the URL changes: wait for what you assert
 *   (waitFor / expectTabs / waitForTitle) rather than reading it once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type WebSocket } from 'playwright-core';

export type { Browser, BrowserContext, Locator, Page, WebSocket };

export const BASE_URL = (process.env.BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

export type Lang = 'zh-CN' | 'en-US';

export interface DemoAdmin {
  username: string;
  password: string;
  /** Display name (seeded). */
  name: string;
}
export const DEMO = {
  admin: { username: 'admin', password: 'admin123', name: '管理员' },
  super: { username: 'super', password: 'super123', name: '超级管理员' },
  finance: { username: 'finance', password: 'finance123', name: '财务' },
} satisfies Record<string, DemoAdmin>;

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors (`pageerror`) seen so far; assert it stays empty. */
  errors: string[];
  close(): Promise<void>;
}

/**
 * A fresh context (no cookies, empty storage) and page. `lang` is stored as the console language before
 * the first load (the console's own default is zh-CN); `viewport` defaults to 1366×800.
 */
export async function openPage(
  browser: Browser,
  opts: { lang?: Lang; viewport?: { width: number; height: number } } = {},
): Promise<OpenedPage> {
  // Reduced motion: the console then switches antd animations off, so menus and dialogs do not move
  // while the test clicks them (the machine may be busy).
  const context = await browser.newContext({
    viewport: opts.viewport ?? { width: 1366, height: 800 },
    locale: opts.lang ?? 'zh-CN',
    reducedMotion: 'reduce',
  });
  if (opts.lang) await context.addInitScript((l) => localStorage.getItem('lang') || localStorage.setItem('lang', l), opts.lang);
  // The console runs under the server's Content-Security-Policy: a blocked script, style, image or
  // connection is a failure of the page, reported like an uncaught error.
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`),
    ),
  );
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && /^CSP violation|Content Security Policy/.test(m.text())) errors.push(m.text());
  });
  return { context, page, errors, close: () => context.close() };
}

export const ARTIFACT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.artifacts');

/**
 * Runs `fn` on a fresh page and closes it; on failure, saves a screenshot to e2e/.artifacts/<name>.png
 * (git-ignored). Afterwards asserts that the page raised no uncaught error.
 */
export async function withPage(
  browser: Browser,
  name: string,
  fn: (p: OpenedPage) => Promise<void>,
  opts: { lang?: Lang; viewport?: { width: number; height: number } } = {},
): Promise<void> {
  const opened = await openPage(browser, opts);
  try {
    await fn(opened);
    if (opened.errors.length) throw new Error(`uncaught page errors: ${opened.errors.join(' | ')}`);
  } catch (e) {
    fs.mkdirSync(ARTIFACT_DIR, { recursive: true });
    await opened.page.screenshot({ path: path.join(ARTIFACT_DIR, `${name.replace(/[^\w-]+/g, '_')}.png`) }).catch(() => undefined);
    throw e;
  } finally {
    await opened.close();
  }
}

/**
 * Opens a hash route: `goto(page, '/dashboard/workplace')`. On a loaded console this is an in-page hash
 * change (like typing it in the address bar), so the app is not reloaded.
 */
export async function goto(page: Page, route: string): Promise<void> {
  if (page.url().startsWith(`${BASE_URL}/`)) {
    await page.evaluate((r) => {
      window.location.hash = r;
    }, route);
    await page.waitForFunction((r) => window.location.hash === `#${r}` || window.location.hash !== '', route);
  } else {
    await page.goto(`${BASE_URL}/#${route}`);
  }
}

/** The current hash route, e.g. `/user/login?redirect=%2Fx`. */
export function route(page: Page): string {
  const h = new URL(page.url()).hash;
  return h.startsWith('#') ? h.slice(1) : h;
}

/** Waits until the hash route satisfies `test` (a string for equality, or a RegExp). */
export async function waitForRoute(page: Page, test: string | RegExp, timeout = 15_000): Promise<void> {
  const ok = () => (typeof test === 'string' ? route(page) === test : test.test(route(page)));
  const end = Date.now() + timeout;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`route stayed ${route(page)}; expected ${test}`);
    await page.waitForTimeout(50);
  }
}

/** Waits until the document title is `title` (it is set right after the page renders). */
export async function waitForTitle(page: Page, title: string, timeout = 5000): Promise<void> {
  try {
    await page.waitForFunction((t) => document.title === t, title, { timeout });
  } catch {
    throw new Error(`document title is "${await page.title()}", expected "${title}"`);
  }
}

/** Fills the sign-in form (navigating to it when needed) and presses Enter; waits for the shell. */
export async function signIn(page: Page, who: DemoAdmin = DEMO.admin): Promise<void> {
  if (!route(page).startsWith('/user/login')) await goto(page, '/user/login');
  await page.locator('#login_username').fill(who.username);
  await page.locator('#login_password').fill(who.password);
  await page.locator('#login_password').press('Enter');
  await page.locator('.shell').waitFor();
}

/** Signs in through the API (no browser); returns the token. Revokes that admin's other sessions. */
export async function apiLogin(who: DemoAdmin = DEMO.admin): Promise<string> {
  const r = await fetch(`${BASE_URL}/api/adminUser/login.do`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: who.username, password: who.password }),
  });
  const b = (await r.json()) as { status: number; msg: string; data: { token: string } };
  if (b.status !== 0) throw new Error(`apiLogin(${who.username}) failed: ${b.msg}`);
  return b.data.token;
}

/** Writes e2e/screenshots/<name>-<lang>.png (the language is read from the page when not given). */
export async function screenshot(page: Page, name: string, lang?: Lang): Promise<string> {
  const l = lang ?? ((await page.evaluate(() => document.documentElement.lang)) as Lang);
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}-${l}.png`);
  await page.screenshot({ path: file });
  return file;
}

/** Text of the most recent antd message (toast). */
export async function lastMessage(page: Page): Promise<string> {
  const m = page.locator('.ant-message-notice').last();
  await m.waitFor();
  return (await m.innerText()).trim();
}

/** Title and description of the most recent antd notification. */
export async function lastNotification(page: Page): Promise<{ title: string; description: string }> {
  const n = page.locator('.ant-notification-notice').last();
  await n.waitFor();
  return {
    title: (await n.locator('.ant-notification-notice-message').innerText()).trim(),
    description: (await n.locator('.ant-notification-notice-description').innerText()).trim(),
  };
}

/**
 * Records every antd notification shown from now on as "title|description" in sessionStorage, so that
 * notices shown just before a page reload can still be asserted. Call before the first navigation.
 */
export async function recordNotices(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = new Set<Element>();
    new MutationObserver(() => {
      for (const n of document.querySelectorAll('.ant-notification-notice')) {
        if (seen.has(n)) continue;
        const title = n.querySelector('.ant-notification-notice-message')?.textContent?.trim() ?? '';
        const desc = n.querySelector('.ant-notification-notice-description')?.textContent?.trim() ?? '';
        if (!title && !desc) continue;
        seen.add(n);
        const list = JSON.parse(sessionStorage.getItem('e2e-notices') ?? '[]') as string[];
        list.push(`${title}|${desc}`);
        sessionStorage.setItem('e2e-notices', JSON.stringify(list));
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/** Notices recorded by `recordNotices`. */
export async function recordedNotices(page: Page): Promise<string[]> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e-notices') ?? '[]') as string[]);
}

/** Picks a language in the header or sign-in language menu. */
export async function switchLang(page: Page, lang: Lang): Promise<void> {
  // The user menu opens on hover and may still be fading out over the language items: let it close first.
  // On a loaded machine the user menu can still open over the language items between the two clicks (CI once
  // waited 30 s on a click that 退出登录's menu intercepted): close it and open the language menu again.
  // CI also once saw the item's click land (no error) without the language changing — the menu was still opening
  // or closing under it — so each try checks the outcome, not only the click.
  for (let attempt = 1; ; attempt++) {
    await page.mouse.move(1, 1);
    await closeDropdowns(page);
    try {
      await page.locator('[data-testid="lang-menu"]').first().click({ timeout: 10000 });
      await page.locator(`[data-lang="${lang}"]`).first().click({ timeout: 5000 });
      await page.waitForFunction((l) => document.documentElement.lang === l, lang, { timeout: 5000 });
      break;
    } catch (e) {
      if (attempt >= 4) throw e;
      // a live notice that waits to be closed can lie over the header's right end (CI saw a warning's stack take
      // every click of the language menu): close the notices before trying again
      await closeNotices(page);
    }
  }
  await page.mouse.move(1, 1); // the header menu also opens on hover
  await closeDropdowns(page);
}

/** Closes every live notice on screen (a warning waits to be closed, and on a phone its stack lies across the header). */
export const closeNotices = (page: Page): Promise<void> =>
  page.locator('.ant-notification-notice-close').evaluateAll((els) => els.forEach((el) => (el as HTMLElement).click()));

/** Labels of the open tabs, in order (as they are now). */
export async function tabLabels(page: Page): Promise<string[]> {
  return (await page.locator('[data-testid="tab-bar"] .shell-tab-label').allInnerTexts()).map((s) => s.trim());
}

/** Waits until the open tabs are exactly `labels` (rendering may trail the route by a frame), then returns them. */
export async function expectTabs(page: Page, labels: string[], timeout = 5000): Promise<string[]> {
  const end = Date.now() + timeout;
  let now = await tabLabels(page);
  while (JSON.stringify(now) !== JSON.stringify(labels) && Date.now() < end) {
    await page.waitForTimeout(50);
    now = await tabLabels(page);
  }
  return now;
}

/** Clicks the close button (×) of the tab with this label. */
export async function closeTabByButton(page: Page, tabLabel: string): Promise<void> {
  await closeNotices(page); // a notice's stack can lie over the tab bar (closeOtherTabs, lib/layout.ts)
  await page
    .locator('[data-testid="tab-bar"] .ant-tabs-tab', {
      has: page.locator('.shell-tab-label', { hasText: new RegExp(`^${escape(tabLabel)}$`) }),
    })
    .locator('.ant-tabs-tab-remove')
    .click();
}

/** Waits until the active tab is the one with this label. */
export async function waitForActiveTab(page: Page, tabLabel: string): Promise<void> {
  await page
    .locator('[data-testid="tab-bar"] .ant-tabs-tab-active .shell-tab-label', { hasText: new RegExp(`^${escape(tabLabel)}$`) })
    .waitFor();
}

/** Right-clicks a tab and picks an action of its menu by its label. */
export async function tabMenu(page: Page, tabLabel: string, action: string): Promise<void> {
  await closeNotices(page);
  await page
    .locator('[data-testid="tab-bar"] .shell-tab-label', { hasText: new RegExp(`^${escape(tabLabel)}$`) })
    .click({ button: 'right' });
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').last().locator('.ant-dropdown-menu-item', { hasText: action }).click();
  await closeDropdowns(page);
}

/**
 * tabMenu, and the text of the message the action showed. The message is caught as it appears: it lasts 3 s, and the
 * menu's closing (waited for in tabMenu) took longer than that on a loaded machine, so a read after it found nothing
 * (CI, 2026-12-05: 关闭左侧's 左侧没有标签 waited 30 s for a message already gone).
 */
export async function tabMenuMessage(page: Page, tabLabel: string, action: string): Promise<string> {
  const next = await messagesFrom(page);
  await tabMenu(page, tabLabel, action);
  return next();
}

/**
 * The next antd message (toast) shown from now on, however briefly: every message element is kept as it is added
 * (a detached element keeps its text), so the read cannot miss one that has already closed.
 */
export async function messagesFrom(page: Page): Promise<() => Promise<string>> {
  const mark = await page.evaluate(() => {
    const w = window as unknown as { __messages?: Element[] };
    if (!w.__messages) {
      const seen: Element[] = (w.__messages = []);
      new MutationObserver((records) => {
        for (const r of records)
          for (const n of r.addedNodes)
            if (n instanceof Element)
              for (const el of [n, ...n.querySelectorAll('.ant-message-notice')]) if (el.matches('.ant-message-notice')) seen.push(el);
      }).observe(document.body, { childList: true, subtree: true });
    }
    return w.__messages.length;
  });
  return async () => {
    await page.waitForFunction((m) => (window as unknown as { __messages: Element[] }).__messages.length > m, mark);
    return page.evaluate((m) => ((window as unknown as { __messages: Element[] }).__messages[m]!.textContent ?? '').trim(), mark);
  };
}

/** Waits until no dropdown menu is open (their closing animation included). */
export async function closeDropdowns(page: Page): Promise<void> {
  // a hover menu can stay open when the pointer's last move reached it late (CI once waited 30 s after a language
  // switch): after a while, move away and press Escape, then wait again
  for (let attempt = 1; ; attempt++) {
    try {
      await page.waitForFunction(() => !document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden)'), undefined, { timeout: 8000 });
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
      await page.mouse.move(1, 1);
      await page.keyboard.press('Escape');
    }
  }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Scrolls the workplace's own sign-ins into view (their table loads when it comes into view: WhenSeen), waits for it, and
 * scrolls back to the top (the tab bar and the header are where the tests expect them).
 */
export async function showRecentLogins(page: Page): Promise<void> {
  await page.locator('[data-testid="recent-logins-card"]').scrollIntoViewIfNeeded();
  await page.locator('[data-testid="recent-logins"] .ant-table').waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
}
