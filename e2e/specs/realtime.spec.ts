// Live notices (issue 4): events raised through the server reach the signed-in console over its socket.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO, launch, openPage, route, screenshot, signIn, waitForRoute, withPage, type Browser, type Lang } from '../lib/index.ts';
import { consoleToken, expectBadge, nextLiveSocket } from '../lib/live.ts';
import { serverCounts, userWithRealNamePending } from '../lib/platform.ts';
import { startServer } from '../lib/server.mjs';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

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
      // both instants on the page's clock: the click's own event and the number leaving (a loaded machine may take
      // a while to return from click(), which a clock read after it would subtract from the delay)
      await page.evaluate(() =>
        document.addEventListener('click', () => ((window as unknown as { __clickedAt: number }).__clickedAt = performance.now()), {
          capture: true,
          once: true,
        }),
      );
      await page.locator('[data-testid="badge-21"]').click();
      await waitForRoute(page, /^\/userlist\/index\?_t=\d{13}$/);
      const gone = await page.waitForFunction(
        () => !document.querySelector('[data-testid="badge-21"] .ant-scroll-number') && performance.now(),
      );
      const clearedAfter = Math.round(
        (await gone.jsonValue()) - (await page.evaluate(() => (window as unknown as { __clickedAt: number }).__clickedAt)),
      );
      assert.ok(clearedAfter >= 500, `cleared after the 0.6 s delay, not at once (${clearedAfter} ms)`);
      assert.ok(visited.some((h) => /^#\/userlist\/index\?_t=\d{13}$/.test(h)));
      // The list (newest first) shows the two new users waiting for review.
      for (const u of [a, b]) await page.locator(`[data-testid="user-realstate-${u.id}"]`, { hasText: '待审核' }).waitFor();
    });
  });

  /** Signs the same admin in from a second browser context; the first one must show the kick-out dialog. */
  async function kickout(lang: Lang, text: string, answer: RegExp) {
    const first = await openPage(browser, { lang });
    const second = await openPage(browser, { lang });
    try {
      const live = nextLiveSocket(first.page);
      await signIn(first.page, DEMO.finance);
      await live;
      await signIn(second.page, DEMO.finance);

      const dialog = first.page.locator('.ant-modal-confirm');
      await dialog.waitFor();
      assert.equal((await dialog.locator('.ant-modal-confirm-content').innerText()).trim(), text);
      await screenshot(first.page, 'realtime-kickout', lang);
      await dialog.locator('.ant-modal-confirm-btns .ant-btn').filter({ hasText: answer }).click();
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
  }

  it('shows 登录失效，请重新登录！ when the same admin signs in from a second browser context; OK leads to the sign-in page', () =>
    kickout('zh-CN', '登录失效，请重新登录！', /^\s*(确\s*定|OK)\s*$/));

  it('shows the kick-out in English too; Cancel also leads to the sign-in page', () =>
    kickout('en-US', 'Your session has ended. Please sign in again!', /^\s*Cancel\s*$/));

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
      // the console retries by itself (100 ms after the close, then every 30 s), asking for the notices it missed
      assert.match((await again).url(), /[?&]since=\d{13}(&|$)/);
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
