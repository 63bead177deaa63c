// Funds screens (issue 6): layering tiers and withdrawals; deposits, payment channels, pay settings and the English
// screens are in funds_deposits.spec.ts (runs right after this file).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { apiLogin, DEMO, goto, launch, signIn, waitForRoute, withPage, type Browser, type Lang, type Page } from '../lib/index.ts';
import { expectMessage, modal, shot } from '../lib/antd.ts';
import { api, confirmPop, expectCount, modalGone, pickOptions, rows } from '../lib/funds.ts';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

// ---------- layering list ----------

const LAYERING_TEXT = {
  'zh-CN': {
    title: '分层列表 - 股票管理后台',
    headers: ['分层名称', '充值次数', '充值金额', '提现金额', '提现次数', '操作'],
    total: (n: number) => `共 ${n} 条`,
    sizes: ['10 条/页', '20 条/页', '50 条/页', '100 条/页'],
    refresh: '刷新',
    add: '新增分层',
    addTitle: '新增分层',
    editTitle: '编辑分层',
    nameRequired: '请输入分层名称',
    channelsTitle: (n: string) => `分层渠道 - ${n}`,
    addChannel: '添加渠道',
    addChannelTitle: '添加渠道',
    selectRequired: '请选择渠道',
    deleteAll: '删除全部',
    loadFailed: '获取数据失败',
    channelsFailed: '获取渠道列表失败',
    added: '添加成功',
    updated: '更新成功',
    deleted: '删除成功',
    confirmTier: '确定要删除该分层吗？',
    confirmChannel: '确定要删除该渠道吗？',
    confirmAll: '确定要删除该分层下的所有渠道吗？',
    name: 'E2E分层',
    renamed: 'E2E分层-改',
  },
  'en-US': {
    title: 'Layering tiers - Stock Admin',
    headers: ['Tier name', 'Deposit count', 'Deposit amount', 'Withdrawal amount', 'Withdrawal count', 'Actions'],
    total: (n: number) => `Total ${n}`,
    sizes: ['10 / page', '20 / page', '50 / page', '100 / page'],
    refresh: 'Refresh',
    add: 'Add tier',
    addTitle: 'Add layering tier',
    editTitle: 'Edit layering tier',
    nameRequired: 'Enter the tier name',
    channelsTitle: (n: string) => `Tier channels - ${n}`,
    addChannel: 'Add channels',
    addChannelTitle: 'Add channels',
    selectRequired: 'Select the channels',
    deleteAll: 'Delete all',
    loadFailed: 'Failed to load the data',
    channelsFailed: 'Failed to load the channel list',
    added: 'Added successfully',
    updated: 'Updated successfully',
    deleted: 'Deleted successfully',
    confirmTier: 'Delete this tier?',
    confirmChannel: 'Delete this channel?',
    confirmAll: 'Delete all channels of this tier?',
    name: 'E2E tier',
    renamed: 'E2E tier renamed',
  },
} as const;

async function layeringFlow(page: Page, lang: Lang) {
  const T = LAYERING_TEXT[lang];
  const list = page.locator('[data-testid="layering-list"]');
  // the old address of the page still works: it opens the spec's /capital/layleringlist (issue 27)
  await goto(page, '/capital/layeringlist');
  await waitForRoute(page, '/capital/layleringlist');
  await rows(list).first().waitFor();
  await page.waitForFunction((t) => document.title === t, T.title);
  assert.deepEqual((await list.locator('.ant-table-thead th').allInnerTexts()).map((s) => s.trim()).filter(Boolean), T.headers);
  const n = await rows(list).count();
  assert.ok(n >= 3, 'the demo tiers');
  assert.equal((await list.locator('.ant-pagination-total-text').innerText()).trim(), T.total(n));
  assert.equal((await list.locator('.ant-pagination-item-active').innerText()).trim(), '1');
  await list.locator('.ant-pagination-options .ant-select-selector').click();
  const sizes = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await sizes.first().waitFor();
  assert.deepEqual(
    (await sizes.allInnerTexts()).map((s) => s.trim()),
    T.sizes,
  );
  assert.equal((await list.locator('.ant-pagination-options .ant-select-selection-item').innerText()).trim(), T.sizes[0]);
  await page.keyboard.press('Escape');
  assert.equal((await page.locator('[data-testid="layering-refresh"]').innerText()).replace(/\s/g, ''), T.refresh.replace(/\s/g, ''));

  // The list failing to load: 获取数据失败 (the refresh button asks again).
  await page.route('**/admin/channel/layering?*', (r) => r.abort());
  await page.locator('[data-testid="layering-refresh"]').click();
  await expectMessage(page, T.loadFailed);
  await page.unroute('**/admin/channel/layering?*');
  await page.locator('[data-testid="layering-refresh"]').click();
  await rows(list).first().waitFor();

  // Add: the name is required; thresholds are optional numbers.
  await page.locator('[data-testid="layering-add"]').click();
  const form = modal(page, T.addTitle);
  await form.waitFor();
  await page.locator('[data-testid="layering-form-ok"]').click();
  await form.locator('.ant-form-item-explain-error', { hasText: T.nameRequired }).waitFor();
  await page.locator('#layering_layeringName').fill(T.name);
  await page.locator('#layering_payNums').fill('3');
  await page.locator('#layering_payMoney').fill('1234.5');
  await page.locator('[data-testid="layering-form-ok"]').click();
  await expectMessage(page, T.added);
  await modalGone(page, T.addTitle);
  const row = rows(list).filter({ hasText: T.name });
  await row.waitFor();
  assert.deepEqual(
    (await row.locator('td').allInnerTexts()).slice(0, 5).map((s) => s.trim()),
    [T.name, '3', '1,234.50', '-', '-'],
  );
  assert.equal((await list.locator('.ant-pagination-total-text').innerText()).trim(), T.total(n + 1));
  const tierId = Number((await row.locator('[data-testid^="tier-edit-"]').getAttribute('data-testid'))!.split('-').pop());

  // Edit.
  await page.locator(`[data-testid="tier-edit-${tierId}"]`).click();
  await modal(page, T.editTitle).waitFor();
  assert.equal(await page.locator('#layering_layeringName').inputValue(), T.name);
  assert.equal(await page.locator('#layering_payMoney').inputValue(), '1234.50');
  await page.locator('#layering_layeringName').fill(T.renamed);
  await page.locator('#layering_withdrawalNums').fill('2');
  await page.locator('[data-testid="layering-form-ok"]').click();
  await expectMessage(page, T.updated);
  await modalGone(page, T.editTitle);
  const renamed = rows(list).filter({ hasText: T.renamed });
  await renamed.waitFor();
  assert.equal((await renamed.locator('td').nth(4).innerText()).trim(), '2');

  // Channels: the modal lists none yet; the add form needs a channel.
  await page.locator(`[data-testid="tier-channels-${tierId}"]`).click();
  const chModal = modal(page, T.channelsTitle(T.renamed));
  await chModal.waitFor();
  const chTable = chModal.locator('[data-testid="tier-channels"]');
  await chTable.locator('.ant-table-placeholder').waitFor();

  // The tier's channel list failing to load: 获取渠道列表失败.
  await page.route('**/admin/channel/layering/channels/detail*', (r) => r.abort());
  await chModal.locator('.ant-modal-close').click();
  await modalGone(page, T.channelsTitle(T.renamed));
  await page.locator(`[data-testid="tier-channels-${tierId}"]`).click();
  await expectMessage(page, T.channelsFailed);
  await page.unroute('**/admin/channel/layering/channels/detail*');
  await chModal.locator('.ant-modal-close').click();
  await modalGone(page, T.channelsTitle(T.renamed));
  await page.locator(`[data-testid="tier-channels-${tierId}"]`).click();
  await chModal.waitFor();

  // The picker asks for 1000 channels.
  const pickerCall = page.waitForRequest((r) => r.url().includes('/admin/channel/list?') && r.url().includes('pageSize=1000'));
  await page.locator('[data-testid="tier-channels-add"]').click();
  await pickerCall;
  const addModal = modal(page, T.addChannelTitle);
  await addModal.waitFor();
  await page.locator('[data-testid="add-channels-ok"]').click();
  await addModal.locator('.ant-form-item-explain-error', { hasText: T.selectRequired }).waitFor();
  await pickOptions(page, addModal.locator('[data-testid="add-channels-select"]'), ['ICBC 对公', 'Alipay QR', 'USDT TRC20']);
  const addCall = page.waitForRequest((r) => r.url().endsWith('/admin/channel/layering/channels/add'));
  await page.locator('[data-testid="add-channels-ok"]').click();
  const sent = new URLSearchParams((await addCall).postData() ?? '');
  assert.equal(sent.get('layeringId'), String(tierId));
  assert.match(sent.get('channelIds') ?? '', /^\d+,\d+,\d+$/, 'channelIds comma-joined');
  await expectMessage(page, T.added);
  await modalGone(page, T.addChannelTitle);
  await expectCount(rows(chTable), 3);
  const names = await rows(chTable).evaluateAll((trs) =>
    trs.map((tr) =>
      [...tr.querySelectorAll('td')]
        .slice(0, 2)
        .map((td) => td.textContent?.trim())
        .join(' | '),
    ),
  );
  assert.deepEqual(names.sort(), ['Alipay QR | 支付宝', 'ICBC 对公 | 银行转账（工商银行）', 'USDT TRC20 | USDT（TRC20）']);
  assert.equal((await chTable.locator('.ant-pagination-total-text').innerText()).trim(), T.total(3));
  await shot(page, 'funds-layering-channels', lang);

  // Delete one.
  await rows(chTable).first().locator('[data-testid^="tier-channel-delete-"]').click();
  await confirmPop(page, T.confirmChannel);
  await expectMessage(page, T.deleted);
  await page.waitForFunction(
    () => document.querySelectorAll('[data-testid="tier-channels"] .ant-table-tbody > tr.ant-table-row').length === 2,
  );

  // Delete all.
  await page.locator('[data-testid="tier-channels-delete-all"]').click();
  await confirmPop(page, T.confirmAll);
  await expectMessage(page, T.deleted);
  await chTable.locator('.ant-table-placeholder').waitFor();
  await chModal.locator('.ant-modal-close').click();
  await modalGone(page, T.channelsTitle(T.renamed));

  // Delete the tier.
  await page.locator(`[data-testid="tier-delete-${tierId}"]`).click();
  await confirmPop(page, T.confirmTier);
  await expectMessage(page, T.deleted);
  await renamed.waitFor({ state: 'detached' });
  assert.equal((await list.locator('.ant-pagination-total-text').innerText()).trim(), T.total(n));
  await shot(page, 'funds-layering', lang);
}

describe('layering list', () => {
  it('adds, edits, attaches channels, deletes one, all, and the tier — zh-CN texts', async () => {
    await withPage(browser, 'funds-layering-zh', async ({ page }) => {
      await signIn(page, DEMO.admin);
      await layeringFlow(page, 'zh-CN');
    });
  });

  it('does the same in English', async () => {
    await withPage(
      browser,
      'funds-layering-en',
      async ({ page }) => {
        await signIn(page, DEMO.finance);
        await layeringFlow(page, 'en-US');
      },
      { lang: 'en-US' },
    );
  });
});

// ---------- withdrawals ----------

describe('withdrawals', () => {
  it('pays one request (shown as paid), batch-rejects with a per-row result, refreshes on the badge parameter', async () => {
    await withPage(browser, 'funds-withdrawals', async ({ page }) => {
      await signIn(page, DEMO.admin);
      await goto(page, '/capital/withdrawallist');
      const list = page.locator('[data-testid="withdraw-list"]');
      await rows(list).first().waitFor();
      await page.locator('[data-testid="withdraw-totals"]').waitFor();
      assert.match(await page.locator('[data-testid="withdraw-totals-all"]').innerText(), /¥[\d,]+\.\d\d/);
      await shot(page, 'funds-withdrawals', 'zh-CN');

      // The status filter (待审核) is sent as status=0 and shows pending requests only, with their totals.
      const pendingTotal = (await page.locator('[data-testid="withdraw-totals-s0"]').innerText()).match(/([\d,]+) 笔/)![1];
      await list.locator('.ant-pro-table-search .ant-select', { has: page.locator('#status') }).click();
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '待审核' }).click();
      const filtered = page.waitForResponse((r) => r.url().endsWith('/admin/withdraw/list.do'));
      await list.locator('.ant-pro-table-search .ant-btn-primary').first().click();
      assert.match((await filtered).request().postData() ?? '', /(^|&)status=0(&|$)/);
      await page.waitForFunction(() =>
        [...document.querySelectorAll('[data-testid="withdraw-list"] [data-testid^="withdraw-status-"]')].every(
          (e) => e.textContent === '待审核',
        ),
      );
      assert.match(await page.locator('[data-testid="withdraw-totals-all"]').innerText(), new RegExp(`${pendingTotal} 笔`));
      const reset = page.waitForResponse((r) => r.url().endsWith('/admin/withdraw/list.do'));
      await list
        .locator('.ant-pro-table-search button')
        .filter({ hasText: /重\s*置/ })
        .click();
      assert.doesNotMatch((await reset).request().postData() ?? '', /status=/);
      await page.waitForTimeout(300);

      // Pay the first pending one.
      const first = rows(list)
        .filter({ has: page.locator('[data-testid^="withdraw-approve-"]') })
        .first();
      const id = Number((await first.locator('[data-testid^="withdraw-approve-"]').getAttribute('data-testid'))!.split('-').pop());
      await page.locator(`[data-testid="withdraw-approve-${id}"]`).click();
      const dlg = modal(page, '确认打款');
      await dlg.waitFor();
      assert.match(await dlg.innerText(), /手续费/);
      await page.locator('[data-testid="pay-dialog-ok"]').click();
      await expectMessage(page, '已确认打款');
      await modalGone(page, '确认打款');
      await page.locator(`[data-testid="withdraw-status-${id}"]`, { hasText: '已打款' }).waitFor();
      assert.equal(await page.locator(`[data-testid="withdraw-approve-${id}"]`).count(), 0, 'no review actions on a paid request');

      // Batch reject two pending requests; one of them is paid elsewhere meanwhile → a per-row result.
      const pendingRows = rows(list).filter({ has: page.locator('[data-testid^="withdraw-approve-"]') });
      const ids: number[] = [];
      for (let i = 0; i < 2; i++) {
        const r = pendingRows.nth(i);
        ids.push(Number((await r.locator('[data-testid^="withdraw-approve-"]').getAttribute('data-testid'))!.split('-').pop()));
        await r.locator('.ant-checkbox-input').check();
      }
      assert.equal((await page.locator('[data-testid="withdraw-selected"]').innerText()).trim(), '已选 2 笔');
      const superToken = await apiLogin(DEMO.super);
      await api(superToken, '/admin/withdraw/updateState.do', { id: String(ids[1]), state: '1' });

      await page.locator('[data-testid="withdraw-batch-reject"]').click();
      const rej = modal(page, '批量驳回（2 笔）');
      await rej.waitFor();
      await page.locator('[data-testid="reject-withdraw-dialog-ok"]').click();
      await rej.locator('.ant-form-item-explain-error', { hasText: '请填写驳回原因' }).waitFor();
      await rej.locator('textarea').fill('银行卡信息有误');
      await page.locator('[data-testid="reject-withdraw-dialog-ok"]').click();
      const res = modal(page, '批量驳回结果');
      await res.waitFor();
      assert.equal((await res.locator('[data-testid="batch-ok"]').innerText()).trim(), '成功 1');
      assert.equal((await res.locator('[data-testid="batch-failed"]').innerText()).trim(), '失败 1');
      assert.match((await res.locator(`[data-testid="batch-row-${ids[0]}"]`).innerText()).trim(), /成功/);
      assert.match((await res.locator(`[data-testid="batch-row-${ids[1]}"]`).innerText()).trim(), /失败/);
      // the state after the attempt: the first now rejected; the refused one keeps its state (named in the message)
      assert.equal((await res.locator(`[data-testid="batch-status-${ids[0]}"]`).innerText()).trim(), '已驳回');
      assert.equal((await res.locator(`[data-testid="batch-status-${ids[1]}"]`).innerText()).trim(), '-');
      assert.match(await res.locator('tr', { has: page.locator(`[data-testid="batch-row-${ids[1]}"]`) }).innerText(), /已打款/);
      await shot(page, 'funds-withdraw-batch', 'zh-CN');
      await res.locator('.ant-btn-primary').click();
      await modalGone(page, '批量驳回结果');
      await page.locator(`[data-testid="withdraw-status-${ids[0]}"]`, { hasText: '已驳回' }).waitFor();

      // The header badge opens the page with ?_t=…: an open page asks for fresh data.
      const again = page.waitForRequest((r) => r.url().endsWith('/admin/withdraw/list.do'));
      await goto(page, `/capital/withdrawallist?_t=${Date.now()}`);
      await again;
      await waitForRoute(page, /^\/capital\/withdrawallist/);
    });
  });

  it('exports the filtered list as CSV with the token', async () => {
    await withPage(browser, 'funds-withdraw-export', async ({ page }) => {
      await signIn(page, DEMO.finance);
      await goto(page, '/capital/withdrawallist');
      await rows(page.locator('[data-testid="withdraw-list"]')).first().waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid="withdraw-export"]').click()]);
      assert.match(download.suggestedFilename(), /^withdraw-\d{8}\.csv$/);
      const text = fs.readFileSync((await download.path())!, 'utf8');
      assert.match(text, /^\uFEFF订单号,用户ID,手机号/);
      assert.ok(text.trim().split('\n').length > 5, 'rows exported');
    });
  });
});

// ---------- deposits ----------
