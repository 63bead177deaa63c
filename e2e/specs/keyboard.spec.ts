// A review queue worked by keyboard alone (issue 65): an operator signs in, skips past the menu and the search form,
// approves three buys (A, then Enter on the drawer's approve button: the focus then waits on the next row) and rejects
// a withdrawal with a reason (R puts the cursor in the reason field; Tab to the confirm button, Enter) — with not one
// mouse or pointer event — and the money moved: three positions opened at the fill, the withdrawal's amount and fee
// back in the user's balance. Then the shortcut help of the buy queue, at both widths, in both languages and the
// colour-blind palette, looked at and passed through axe.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { apiLogin, DEMO, goto, launch, screenshot, type Browser, type Lang, type Page } from '../lib/index.ts';
import { adminCall, appCall, openWithdrawalHours, verifiedUser } from '../lib/platform.ts';
import { consoleToken } from '../lib/live.ts';
import { settle } from '../lib/layout.ts';
import { consoleAt } from '../lib/consoleAt.ts';
import { axeScan, describeFindings } from '../lib/axe.ts';

let browser: Browser;
let boss: string;
before(async () => {
  browser = await launch();
  boss = await apiLogin(DEMO.super);
});
after(() => browser.close());

// every trusted pointer event the page sees (a key's own click has detail 0 and no mousedown before it)
const COUNT_POINTER = `(() => {
  window.__pointer = [];
  for (const type of ['mousedown', 'pointerdown', 'touchstart', 'click', 'wheel']) {
    document.addEventListener(type, (e) => {
      if (e.isTrusted && (e.type !== 'click' || e.detail > 0)) window.__pointer.push(e.type);
    }, true);
  }
})()`;

const active = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    return {
      tag: a?.tagName ?? '',
      testId: a?.getAttribute('data-testid') ?? '',
      row: a?.closest('tr.ant-table-row')?.getAttribute('data-row-key') ?? '',
      isRow: !!a?.matches('tr.ant-table-row'),
      text: (a?.textContent ?? '').trim().slice(0, 60),
    };
  });

/**
 * Until the focus matches the script. Polled from here with page.evaluate (run by the debugger, outside the page's
 * CSP): page.waitForFunction of a string evaluates it inside the page when its first try fails, and the console's
 * script-src (no 'unsafe-eval') refuses that — the wait then failed at once whenever the focus was not there yet.
 */
async function waitFocus(page: Page, test: string, timeout = 10_000): Promise<void> {
  const until = Date.now() + timeout;
  while (!(await page.evaluate(test))) {
    if (Date.now() > until) throw new Error(`the focus never reached ${test}; it is on ${JSON.stringify(await active(page))}`);
    await page.waitForTimeout(50);
  }
}

/** Tab (at most `max` times) until the focus matches the script. */
async function tabTo(page: Page, test: string, max = 8): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate(test)) return;
    await page.keyboard.press('Tab');
  }
  if (!(await page.evaluate(test))) throw new Error(`Tab never reached ${test}; the focus is on ${JSON.stringify(await active(page))}`);
}

const ROW_FOCUSED = `!!document.activeElement && document.activeElement.matches('tr.ant-table-row')`;

/**
 * Into the list's rows: Tab to the shell's skip link (past the menu and the header) and through it, then to the
 * list's own (past the search form) and through it. A page opened from another keeps the focus where it was, and the
 * next Tab may already be the list's link.
 */
async function intoRows(page: Page): Promise<void> {
  const SHELL = `document.activeElement && document.activeElement.classList.contains('skip-link')`;
  const LIST = `document.activeElement && document.activeElement.classList.contains('list-skip')`;
  await tabTo(page, `(${SHELL}) || (${LIST})`, 3);
  if (await page.evaluate(SHELL)) {
    await page.keyboard.press('Enter');
    await tabTo(page, LIST, 3);
  }
  await page.keyboard.press('Enter');
  await waitFocus(page, ROW_FOCUSED);
}

describe('review queues by keyboard', () => {
  it('approves three buys and rejects a withdrawal with a reason without a mouse, and the money moved', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', reducedMotion: 'reduce' });
    const page = await ctx.newPage();
    const restoreHours = await openWithdrawalHours(boss);
    try {
      const user = await verifiedUser(boss, { cash: '300000' });
      // another spec may have locked the stock: trade an unlocked one
      const [s] = (await adminCall<{ list: { id: number; locked: boolean }[] }>(boss, '/admin/stock/list.do', { code: '600036' })).list;
      if (s!.locked) await adminCall(boss, '/admin/stock/updateLock.do', { id: String(s!.id), locked: 'false' });
      const buys: number[] = [];
      for (let i = 0; i < 3; i++) {
        const o = await appCall<{ id: number; status: string }>(user.token, '/app/order/buy.do', {
          gid: 'sh600036',
          shares: '100',
          leverage: '2',
        });
        assert.equal(o.status, 'pending');
        buys.push(o.id);
      }

      await page.addInitScript(COUNT_POINTER);
      // signed in by keyboard: the user name field has the focus when the page opens
      await goto(page, '/user/login');
      await page.locator('#login_username').waitFor();
      await waitFocus(page, `document.activeElement && document.activeElement.id === 'login_username'`);
      await page.keyboard.type(DEMO.admin.username);
      await page.keyboard.press('Tab');
      await page.keyboard.type(DEMO.admin.password);
      await page.keyboard.press('Enter');
      await page.locator('.shell').waitFor();

      // the buy queue of this user (an address, as a bookmark would be)
      await goto(page, `/position/buyList?userId=${user.id}`);
      const list = page.locator('[data-testid="buy-list"] .ant-table-tbody > tr.ant-table-row');
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-testid="buy-list"] .ant-table-tbody > tr.ant-table-row').length === n,
        3,
      );
      await intoRows(page);
      for (let i = 0; i < 3; i++) {
        const on = await active(page);
        assert.ok(on.isRow && buys.includes(Number(on.row)), `on a buy row: ${JSON.stringify(on)}`);
        await page.keyboard.press('a');
        await waitFocus(page, `document.activeElement && document.activeElement.getAttribute('data-testid') === 'review-approve'`);
        await page.locator('[data-testid="review-quote"], [data-testid="review-no-quote"]').first().waitFor();
        await page.keyboard.press('Enter');
        await page.locator('.ant-message-notice', { hasText: '已通过' }).last().waitFor();
        // the approved buy leaves the pending queue, and the focus is on the row now at its place
        await page.waitForFunction(
          (n) => document.querySelectorAll('[data-testid="buy-list"] .ant-table-tbody > tr.ant-table-row').length === n,
          2 - i,
        );
        if (i < 2) await waitFocus(page, ROW_FOCUSED);
      }
      assert.equal(await list.count(), 0);

      // the withdrawal, asked for now that the buys have settled (the balance below is compared with this moment)
      const before = await appCall<{ userAmt: string; enableAmt: string; frozenAmt: string }>(user.token, '/app/user/info.do');
      const w = await appCall<{ id: number; status: number }>(user.token, '/app/withdraw/apply.do', { amount: '1000' });
      assert.equal(w.status, 0);
      await goto(page, `/capital/withdrawallist?keyword=${user.phone}`);
      await page.locator(`[data-testid="withdraw-reject-${w.id}"]`).waitFor();
      await intoRows(page);
      assert.equal((await active(page)).row, String(w.id));
      await page.keyboard.press('r');
      await waitFocus(
        page,
        `document.activeElement && document.activeElement.getAttribute('data-testid') === 'reject-withdraw-dialog-reason'`,
      );
      await page.keyboard.type('键盘驳回：银行卡户名不符');
      // Enter in the reason field writes a new line, it does not confirm: the confirm button does
      await tabTo(page, `document.activeElement && document.activeElement.getAttribute('data-testid') === 'reject-withdraw-dialog-ok'`, 4);
      await page.keyboard.press('Enter');
      await page.locator(`[data-testid="withdraw-status-${w.id}"]`, { hasText: '已驳回' }).waitFor();

      assert.deepEqual(
        await page.evaluate(() => (window as unknown as { __pointer: string[] }).__pointer),
        [],
        'no mouse or pointer event',
      );

      // the money: three buys approved into three open positions of this user, at a fill price
      const approved = await adminCall<{ list: { id: number; status: string; fillPrice: string | null }[] }>(
        boss,
        '/admin/order/buyList.do',
        {
          userId: String(user.id),
          status: 'approved',
        },
      );
      assert.deepEqual(approved.list.map((o) => o.id).sort(), [...buys].sort());
      assert.ok(
        approved.list.every((o) => o.fillPrice),
        'each filled',
      );
      const positions = await adminCall<{ list: { status: string }[] }>(boss, '/admin/position/list.do', { userId: String(user.id) });
      assert.deepEqual(
        positions.list.map((p) => p.status),
        ['open', 'open', 'open'],
      );
      // …and the withdrawal rejected with its reason, its amount and fee back: the balance as before it was asked for
      const mine = await appCall<{ list: { id: number; status: number }[] }>(user.token, '/app/withdraw/list.do', {});
      assert.equal(mine.list.find((x) => x.id === w.id)?.status, 2);
      const after = await appCall<{ userAmt: string; enableAmt: string; frozenAmt: string }>(user.token, '/app/user/info.do');
      assert.deepEqual(after, { ...after, userAmt: before.userAmt, enableAmt: before.enableAmt, frozenAmt: before.frozenAmt });
    } finally {
      await restoreHours();
      await ctx.close();
    }
  });

  for (const lang of ['zh-CN', 'en-US'] as Lang[]) {
    it(`shows the buy queue's shortcut help at 1440 and 390 px, and in the colour-blind palette (${lang})`, async () => {
      const problems: string[] = [];
      for (const width of [1440, 390]) {
        const { page, close } = await consoleAt(browser, { width, lang, who: DEMO.admin, reducedMotion: true });
        try {
          for (const palette of width === 1440 ? ['redGreen', 'blueOrange'] : ['redGreen']) {
            if (palette === 'blueOrange') await setPalette(page, 'blueOrange');
            await goto(page, '/position/buyList?status=all');
            await settle(page, '/position/buyList', true);
            await page.locator('[data-testid="buy-list"] .ant-table-tbody > tr.ant-table-row').first().focus();
            await page.keyboard.press('?');
            const help = page.locator('.ant-modal-wrap:not([style*="display: none"]) [data-testid="shortcut-help"]');
            await help.waitFor();
            assert.match(await help.innerText(), lang === 'zh-CN' ? /通过[\s\S]*驳回/ : /Approve[\s\S]*Reject/);
            await screenshot(page, `keyboard-buy-help-${width}${palette === 'blueOrange' ? '-blueOrange' : ''}`, lang);
            problems.push(...describeFindings(`help ${width} ${palette}`, await axeScan(page)));
            await page.keyboard.press('Escape');
            await help.waitFor({ state: 'hidden' });
          }
        } finally {
          if (width === 1440) await setPalette(page, 'redGreen').catch(() => undefined);
          await close();
        }
      }
      assert.deepEqual(problems, []);
    });
  }
});

/** The operator's palette, saved through the settings drawer's call (the drawer itself is a11y.spec's). */
async function setPalette(page: Page, palette: 'redGreen' | 'blueOrange'): Promise<void> {
  await adminCall(await consoleToken(page), '/api/adminUser/setSiteStyle.do', { palette });
  await page.reload();
  await page.locator('.shell').waitFor();
  await page.waitForFunction((p) => document.documentElement.dataset.palette === p, palette);
}
