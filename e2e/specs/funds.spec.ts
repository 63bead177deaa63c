// Funds screens (issue 6): layering tiers, deposits, withdrawals, payment channels, pay settings.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {
  apiLogin,
  BASE_URL,
  DEMO,
  goto,
  launch,
  screenshot,
  signIn,
  waitForRoute,
  withPage,
  type Browser,
  type Lang,
  type Locator,
  type Page,
} from '../lib/index.ts';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

// ---------- helpers ----------

/** Waits for an antd message (toast) with exactly this text. */
async function expectMessage(page: Page, text: string): Promise<void> {
  await page
    .locator('.ant-message-notice')
    .filter({ hasText: new RegExp(`^\\s*${esc(text)}\\s*$`) })
    .first()
    .waitFor();
}
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The open Popconfirm: asserts its title, then presses its OK button. */
async function confirmPop(page: Page, title: string): Promise<void> {
  const pop = page.locator('.ant-popconfirm:not(.ant-popover-hidden)').last();
  await pop.waitFor();
  assert.equal((await pop.locator('.ant-popconfirm-title').innerText()).trim(), title);
  await pop.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
  await page.waitForFunction(() => !document.querySelector('.ant-popconfirm:not(.ant-popover-hidden)'));
}

/** The visible modal whose title is `title`. */
const modal = (page: Page, title: string | RegExp): Locator =>
  page.locator('.ant-modal-content').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

/** Waits until a modal has gone (closing animation included). */
async function modalGone(page: Page, title: string | RegExp): Promise<void> {
  await modal(page, title).waitFor({ state: 'hidden' });
}

/** Picks options of the open antd Select dropdown by their labels. */
async function pickOptions(page: Page, select: Locator, labels: string[]): Promise<void> {
  await select.locator('.ant-select-selector').click();
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  for (const l of labels) await dropdown.locator('.ant-select-item-option', { hasText: l }).first().click();
  await page.keyboard.press('Escape');
}

/** Waits until a locator matches exactly `n` elements. */
async function expectCount(l: Locator, n: number, timeout = 5000): Promise<void> {
  const end = Date.now() + timeout;
  let c = await l.count();
  while (c !== n && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
    c = await l.count();
  }
  assert.equal(c, n);
}

const rows = (table: Locator) => table.locator('.ant-table-tbody > tr.ant-table-row');

/** Screenshot of the page as it is, after antd animations settle. */
async function shot(page: Page, name: string, lang: Lang): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.ant-message-notice'), undefined, { timeout: 8000 }).catch(() => undefined);
  await page.waitForTimeout(300);
  await screenshot(page, name, lang);
}

async function api<T>(token: string, path: string, body: Record<string, string> = {}, method: 'GET' | 'POST' = 'POST'): Promise<T> {
  const url = method === 'GET' ? `${BASE_URL}${path}?${new URLSearchParams(body)}` : `${BASE_URL}${path}`;
  const r = await fetch(url, {
    method,
    headers: { admintoken: token, ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    body: method === 'POST' ? new URLSearchParams(body) : undefined,
  });
  const b = (await r.json()) as { status: number; msg: string; data: T };
  if (b.status !== 0) throw new Error(`${path}: ${b.msg}`);
  return b.data;
}

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
      const res = modal(page, '批量处理结果');
      await res.waitFor();
      assert.equal((await res.locator('[data-testid="batch-summary"]').innerText()).trim(), '成功 1 笔，失败 1 笔');
      assert.equal((await res.locator(`[data-testid="batch-result-${ids[0]}"]`).innerText()).trim(), '成功');
      assert.equal((await res.locator(`[data-testid="batch-result-${ids[1]}"]`).innerText()).trim(), '失败');
      assert.match(await res.locator('tr', { has: page.locator(`[data-testid="batch-result-${ids[1]}"]`) }).innerText(), /已打款/);
      await shot(page, 'funds-withdraw-batch', 'zh-CN');
      await res.locator('.ant-btn-primary').click();
      await modalGone(page, '批量处理结果');
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

describe('deposits', () => {
  it('rejects a pending deposit with a required reason (shown failed), confirms one showing its amount, creates one', async () => {
    await withPage(browser, 'funds-deposits', async ({ page }) => {
      await signIn(page, DEMO.admin);
      await goto(page, '/capital/rechargelist');
      const list = page.locator('[data-testid="recharge-list"]');
      await rows(list).first().waitFor();
      await page.locator('[data-testid="recharge-totals"]').waitFor();
      await shot(page, 'funds-recharge', 'zh-CN');

      const pending = rows(list).filter({ has: page.locator('[data-testid^="recharge-reject-"]') });
      const id = Number((await pending.first().locator('[data-testid^="recharge-reject-"]').getAttribute('data-testid'))!.split('-').pop());
      await page.locator(`[data-testid="recharge-reject-${id}"]`).click();
      const dlg = modal(page, '驳回充值订单');
      await dlg.waitFor();
      await page.locator('[data-testid="reject-recharge-dialog-ok"]').click();
      await dlg.locator('.ant-form-item-explain-error', { hasText: '请填写驳回原因' }).waitFor();
      await dlg.locator('textarea').fill('未收到款项');
      await page.locator('[data-testid="reject-recharge-dialog-ok"]').click();
      await expectMessage(page, '充值已驳回');
      await page.locator(`[data-testid="recharge-status-${id}"]`, { hasText: '充值失败' }).waitFor();
      assert.equal((await page.locator(`[data-testid="recharge-reason-${id}"]`).innerText()).trim(), '未收到款项');

      // Confirm: the pending ones (status filter), the Popconfirm names the amount.
      await list.locator('.ant-pro-table-search .ant-select', { has: page.locator('#status') }).click();
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '待审核' }).click();
      await list.locator('.ant-pro-table-search .ant-btn-primary').first().click();
      await page.waitForFunction(() =>
        [...document.querySelectorAll('[data-testid="recharge-list"] [data-testid^="recharge-status-"]')].every(
          (e) => e.textContent === '待审核',
        ),
      );
      const next = rows(list)
        .filter({ has: page.locator('[data-testid^="recharge-confirm-"]') })
        .first();
      const cid = Number((await next.locator('[data-testid^="recharge-confirm-"]').getAttribute('data-testid'))!.split('-').pop());
      const amount = (await next.locator('td').nth(3).innerText()).trim();
      const orderNo = (await next.locator('td').nth(0).innerText()).trim();
      await page.locator(`[data-testid="recharge-confirm-${cid}"]`).click();
      const pop = page.locator('.ant-popconfirm:not(.ant-popover-hidden)').last();
      await pop.waitFor();
      assert.equal((await pop.locator('.ant-popconfirm-title').innerText()).trim(), '确认该笔充值已到账？');
      assert.ok((await pop.locator('.ant-popconfirm-description').innerText()).includes(`¥${amount}`), 'amount shown');
      await pop.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
      await expectMessage(page, '充值已确认');
      await page.locator(`[data-testid="recharge-status-${cid}"]`).waitFor({ state: 'detached' }); // no longer pending
      // Found by its order number once the status filter is reset: successful.
      await list
        .locator('.ant-pro-table-search button')
        .filter({ hasText: /重\s*置/ })
        .click();
      await list.locator('.ant-pro-table-search input#keyword').fill(orderNo);
      await list.locator('.ant-pro-table-search .ant-btn-primary').first().click();
      await page.locator(`[data-testid="recharge-status-${cid}"]`, { hasText: '充值成功' }).waitFor();
      await list
        .locator('.ant-pro-table-search button')
        .filter({ hasText: /重\s*置/ })
        .click();
      await rows(list).nth(1).waitFor();

      // An admin-created order, successful at once: a note is required.
      await page.locator('[data-testid="recharge-create"]').click();
      const create = modal(page, '创建充值订单');
      await create.waitFor();
      await create.locator('[data-testid="user-select"] .ant-select-selector').click();
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first().click();
      await page.locator('#rechargeCreate_amount').fill('888.8');
      await page.locator('[data-testid="recharge-immediate"]').click();
      await page.locator('[data-testid="recharge-create-ok"]').click();
      await create.locator('.ant-form-item-explain-error', { hasText: '立即成功的订单必须填写备注' }).waitFor();
      await page.locator('#rechargeCreate_note').fill('线下转账补单');
      await shot(page, 'funds-recharge-create', 'zh-CN');
      await page.locator('[data-testid="recharge-create-ok"]').click();
      await expectMessage(page, '充值订单已创建');
      await modalGone(page, '创建充值订单');
      const created = rows(list).first();
      await created.filter({ hasText: '888.80' }).waitFor(); // the list reloads with the new order on top
      assert.match(await created.innerText(), /888\.80/);
      assert.match(await created.innerText(), /后台创建/);
      assert.match(await created.innerText(), /充值成功/);
      assert.match(await created.innerText(), /线下转账补单/);

      // The admin note of an order.
      const createdId = Number((await created.locator('[data-testid^="recharge-note-"]').getAttribute('data-testid'))!.split('-').pop());
      await page.locator(`[data-testid="recharge-note-${createdId}"]`).click();
      const note = modal(page, '编辑后台备注');
      await note.waitFor();
      assert.equal(await note.locator('textarea').inputValue(), '线下转账补单');
      await note.locator('textarea').fill('线下转账补单，已核对回单');
      await page.locator('[data-testid="note-dialog-ok"]').click();
      await expectMessage(page, '备注已保存');
      await rows(list).first().filter({ hasText: '已核对回单' }).waitFor();

      // Export: the CSV of the same filters, in the console language.
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid="recharge-export"]').click()]);
      assert.match(download.suggestedFilename(), /^recharge-\d{8}\.csv$/);
      const csv = fs.readFileSync((await download.path())!, 'utf8');
      assert.match(csv, /^\uFEFF订单号,用户ID,手机号/);
      assert.match(csv, /线下转账补单，已核对回单/);
    });
  });
});

// ---------- channels ----------

describe('payment channels', () => {
  it('adds and edits a channel, toggles payouts, and shows the server refusal to delete a used one', async () => {
    await withPage(browser, 'funds-channels', async ({ page }) => {
      await signIn(page, DEMO.admin);
      await goto(page, '/capital/channallist');
      const list = page.locator('[data-testid="channel-list"]');
      await rows(list).first().waitFor();
      await shot(page, 'funds-channels', 'zh-CN');

      await page.locator('[data-testid="channel-add"]').click();
      const add = modal(page, '新增支付渠道');
      await add.waitFor();
      await page.locator('#channel_name').fill('E2E 建行');
      await page.locator('#channel_displayName').fill('银行转账（建设银行）');
      await page.locator('[data-testid="channel-form-ok"]').click();
      // A bank channel needs payee, bank and account.
      await expectCount(add.locator('.ant-form-item-explain-error', { hasText: '该渠道类型必填' }), 3);
      await page.locator('#channel_payeeName').fill('上海盈丰信息科技有限公司');
      await page.locator('#channel_account').fill('6227000012345678901');
      await page.locator('#channel_bankName').fill('中国建设银行');
      await page.locator('#channel_minAmount').fill('500');
      await page.locator('#channel_maxAmount').fill('100');
      await page.locator('[data-testid="channel-form-ok"]').click();
      await add.locator('.ant-form-item-explain-error', { hasText: '不能小于单笔最低金额' }).waitFor();
      await page.locator('#channel_maxAmount').fill('100000');
      await shot(page, 'funds-channel-form', 'zh-CN');
      await page.locator('[data-testid="channel-form-ok"]').click();
      await expectMessage(page, '添加成功');
      await modalGone(page, '新增支付渠道');
      const row = rows(list).filter({ hasText: 'E2E 建行' });
      await row.waitFor();
      assert.match(await row.innerText(), /500\.00 ~ 100,000\.00/);
      const id = Number((await row.locator('[data-testid^="channel-edit-"]').getAttribute('data-testid'))!.split('-').pop());

      await page.locator(`[data-testid="channel-edit-${id}"]`).click();
      const edit = modal(page, '编辑支付渠道');
      await edit.waitFor();
      assert.equal(await page.locator('#channel_account').inputValue(), '6227000012345678901');
      await page.locator('#channel_bankBranch').fill('上海分行');
      await page.locator('#channel_remark').fill('e2e');
      await page.locator('[data-testid="channel-form-ok"]').click();
      await expectMessage(page, '更新成功');
      await modalGone(page, '编辑支付渠道');
      await row.filter({ hasText: '上海分行' }).waitFor();

      // Usable for payouts: /admin/channel/updateWithdrawal.
      const toggled = page.waitForRequest((r) => r.url().endsWith('/admin/channel/updateWithdrawal'));
      await page.locator(`[data-testid="channel-withdrawable-${id}"]`).click();
      assert.match((await toggled).postData() ?? '', /withdrawable=true/);
      await expectMessage(page, '更新成功');
      await page.locator(`[data-testid="channel-withdrawable-${id}"][aria-checked="true"]`).waitFor();

      // A channel deposits reference cannot go: the server's reason shows.
      await page.locator('[data-testid="channel-delete-1"]').click();
      await confirmPop(page, '确定要删除该渠道吗？');
      await page.locator('.ant-message-notice', { hasText: /不能删除/ }).waitFor();
      // The new one can.
      await page.locator(`[data-testid="channel-delete-${id}"]`).click();
      await confirmPop(page, '确定要删除该渠道吗？');
      await expectMessage(page, '删除成功');
      await row.waitFor({ state: 'detached' });
    });
  });

  it('keeps a gateway secret when it is left blank on edit', async () => {
    await withPage(browser, 'funds-channel-secret', async ({ page }) => {
      await signIn(page, DEMO.finance);
      await goto(page, '/capital/channallist');
      const list = page.locator('[data-testid="channel-list"]');
      const row = rows(list).filter({ hasText: 'FastPay' });
      await row.waitFor();
      const id = Number((await row.locator('[data-testid^="channel-edit-"]').getAttribute('data-testid'))!.split('-').pop());
      const token = await apiLogin(DEMO.super);
      const before = await api<{ merchantCode: string; merchantKey: string }>(token, '/admin/channel/detail', { id: String(id) }, 'GET');
      await page.locator(`[data-testid="channel-edit-${id}"]`).click();
      const edit = modal(page, '编辑支付渠道');
      await edit.waitFor();
      assert.equal(await page.locator('#channel_merchantCode').inputValue(), '');
      assert.match(await edit.innerText(), /留空则保持不变/);
      await page.locator('#channel_remark').fill('secret kept');
      await page.locator('[data-testid="channel-form-ok"]').click();
      await expectMessage(page, '更新成功');
      const afterEdit = await api<{ merchantCode: string; merchantKey: string; remark: string }>(
        token,
        '/admin/channel/detail',
        { id: String(id) },
        'GET',
      );
      assert.equal(afterEdit.remark, 'secret kept');
      assert.equal(afterEdit.merchantCode, before.merchantCode);
      assert.equal(afterEdit.merchantKey, before.merchantKey);
    });
  });
});

// ---------- pay settings ----------

describe('pay settings', () => {
  it('validates and saves the rules', async () => {
    await withPage(browser, 'funds-paysetting', async ({ page }) => {
      await signIn(page, DEMO.finance);
      await goto(page, '/allsetting/paysetting');
      await page.locator('[data-testid="pay-setting-form"]').waitFor();
      await page.locator('#paySetting_withdrawEnd').fill('08:00');
      await page.locator('[data-testid="pay-setting-save"]').click();
      await page.locator('.ant-form-item-explain-error', { hasText: '结束时间必须晚于开始时间' }).waitFor();
      await page.locator('#paySetting_withdrawEnd').fill('24:00');
      await page.locator('#paySetting_withdrawFeePercent').fill('100.5');
      await page.locator('[data-testid="pay-setting-save"]').click();
      await page.locator('.ant-form-item-explain-error', { hasText: '请输入 0 到 100 之间的百分比' }).waitFor();
      await page.locator('#paySetting_withdrawFeePercent').fill('0.5');
      await page.locator('#paySetting_withdrawFeeFixed').fill('2');
      assert.equal((await page.locator('[data-testid="fee-formula"]').innerText()).trim(), '手续费 = 提现金额 × 0.5% + 2.00');
      await page.locator('[data-testid="pay-setting-save"]').click();
      await expectMessage(page, '保存成功');
      const token = await apiLogin(DEMO.super);
      const s = await api<{ withdrawFeePercent: string; withdrawFeeFixed: string; withdrawEnd: string }>(token, '/admin/paySetting/get.do');
      assert.deepEqual([s.withdrawFeePercent, s.withdrawFeeFixed, s.withdrawEnd], ['0.5', '2.00', '24:00']);
      await shot(page, 'funds-paysetting', 'zh-CN');
    });
  });
});

// ---------- English screenshots ----------

describe('English screens', () => {
  it('renders every funds page in English', async () => {
    await withPage(
      browser,
      'funds-en',
      async ({ page }) => {
        await signIn(page, DEMO.admin);
        for (const [path, testId, name, title] of [
          ['/capital/rechargelist', 'recharge-list', 'funds-recharge', 'Deposits - Stock Admin'],
          ['/capital/withdrawallist', 'withdraw-list', 'funds-withdrawals', 'Withdrawals - Stock Admin'],
          ['/capital/channallist', 'channel-list', 'funds-channels', 'Payment channels - Stock Admin'],
          ['/allsetting/paysetting', 'pay-setting-form', 'funds-paysetting', 'Pay settings - Stock Admin'],
        ] as const) {
          await goto(page, path);
          await page.locator(`[data-testid="${testId}"]`).waitFor();
          if (testId !== 'pay-setting-form')
            await rows(page.locator(`[data-testid="${testId}"]`))
              .first()
              .waitFor();
          await page.waitForFunction((t) => document.title === t, title);
          const text = await page.locator('.shell-content').innerText();
          assert.doesNotMatch(
            text.replace(/[\u4e00-\u9fff]+(（[^）]*）)?/g, ''),
            /undefined|funds\.|channels\./,
            `${path}: no missing keys`,
          );
          await shot(page, name, 'en-US');
        }
        // Dialogs in English: a gateway channel's form (secrets kept when blank), a rejection with its reason.
        await goto(page, '/capital/channallist');
        const gw = rows(page.locator('[data-testid="channel-list"]')).filter({ hasText: 'FastPay' });
        await gw.locator('[data-testid^="channel-edit-"]').click();
        const form = modal(page, 'Edit payment channel');
        await form.waitFor();
        assert.match(await form.innerText(), /Leave blank to keep it \(now: \*{4}/);
        await shot(page, 'funds-channel-form', 'en-US');
        await form.locator('.ant-modal-close').click();
        await modalGone(page, 'Edit payment channel');

        await goto(page, '/capital/withdrawallist');
        const pending = rows(page.locator('[data-testid="withdraw-list"]')).filter({
          has: page.locator('[data-testid^="withdraw-reject-"]'),
        });
        await pending.first().locator('[data-testid^="withdraw-reject-"]').click();
        const dlg = modal(page, 'Reject withdrawal request');
        await dlg.waitFor();
        await page.locator('[data-testid="reject-withdraw-dialog-ok"]').click();
        await dlg.locator('.ant-form-item-explain-error', { hasText: 'Enter the reason for the rejection' }).waitFor();
        await shot(page, 'funds-withdraw-reject', 'en-US');
      },
      { lang: 'en-US' },
    );
  });
});
