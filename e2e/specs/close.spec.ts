// The books close every day (issue 50): finance opens the daily close, reads a closed day's statement (balanced, its
// movements, the house result), and works through a channel's reconciliation — resolving an exception with a note —
// in both languages, at 1440 px and on a phone; agent statements for finance and for an agent's staff.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO, goto, launch, signIn, switchLang, withPage, type Browser } from '../lib/index.ts';
import { expectMessage, shot } from '../lib/antd.ts';
import { api, apiSignInSuper } from '../lib/users.ts';

let browser: Browser;
const PHONE = { width: 390, height: 844 };
const dayOf = (t: Date) => new Date(t.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
const yesterday = dayOf(new Date(Date.now() - 86_400_000));

before(async () => {
  browser = await launch();
  await apiSignInSuper();
});
after(async () => {
  await browser?.close();
});

describe('daily close', () => {
  it("lists the closed days and shows a day's statement that balances", async () => {
    await withPage(
      browser,
      'close-days',
      async ({ page }) => {
        await signIn(page, DEMO.finance);
        await goto(page, '/close/index');
        await page.locator(`[data-testid="close-day-${yesterday}"]`).waitFor();
        await page.locator('[data-testid="close-house-chart"] canvas').waitFor();
        assert.equal(await page.locator('[data-testid^="close-unbalanced-"]').count(), 0);
        await shot(page, 'close-days', 'zh-CN');
        await page.locator(`[data-testid="close-day-${yesterday}"]`).click();
        await page.locator('[data-testid="page-close-statement"]').waitFor();
        await page.locator('[data-testid="close-check-balanced"] .anticon-check-circle').waitFor();
        await page.locator('[data-testid="close-movements"] .ant-table-row').first().waitFor();
        await page.getByText(`${yesterday} 日结单`).waitFor();
        await page.locator('[data-testid="close-movements-chart"] canvas').waitFor();
        await shot(page, 'close-statement', 'zh-CN');
        // the workbook: a zip (PK) named after the day
        const [xlsx] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid="close-xlsx"]').click()]);
        assert.equal(xlsx.suggestedFilename(), `daily-close-${yesterday}.xlsx`);
        const bytes = Buffer.concat(await (await xlsx.createReadStream()).toArray());
        assert.equal(bytes.subarray(0, 2).toString('latin1'), 'PK');
        await switchLang(page, 'en-US');
        await page.getByText(`Statement of ${yesterday}`).waitFor();
        await shot(page, 'close-statement', 'en-US');
        await goto(page, '/close/index');
        await page.locator(`[data-testid="close-day-${yesterday}"]`).waitFor();
        await shot(page, 'close-days', 'en-US');
      },
      { lang: 'zh-CN' },
    );
  });

  it('reconciles a channel: the three lists, and an exception resolved with a note', async () => {
    const list = await api<{ list: { channelId: number; day: string; open: number }[] }>('/admin/reconcile/list.do', {
      pageNum: 1,
      pageSize: 10,
      status: 'open',
    });
    const target = list.list[0];
    assert.ok(target, 'the demo has an open reconciliation');
    await withPage(
      browser,
      'close-reconcile',
      async ({ page }) => {
        await signIn(page, DEMO.finance);
        await goto(page, '/close/reconcile');
        await page.locator(`[data-testid="recon-open-${target.channelId}-${target.day}"]`).click();
        await page.locator('[data-testid="recon-exceptions"] .ant-table-row').first().waitFor();
        await shot(page, 'close-reconcile', 'zh-CN');
        await page.locator('[data-testid^="recon-resolve-"]').first().click();
        await page.locator('[data-testid="recon-note"]').fill('已与银行核实，次日到账');
        await page.locator('#recon-resolve-ok').click();
        await expectMessage(page, '差异已处理');
        await page.locator('[data-testid="recon-exceptions"]').getByText('已与银行核实，次日到账').waitFor();
        await page.keyboard.press('Escape');
        await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });
        await switchLang(page, 'en-US');
        await goto(page, '/close/reconcile');
        await page.locator(`[data-testid="recon-open-${target.channelId}-${target.day}"]`).click();
        await page.locator('[data-testid="recon-exceptions"] .ant-table-row').first().waitFor();
        await shot(page, 'close-reconcile', 'en-US');
      },
      { lang: 'zh-CN' },
    );
    const after = await api<{ open: number }>('/admin/reconcile/detail.do', { channelId: target.channelId, day: target.day });
    assert.equal(after.open, target.open - 1);
  });

  it('a statement with a duplicate and a reversal stays open; a reconciled day is reopened under dual control', async () => {
    const list = await api<{ list: { channelId: number; day: string; duplicate: number; reversal: number; status: string }[] }>(
      '/admin/reconcile/list.do',
      { pageNum: 1, pageSize: 10 },
    );
    const odd = list.list.find((s) => s.duplicate > 0 && s.reversal > 0);
    assert.ok(odd, 'the demo has a statement with a duplicate and a reversal');
    assert.equal(odd.status, 'open');
    // another channel-day, every exception resolved (as another operator would have): reconciled
    const other = list.list.find((s) => s !== odd)!;
    const d = await api<{ items: { id: number; kind: string; resolvedAt: string | null }[] }>('/admin/reconcile/detail.do', {
      channelId: other.channelId,
      day: other.day,
    });
    for (const i of d.items.filter((x) => x.kind !== 'matched' && !x.resolvedAt))
      await api('/admin/reconcile/resolve.do', { id: i.id, note: '已与银行核实' });
    await withPage(
      browser,
      'close-reconcile-reopen',
      async ({ page }) => {
        await signIn(page, DEMO.finance);
        await goto(page, '/close/reconcile');
        await page.locator(`[data-testid="recon-open-${odd.channelId}-${odd.day}"]`).click();
        const exceptions = page.locator('[data-testid="recon-exceptions"]');
        await exceptions.getByText('重复行').first().waitFor();
        await exceptions.getByText('冲正/退回').first().waitFor();
        await exceptions
          .getByText(/与第 \d+ 行重复/)
          .first()
          .waitFor();
        assert.equal(await page.locator('[data-testid="recon-reopen"]').count(), 0, 'an open day has nothing to reopen');
        await shot(page, 'close-reconcile-kinds', 'zh-CN');
        await page.keyboard.press('Escape');
        await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });
        await page.locator(`[data-testid="recon-open-${other.channelId}-${other.day}"]`).click();
        await page.locator('[data-testid="recon-status"]').getByText('已对平').waitFor();
        await page.locator('[data-testid="recon-reopen"]').click();
        await page.locator('[data-testid="held-hint"]').waitFor();
        await page.locator('[data-testid="recon-reopen-reason"]').fill('银行发来更正后的对账单');
        await page.locator('#recon-reopen-ok').click();
        // held for a second administrator: nothing changed yet
        await page.locator('.ant-notification-notice').first().waitFor();
        await page.locator('[data-testid="recon-status"]').getByText('已对平').waitFor();
        const held = await api<{ list: { id: number; operation: string; status: string }[] }>('/admin/approval/list.do', {
          pageNum: 1,
          pageSize: 10,
          status: 'pending',
          operation: 'recon.reopen',
        });
        assert.equal(held.list.length, 1);
        await api('/admin/approval/decide.do', { id: held.list[0]!.id, approve: 'true' });
        await page.keyboard.press('Escape');
        await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });
        await switchLang(page, 'en-US');
        await goto(page, '/close/reconcile');
        await page.locator(`[data-testid="recon-open-${other.channelId}-${other.day}"]`).click();
        await page.locator('[data-testid="recon-reopened"]').getByText('银行发来更正后的对账单').waitFor();
        await page.locator('[data-testid="recon-status"]').getByText('Open').waitFor();
        await shot(page, 'close-reconcile-reopened', 'en-US');
      },
      { lang: 'zh-CN' },
    );
  });

  it("agent statements: finance reads every agent's, opens the top one; an agent's staff see their subtree only", async () => {
    await withPage(
      browser,
      'close-agents',
      async ({ page }) => {
        await signIn(page, DEMO.finance);
        await goto(page, '/close/agents');
        const first = page.locator('[data-testid="page-agent-statements"] [data-testid^="agent-statement-"]').first();
        await first.waitFor();
        await shot(page, 'close-agents', 'zh-CN');
        await first.click();
        await page.locator('[data-testid="agent-statement-balanced"]').waitFor();
        await page.locator('[data-testid="agent-statement-users"] .ant-table-row').first().waitFor();
        await page.locator('[data-testid="agent-statement-chart"] canvas').waitFor();
        await shot(page, 'close-agent-statement', 'zh-CN');
        const [csv] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid="agent-statement-csv"]').click()]);
        assert.match(csv.suggestedFilename(), /^agent-\d+-.*\.csv$/);
        const text = Buffer.concat(await (await csv.createReadStream()).toArray()).toString('utf8');
        assert.ok(text.includes('佣金（按用户）'));
        await switchLang(page, 'en-US');
        await page.getByText('Commissions by user').waitFor();
        await shot(page, 'close-agent-statement', 'en-US');
        await goto(page, '/close/agents');
        await first.waitFor();
        await shot(page, 'close-agents', 'en-US');
      },
      { lang: 'zh-CN' },
    );
    // the demo agent account is bound to 华东总代理: its subtree, not 华南 or 华北
    await withPage(
      browser,
      'close-agents-staff',
      async ({ page }) => {
        await signIn(page, { username: 'agent', password: 'agent123', name: '华东总代理（演示）' });
        await goto(page, '/close/agents');
        const names = page.locator('[data-testid="page-agent-statements"] [data-testid^="agent-statement-"]');
        await names.first().waitFor();
        const shown = await names.allTextContents();
        assert.ok(shown.includes('华东总代理'), shown.join());
        assert.ok(!shown.includes('华南总代理') && !shown.includes('华北总代理'), shown.join());
      },
      { lang: 'zh-CN' },
    );
  });

  it('reads as cards on a phone, in both languages', async () => {
    for (const lang of ['zh-CN', 'en-US'] as const) {
      await withPage(
        browser,
        `close-phone-${lang}`,
        async ({ page }) => {
          await signIn(page, DEMO.finance);
          await goto(page, '/close/index');
          await page.locator('[data-testid="page-close"] [data-testid="list-card"]').first().waitFor();
          await shot(page, 'close-days-phone', lang);
          await goto(page, `/close/statement?day=${yesterday}`);
          await page.locator('[data-testid="close-movements"] .ant-table-row').first().waitFor();
          await shot(page, 'close-statement-phone', lang);
          await goto(page, '/close/reconcile');
          await page.locator('[data-testid="page-reconcile"] [data-testid="list-card"]').first().waitFor();
          await shot(page, 'close-reconcile-phone', lang);
          await goto(page, '/close/agents');
          await page
            .locator('[data-testid="page-agent-statements"] [data-testid="list-card"] [data-testid^="agent-statement-"]')
            .first()
            .click();
          await page.locator('[data-testid="agent-statement-users"] .ant-table-row').first().waitFor();
          await shot(page, 'close-agent-statement-phone', lang);
        },
        { lang, viewport: PHONE },
      );
    }
  });
});
