/**
 * Helpers for the live-notice specs: the console's socket, its token, the header badges.
 *
 *   const live = nextLiveSocket(page);   // before the action that connects (sign-in, reload, restart)
 *   await signIn(page);
 *   await live;                          // registered for events: the server answered a heartbeat
 *   await expectBadge(page, 2, before + 1);
 */
import assert from 'node:assert/strict';
import type { Page, WebSocket } from './index.ts';

/** The console's token (the cookie the sign-in set). */
export async function consoleToken(page: Page): Promise<string> {
  const c = (await page.context().cookies()).find((k) => k.name === 'Access-Token');
  assert.ok(c, 'signed in');
  return c.value;
}

/**
 * Resolves with the page's next live socket once the server has answered its first heartbeat (the
 * connection is then authenticated and registered for events). Call before the action that connects.
 */
export function nextLiveSocket(page: Page, timeout = 60_000): Promise<WebSocket> {
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
export async function badgeCount(page: Page, code: number): Promise<number> {
  const n = page.locator(`[data-testid="badge-${code}"] .ant-scroll-number`);
  return (await n.count()) ? Number(await n.first().getAttribute('title')) : 0;
}

/** Waits until a header badge shows `n`. */
export async function expectBadge(page: Page, code: number, n: number, timeout = 15_000): Promise<void> {
  const end = Date.now() + timeout;
  let now = await badgeCount(page, code);
  while (now !== n && Date.now() < end) {
    await page.waitForTimeout(100);
    now = await badgeCount(page, code);
  }
  assert.equal(now, n, `badge ${code}`);
}
