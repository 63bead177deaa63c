// Contracts and messaging (issue 24): a user signs through the platform API → badge 22 rises live → the operator
// reads the signed text with the signature and approves it; a message template sent to a tier shows its progress
// to the end and the log lists it.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gradientPng } from '../../apps/server/src/lib/png.ts';
import {
  apiLogin,
  BASE_URL,
  DEMO,
  goto,
  launch,
  screenshot,
  signIn,
  switchLang,
  waitForRoute,
  withPage,
  type Browser,
} from '../lib/index.ts';
import { badgeCount, consoleToken, expectBadge, nextLiveSocket } from '../lib/live.ts';
import { adminCall, appCall, serverCounts, verifiedUser } from '../lib/platform.ts';

let browser: Browser;
let boss: string;
before(async () => {
  browser = await launch();
  boss = await apiLogin(DEMO.super);
});
after(async () => {
  await browser?.close();
});

/** A JSON admin call (the spec's JSON endpoints). */
async function adminJson<T>(path: string, body: unknown): Promise<T> {
  const r = await fetch(`${BASE_URL}${path}`, {
    method: 'POST',
    headers: { admintoken: boss, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const b = (await r.json()) as { status: number; msg: string; data: T };
  if (b.status !== 0) throw new Error(`${path}: ${b.msg}`);
  return b.data;
}

describe('contracts', () => {
  it('signs through the platform API, raises badge 22 live, and is approved from the signed text', async () => {
    await withPage(browser, 'agreements-review', async ({ page }) => {
      const user = await verifiedUser(boss);
      const tpl = await adminJson<{ id: number }>('/admin/contract-template/add', {
        name: '端到端开户协议',
        kind: 'other',
        body: '<h2>端到端开户协议</h2><p>甲方 {{realName}}，手机 {{phone}}，同意本协议全部条款。</p>',
      });
      await adminJson('/admin/contractPush/push/user', { templateId: tpl.id, audience: { kind: 'users', userIds: [user.id] } });
      const mine = await appCall<{ list: { id: number; status: string }[] }>(user.token, '/app/contract/list.do', {});
      const contract = mine.list[0]!;
      assert.equal(contract.status, 'pushed');

      const ready = nextLiveSocket(page);
      await signIn(page, DEMO.admin);
      await ready;
      const token = await consoleToken(page);
      const before = (await serverCounts(token))['22'] ?? 0;
      await expectBadge(page, 22, before);

      const form = new FormData();
      form.set('id', String(contract.id));
      form.set('signature', new Blob([gradientPng(240, 80, [10, 10, 10], [80, 80, 80])], { type: 'image/png' }), 'sig.png');
      const signed = await appCall<{ status: string }>(user.token, '/app/contract/sign.do', form);
      assert.equal(signed.status, 'signed');
      await expectBadge(page, 22, before + 1);
      assert.equal(await badgeCount(page, 22), (await serverCounts(token))['22'], 'the badge agrees with the database');

      await page.locator('[data-testid="badge-22"]').click();
      await waitForRoute(page, /^\/contractsettings\/list/);
      await page.locator(`[data-testid="contract-view-${contract.id}"]`).click();
      const viewer = page.locator('[data-testid="agreement-viewer"]');
      await viewer.waitFor();
      const body = await page.locator('[data-testid="agreement-body"]').innerText();
      assert.match(body, new RegExp(`甲方 ${user.realName}`));
      await page.locator('[data-testid="agreement-signature"]').waitFor();
      await screenshot(page, 'agreements-viewer');
      await page.locator('[data-testid="viewer-approve"]').click();
      await page.locator('.ant-popconfirm .ant-btn-primary').click();
      await page.locator(`[data-testid="contract-status-${contract.id}"]`).waitFor({ state: 'detached' });
      await expectBadge(page, 22, before);
      const after = await adminCall<{ list: { id: number; status: string }[] }>(
        boss,
        '/admin/contract-template/query/sign/list',
        { status: 'approved' },
        'GET',
      );
      assert.ok(after.list.some((c) => c.id === contract.id && c.status === 'approved'));
      const told = await appCall<{ list: { title: string }[] }>(user.token, '/app/message/list.do', {});
      assert.ok(
        told.list.some((m) => m.title === '合同审核通过'),
        'the user is told by station message',
      );

      await screenshot(page, 'agreements-list');
      await goto(page, '/contractsettings/template');
      await page.locator('[data-testid="template-add"]').waitFor();
      await page.locator('.ant-table-row:visible').first().waitFor();
      await screenshot(page, 'agreements-templates');
      await page.locator('.ant-table-row:visible', { hasText: '证券账户开户协议' }).locator('a', { hasText: '编辑' }).click();
      await page.locator('[data-testid="template-preview"] h2').waitFor();
      await screenshot(page, 'agreements-template-drawer');
      await page.keyboard.press('Escape');
      await goto(page, '/contractsettings/assign');
      await page.locator('.ant-table-row:visible').first().waitFor();
      await screenshot(page, 'agreements-assign');
      await switchLang(page, 'en-US');
      await page.locator('.ant-table-row:visible', { hasText: 'Approved' }).first().waitFor();
      await screenshot(page, 'agreements-assign', 'en-US');
      await goto(page, '/contractsettings/list');
      await page.locator('[data-testid="page-agreement-list"] .ant-table-row:visible', { hasText: 'Awaiting review' }).first().waitFor();
      await screenshot(page, 'agreements-list', 'en-US');
      await page.locator('[data-testid="page-agreement-list"] [data-testid^="contract-view-"]').first().click();
      await page.locator('[data-testid="agreement-signature"]').waitFor();
      await screenshot(page, 'agreements-viewer', 'en-US');
      await page.keyboard.press('Escape');
      await page.locator('[data-testid="agreement-viewer"]').waitFor({ state: 'detached' });
      await goto(page, '/contractsettings/template');
      await page
        .locator('[data-testid="page-agreement-templates"] .ant-table-row:visible', { hasText: 'Account opening' })
        .first()
        .waitFor();
      await screenshot(page, 'agreements-templates', 'en-US');
      await switchLang(page, 'zh-CN');
    });
  });
});

describe('messaging', () => {
  it('sends a template to a tier and follows its progress to the end', async () => {
    await withPage(browser, 'messages-send', async ({ page }) => {
      const tiers = await adminCall<{ list: { id: number; layeringName: string; userCount: number }[] }>(
        boss,
        '/admin/channel/layering',
        { pageSize: '100' },
        'GET',
      );
      const tier = tiers.list.find((x) => x.userCount > 0);
      assert.ok(tier, 'a demo tier with users');
      await signIn(page, DEMO.admin);
      await goto(page, '/account/push');
      const row = page.locator('.ant-table-row:visible', { hasText: '入金到账通知' });
      await row.waitFor();
      await screenshot(page, 'messages-templates');
      await row.locator('[data-testid^="msg-template-send-"]').click();
      const form = page.locator('[data-testid="send-form"]');
      await form.waitFor();
      await form.locator('label', { hasText: '分层' }).click();
      await form.locator('[data-testid="audience-tier"]').click();
      await page.locator('.ant-select-item-option', { hasText: tier.layeringName }).click();
      await page.locator('[data-testid="send-preview"]').waitFor();
      await screenshot(page, 'messages-send-form');
      await page.locator('[data-testid="send-submit"]').click();
      // a send is confirmed naming how many users it reaches (issue 39)
      await page.locator('.ant-modal-confirm-title', { hasText: `发送给 ${tier.userCount} 位用户？` }).waitFor();
      await screenshot(page, 'messages-send-confirm');
      await page.locator('[data-testid="send-confirm"]').click();
      await page.locator('[data-testid="send-progress"][data-status="done"]').waitFor({ timeout: 20_000 });
      const progress = await page.locator('[data-testid="send-progress"]').innerText();
      assert.match(progress, new RegExp(`${tier.userCount} / ${tier.userCount}`));
      await screenshot(page, 'messages-send-done');

      await goto(page, '/account/pushlist');
      const sent = page.locator('.ant-table-row:visible', { hasText: tier.layeringName }).first();
      await sent.waitFor();
      await screenshot(page, 'messages-log');
      await sent.locator('a', { hasText: '送达明细' }).click();
      await page.locator('.ant-drawer .ant-table-row').first().waitFor();
      await screenshot(page, 'messages-deliveries');
      await page.keyboard.press('Escape');
      await switchLang(page, 'en-US');
      await page.locator('[data-testid="page-pushlist"] .ant-table-row:visible', { hasText: 'Done' }).first().waitFor();
      await screenshot(page, 'messages-log', 'en-US');
      await goto(page, '/account/push');
      await page.locator('[data-testid="page-push"] .ant-table-row:visible', { hasText: 'Station message' }).first().waitFor();
      await screenshot(page, 'messages-templates', 'en-US');
      await page.locator('[data-testid="push-compose"]').click();
      await page.locator('[data-testid="send-title"]').fill('Market opens');
      await page.locator('[data-testid="send-content"]').fill('Hi {{nickName}}, the market opens at 9:30.');
      await page.locator('[data-testid="send-preview"]').waitFor();
      await screenshot(page, 'messages-send-form', 'en-US');
      await page.keyboard.press('Escape');
      await switchLang(page, 'zh-CN');
    });
  });
});
