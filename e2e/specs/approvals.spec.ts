// Dual control (issue 49): an admin adjusts a balance over the threshold, sees it held, a second administrator approves
// it in another browser, and the balance moves once. The suite's demo starts with the rules off (run.mjs): this spec
// switches the balance rule on (tightening: at once) and off again (loosening: approved by a second administrator).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { apiLogin, DEMO, goto, launch, signIn, switchLang, withPage, type Browser } from '../lib/index.ts';
import { expectMessage, shot } from '../lib/antd.ts';
import { api, apiSignInSuper, search, users } from '../lib/users.ts';

let browser: Browser;
const STAMP = String(Date.now()).slice(-7);
const PHONE = { width: 390, height: 844 };

before(async () => {
  browser = await launch();
  await apiSignInSuper();
  // tightening a rule applies at once (the super account makes it)
  await api('/admin/approval/ruleUpdate.do', { operation: 'balance', enabled: 'true', threshold: '50000' });
});
after(async () => {
  await browser?.close();
  // loosening is itself a request: super asks, finance approves (signed in only now: one session per admin)
  const held = await api<{ approval?: { id: number } }>('/admin/approval/ruleUpdate.do', { operation: 'balance', enabled: 'false' });
  if (held.approval) await api('/admin/approval/decide.do', { id: held.approval.id, approve: 'true' }, await apiLogin(DEMO.finance));
});

describe('dual control', () => {
  it('holds an adjustment over the threshold until a second administrator approves it, then applies it once', async () => {
    const u = (await users({ accountType: 0, realState: 2 })).list[2]!;
    const note = `E2E 大额补偿 ${STAMP}`;
    await withPage(
      browser,
      'approvals-maker',
      async ({ page }) => {
        await signIn(page, DEMO.admin);
        await goto(page, '/userlist/index');
        await search(page, 'user-list', { phone: u.phone });
        await page.locator(`[data-testid="user-adjust-${u.id}"]`).click();
        await page.locator('[data-testid="user-adjust-amount"]').fill('60000');
        await page.locator('[data-testid="user-adjust-note"]').fill(note);
        await page.locator('[data-testid="user-adjust-ok"]').click();
        // the confirmation says beforehand that it will wait for a second administrator
        await page.locator('[data-testid="user-adjust-confirm"] [data-testid="held-hint"]').waitFor();
        await page.locator('[data-testid="user-adjust-ok"]').click();
        await page.locator('.ant-notification-notice', { hasText: '已提交复核，等待另一位管理员批准' }).waitFor();
        await page.locator('[data-testid="user-adjust"]').waitFor({ state: 'detached' });
      },
      { lang: 'zh-CN' },
    );
    // nothing changed yet
    assert.equal((await users({ phone: u.phone })).list[0]!.enableAmt, u.enableAmt);

    await withPage(
      browser,
      'approvals-checker',
      async ({ page }) => {
        await signIn(page, DEMO.finance);
        await goto(page, '/approvals/index');
        const row = page.locator('.ant-table-row', { hasText: `#${u.id} 加款 ¥60,000.00` }).first();
        await row.waitFor();
        await shot(page, 'approvals-queue', 'zh-CN');
        await row.locator('[data-testid^="approval-approve-"]').click();
        await page.locator('[data-testid="approval-note"]').fill('已核对银行流水');
        await page.locator('#approval-decide-ok').click();
        await expectMessage(page, '已批准并执行');
        await switchLang(page, 'en-US');
        await page.locator('.ant-table-row').first().waitFor();
        await shot(page, 'approvals-queue', 'en-US');
        await goto(page, '/allsetting/approvalrules');
        await page.locator('[data-testid="rule-enabled-balance"]').waitFor();
        await shot(page, 'approvals-rules', 'en-US');
      },
      { lang: 'zh-CN' },
    );
    // applied once: the free cash moved by 60,000.00 and one fund record carries the note
    const now = (await users({ phone: u.phone })).list[0]!;
    const cents = (s: string) => BigInt(s.replace(/[,.]/g, ''));
    assert.equal(cents(now.enableAmt) - cents(u.enableAmt), 6000000n);
    const records = await api<{ list: { note: string | null }[] }>('/admin/cash/list.do', { userId: u.id, pageNum: 1, pageSize: 50 });
    assert.equal(records.list.filter((r) => r.note === note).length, 1);
  });

  it('reads as cards on a phone, in both languages', async () => {
    for (const lang of ['zh-CN', 'en-US'] as const) {
      await withPage(
        browser,
        `approvals-phone-${lang}`,
        async ({ page }) => {
          await signIn(page, DEMO.finance);
          await goto(page, '/approvals/index?status=approved');
          await page.locator('[data-testid="page-approvals"] [data-testid="list-card"]').first().waitFor();
          await shot(page, 'approvals-queue-phone', lang);
          await goto(page, '/allsetting/approvalrules');
          await page.locator('[data-testid="rule-enabled-balance"]').waitFor();
          await shot(page, 'approvals-rules-phone', lang);
        },
        { lang, viewport: PHONE },
      );
    }
  });
});
