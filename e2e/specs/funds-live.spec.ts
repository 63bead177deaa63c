// Funds events live in the console (issue 6): a user's withdrawal request reaches the reviewers at once
// (badge + withdrawal sound) and is paid from there; a rejected deposit leaves a notice that stays.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { apiLogin, DEMO, launch, screenshot, signIn, waitForRoute, withPage, type Browser, type Page } from '../lib/index.ts';
import { badgeCount, consoleToken, expectBadge, nextLiveSocket } from '../lib/live.ts';
import { adminCall, appCall, openWithdrawalHours, serverCounts, verifiedUser } from '../lib/platform.ts';

let browser: Browser;
let boss: string; // the super-user's API token (the pages use other admins: one session per admin)
let restoreRules: (() => Promise<void>) | undefined;
before(async () => {
  browser = await launch();
  boss = await apiLogin(DEMO.super);
  restoreRules = await openWithdrawalHours(boss);
});
after(async () => {
  await restoreRules?.();
  await browser?.close();
});

/**
 * Records the pitch of every oscillator the page starts, so a test can tell which synthesised sound
 * played (lib/sound.ts: the withdrawal sound is 880 Hz then 1320 Hz, the message sound 660 Hz).
 */
async function recordTones(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __tones: number[] };
    w.__tones = [];
    const create = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      const osc = create.call(this);
      const set = osc.frequency.setValueAtTime.bind(osc.frequency);
      osc.frequency.setValueAtTime = (value: number, at: number) => {
        w.__tones.push(value);
        return set(value, at);
      };
      return osc;
    };
  });
}
const tones = (page: Page) => page.evaluate(() => (window as unknown as { __tones: number[] }).__tones);

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('funds, live', () => {
  it("shows a user's withdrawal request at once (badge and withdrawal sound), pays it, and the user sees it paid", async () => {
    await withPage(browser, 'funds-live-withdraw', async ({ page }) => {
      const user = await verifiedUser(boss, { cash: '5000' });
      await recordTones(page);
      const ready = nextLiveSocket(page);
      await signIn(page, DEMO.admin);
      await ready;
      await page.mouse.click(700, 400); // a gesture: browsers start audio only after one
      const token = await consoleToken(page);
      const before = (await serverCounts(token))['2'] ?? 0;
      await expectBadge(page, 2, before);

      const w = await appCall<{ id: number; orderNo: string; amount: string; fee: string; status: number }>(
        user.token,
        '/app/withdraw/apply.do',
        {
          amount: '1200',
        },
      );
      assert.equal(w.status, 0);
      await expectBadge(page, 2, before + 1);
      assert.equal(await badgeCount(page, 2), (await serverCounts(token))['2'], 'the badge agrees with the database');
      await page.waitForFunction(() => (window as unknown as { __tones: number[] }).__tones.includes(1320));
      const heard = await tones(page);
      assert.deepEqual(heard.slice(-2), [880, 1320], 'the withdrawal sound (two rising chimes)');

      // From the badge to the list; the new request is on top, pending, and is paid from there.
      await page.locator('[data-testid="badge-2"]').click();
      await waitForRoute(page, /^\/capital\/withdrawallist\?_t=\d{13}$/);
      await page.locator(`[data-testid="withdraw-status-${w.id}"]`, { hasText: '待审核' }).waitFor();
      await screenshot(page, 'funds-live-withdraw');
      await page.locator(`[data-testid="withdraw-approve-${w.id}"]`).click();
      const dlg = page.locator('.ant-modal-content').filter({ has: page.locator('.ant-modal-title', { hasText: '确认打款' }) });
      await dlg.waitFor();
      assert.match(await dlg.innerText(), new RegExp(esc(user.realName)));
      await page.locator('[data-testid="pay-dialog-ok"]').click();
      await page.locator('.ant-message-notice', { hasText: '已确认打款' }).waitFor();
      await page.locator(`[data-testid="withdraw-status-${w.id}"]`, { hasText: '已打款' }).waitFor();

      // What the user's app sees: paid; the amount and fee left the balance exactly once.
      const mine = await appCall<{ list: { id: number; status: number }[] }>(user.token, '/app/withdraw/list.do', {});
      assert.equal(mine.list.find((x) => x.id === w.id)?.status, 1);
      const me = await appCall<{ userAmt: string; enableAmt: string; frozenAmt: string }>(user.token, '/app/user/info.do');
      const left = (5000 * 100 - 1200 * 100 - Math.round(Number(w.fee) * 100)) / 100; // cents, test arithmetic only
      assert.equal(me.userAmt, left.toFixed(2));
      assert.equal(me.enableAmt, left.toFixed(2));
      assert.equal(me.frozenAmt, '0.00');
    });
  });

  it('keeps a notice of a rejected deposit on screen until closed; its link opens the order in the deposit list', async () => {
    await withPage(browser, 'funds-live-recharge', async ({ page }) => {
      const user = await verifiedUser(boss);
      const ready = nextLiveSocket(page);
      await signIn(page, DEMO.finance);
      await ready;

      const [channel] = await appCall<{ id: number }[]>(user.token, '/app/channel/list.do');
      assert.ok(channel, 'a channel of the default tier');
      const order = await appCall<{ id: number; orderNo: string }>(user.token, '/app/recharge/create.do', {
        channelId: String(channel.id),
        amount: '2345.60',
      });
      await adminCall(boss, '/admin/recharge/reject.do', { id: String(order.id), reason: '未收到款项' });

      const notice = page.locator('.ant-notification-notice', { has: page.locator('[data-testid="live-notice"]') }).last();
      await notice.waitFor();
      assert.equal((await notice.locator('.ant-notification-notice-message').innerText()).trim(), '充值被拒绝');
      assert.equal(
        (await notice.locator('[data-testid="live-notice"]').innerText()).trim(),
        `用户 ${user.realName} 的充值 2,345.60 已被拒绝 查看记录`,
      );
      await screenshot(page, 'funds-live-recharge-notice', 'zh-CN');
      await page.waitForTimeout(6000); // longer than a notice's usual 4.5 s
      assert.equal(await notice.isVisible(), true, 'still shown');

      await notice.getByRole('link', { name: '查看记录' }).click();
      await waitForRoute(page, new RegExp(`^/capital/rechargelist\\?keyword=${esc(encodeURIComponent(order.orderNo))}&_t=\\d{13}$`));
      await page.locator(`[data-testid="recharge-status-${order.id}"]`, { hasText: '充值失败' }).waitFor();
      const rows = page.locator('[data-testid="recharge-list"] .ant-table-tbody > tr.ant-table-row');
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="recharge-list"] .ant-table-tbody > tr.ant-table-row').length === 1,
      );
      assert.equal(await rows.count(), 1, 'filtered to the order');
      assert.equal(await page.locator('#keyword').inputValue(), order.orderNo);
    });
  });
});
