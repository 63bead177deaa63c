// Live notices (issue 4): events raised through the server reach the signed-in console over its socket.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEMO,
  launch,
  openPage,
  route,
  screenshot,
  signIn,
  waitForRoute,
  withPage,
  type Browser,
  type Page,
  type WebSocket,
} from '../lib/index.ts';
import { serverCounts, userWithRealNamePending } from '../lib/platform.ts';
import { startServer } from '../lib/server.mjs';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** The console's token (the cookie the sign-in set). */
async function consoleToken(page: Page): Promise<string> {
  const c = (await page.context().cookies()).find((k) => k.name === 'Access-Token');
  assert.ok(c, 'signed in');
  return c.value;
}

/**
 * Resolves with the page's next live socket once the server has answered its first heartbeat (the
 * connection is then authenticated and registered for events). Call before the action that connects.
 */
function nextLiveSocket(page: Page, timeout = 60_000): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      page.off('websocket', onSocket);
      reject(new Error(`no live socket within ${timeout} ms`));
    }, timeout);
    const onSocket = (ws: WebSocket) => {
      if (!ws.url().includes('/manager/ws/')) return;
      ws.on('framereceived', (f) => {
        if (typeof f.payload === 'string' && /"cmd":\s*13/.test(f.payload)) {
          clearTimeout(timer);
          page.off('websocket', onSocket);
          resolve(ws);
        }
      });
    };
    page.on('websocket', onSocket);
  });
}

/** The number a header badge shows (0 when hidden). */
async function badgeCount(page: Page, code: number): Promise<number> {
  const n = page.locator(`[data-testid="badge-${code}"] .ant-scroll-number`);
  if (!(await n.count())) return 0;
  return Number(await n.first().getAttribute('title'));
}

/** Waits until a header badge shows `n`. */
async function expectBadge(page: Page, code: number, n: number, timeout = 15_000): Promise<void> {
  const end = Date.now() + timeout;
  let now = await badgeCount(page, code);
  while (now !== n && Date.now() < end) {
    await page.waitForTimeout(100);
    now = await badgeCount(page, code);
  }
  assert.equal(now, n, `badge ${code}`);
}

describe('live notices', () => {
  it('real-name submissions raise the 实名 badge to the server count; the badge opens the list with _t and clears 0.6 s later', async () => {
    await withPage(browser, 'realtime-badge', async ({ page }) => {
      const live = nextLiveSocket(page);
      await signIn(page, DEMO.admin);
      await live;
      const token = await consoleToken(page);
      const before = (await serverCounts(token))['21'] ?? 0;
      await expectBadge(page, 21, before); // seeded from count.do on load

      // Two users of the trading app submit their real-name details.
      const a = await userWithRealNamePending();
      const b = await userWithRealNamePending();
      await expectBadge(page, 21, before + 2);
      assert.equal((await serverCounts(token))['21'], before + 2, 'the badge agrees with the database');
      await screenshot(page, 'realtime-badge');

      const visited: string[] = [];
      page.on('framenavigated', (f) => f === page.mainFrame() && visited.push(new URL(f.url()).hash));
      await page.locator('[data-testid="badge-21"]').click();
      const clickedAt = Date.now();
      await waitForRoute(page, /^\/userlist\/index\?_t=\d{13}$/);
      await page.waitForFunction(() => !document.querySelector('[data-testid="badge-21"] .ant-scroll-number'));
      const clearedAfter = Date.now() - clickedAt;
      assert.ok(clearedAfter >= 500, `cleared after the 0.6 s delay, not at once (${clearedAfter} ms)`);
      assert.ok(visited.some((h) => /^#\/userlist\/index\?_t=\d{13}$/.test(h)));
      // The list (newest first) shows the two new users waiting for review.
      for (const u of [a, b]) await page.locator(`[data-testid="user-realstate-${u.id}"]`, { hasText: '待审核' }).waitFor();
    });
  });

  it('shows 登录失效，请重新登录！ when the same admin signs in from a second browser context; OK leads to the sign-in page', async () => {
    const first = await openPage(browser);
    const second = await openPage(browser);
    try {
      const live = nextLiveSocket(first.page);
      await signIn(first.page, DEMO.finance);
      await live;
      await signIn(second.page, DEMO.finance);

      const dialog = first.page.locator('.ant-modal-confirm');
      await dialog.waitFor();
      assert.equal((await dialog.locator('.ant-modal-confirm-content').innerText()).trim(), '登录失效，请重新登录！');
      await screenshot(first.page, 'realtime-kickout', 'zh-CN');
      await dialog.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
      await waitForRoute(first.page, /^\/user\/login/);
      assert.equal(
        (await first.context.cookies()).find((c) => c.name === 'Access-Token'),
        undefined,
        'cookies cleared',
      );
      // The newer session is untouched.
      assert.ok((await second.context.cookies()).some((c) => c.name === 'Access-Token'));
      await second.page.locator('.shell').waitFor();
      assert.deepEqual([...first.errors, ...second.errors], []);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('shows the kick-out in English too; Cancel also leads to the sign-in page', async () => {
    const first = await openPage(browser, { lang: 'en-US' });
    const second = await openPage(browser, { lang: 'en-US' });
    try {
      const live = nextLiveSocket(first.page);
      await signIn(first.page, DEMO.finance);
      await live;
      await signIn(second.page, DEMO.finance);
      const dialog = first.page.locator('.ant-modal-confirm');
      await dialog.waitFor();
      assert.equal(
        (await dialog.locator('.ant-modal-confirm-content').innerText()).trim(),
        'Your session has ended. Please sign in again!',
      );
      await screenshot(first.page, 'realtime-kickout', 'en-US');
      await dialog
        .locator('.ant-modal-confirm-btns .ant-btn')
        .filter({ hasText: /cancel/i })
        .click();
      await waitForRoute(first.page, /^\/user\/login/);
      assert.equal(
        (await first.context.cookies()).find((c) => c.name === 'Access-Token'),
        undefined,
      );
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('reconnects by itself after the server restarts, and live events flow again', { timeout: 240_000 }, async () => {
    // A server of this test's own, stopped and started again on the same port and database.
    let server = await startServer({ quiet: true });
    const opened = await openPage(browser);
    const { page } = opened;
    try {
      await page.goto(`${server.base}/#/user/login`);
      const live = nextLiveSocket(page);
      await signIn(page, DEMO.admin);
      const ws = await live;
      const token = await consoleToken(page);
      const before = (await serverCounts(token, server.base))['21'] ?? 0;

      const closed = new Promise<void>((r) => ws.on('close', () => r()));
      await server.stop({ keepData: true });
      await closed;
      const again = nextLiveSocket(page, 120_000);
      server = await startServer({ port: server.port, dataDir: server.dataDir, quiet: true });
      await again; // the console retries by itself (100 ms after the close, then every 30 s)
      assert.match(route(page), /^\/dashboard\//, 'still signed in on the same page');

      await userWithRealNamePending(server.base);
      await expectBadge(page, 21, before + 1);
      assert.equal((await serverCounts(token, server.base))['21'], before + 1);
      assert.deepEqual(opened.errors, []);
    } finally {
      await opened.close();
      await server.stop();
    }
  });
});
