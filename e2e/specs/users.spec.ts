// Users, agents and the ledger screens (issue 5): 用户列表, 代理列表, 资金记录, 资金互转记录.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  apiLogin,
  BASE_URL,
  DEMO,
  goto,
  launch,
  screenshot,
  signIn,
  withPage,
  type Browser,
  type DemoAdmin,
  type Lang,
  type Locator,
  type Page,
} from '../lib/index.ts';

let browser: Browser;
/** API calls go as the super-user; the browser signs in as admin (single-session: never the same admin twice at once). */
let superToken: string;
const STAMP = String(Date.now()).slice(-7);

before(async () => {
  browser = await launch();
  superToken = await apiLogin(DEMO.super);
});
after(async () => {
  await browser?.close();
});

// ---------- helpers ----------

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function api<T>(path: string, body: Record<string, string | number> = {}, token = superToken): Promise<T> {
  const r = await fetch(`${BASE_URL}${path}`, {
    method: 'POST',
    headers: { admintoken: token, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])),
  });
  const b = (await r.json()) as { status: number; msg: string; data: T };
  if (b.status !== 0) throw new Error(`${path}: ${b.msg}`);
  return b.data;
}

interface User {
  id: number;
  phone: string;
  realName: string | null;
  accountType: number;
  agentId: number | null;
  userAmt: string;
  enableAmt: string;
  frozenAmt: string;
  realState: number;
  realRejectReason: string | null;
}
const users = (q: Record<string, string | number>) =>
  api<{ list: User[]; total: number }>('/admin/user/list.do', { pageNum: 1, pageSize: 20, ...q });

/** Waits for an antd message (toast) with exactly this text. */
async function expectMessage(page: Page, text: string): Promise<void> {
  await page
    .locator('.ant-message-notice')
    .filter({ hasText: new RegExp(`^\\s*${esc(text)}\\s*$`) })
    .first()
    .waitFor();
}

/** The visible modal whose title matches. */
const modal = (page: Page, title: string | RegExp): Locator =>
  page.locator('.ant-modal-content').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

/** A form item of `scope` by its label text. */
const formItem = (scope: Locator, label: string): Locator =>
  scope
    .locator('.ant-form-item')
    .filter({ has: scope.page().locator('.ant-form-item-label label', { hasText: new RegExp(`^${esc(label)}$`) }) });

/** Types into a searchable antd Select and picks the option whose label contains `option`. */
async function pickSearch(page: Page, item: Locator, typed: string, option: string): Promise<void> {
  await item.locator('.ant-select-selector').click();
  await page.keyboard.type(typed);
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  await dropdown.locator('.ant-select-item-option', { hasText: option }).first().click();
}

/** Fills a ProTable search field (by its name) and presses 查询 / Query. */
async function search(page: Page, root: string, fields: Record<string, string>): Promise<void> {
  const form = page.locator(`[data-testid="${root}"] .ant-pro-query-filter`);
  for (const [name, v] of Object.entries(fields)) await form.locator(`input#${name}`).fill(v);
  await form.locator('button.ant-btn-primary').click();
}

async function confirmPop(page: Page): Promise<void> {
  const pop = page.locator('.ant-popconfirm:not(.ant-popover-hidden)').last();
  await pop.waitFor();
  await pop.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
}

/** Screenshot after antd toasts and animations settle. */
async function shot(page: Page, name: string, lang: Lang): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.ant-message-notice'), undefined, { timeout: 8000 }).catch(() => undefined);
  await page.waitForTimeout(300);
  await screenshot(page, name, lang);
}

/** Expected balance after an adjustment, in integer cents (the test's own exact arithmetic). */
function plusCents(a: string, b: string, sign: 1 | -1): string {
  const c = (s: string) => {
    const [i, f = ''] = s.replace('-', '').split('.');
    const v = BigInt(i!) * 100n + BigInt((f + '00').slice(0, 2));
    return s.startsWith('-') ? -v : v;
  };
  const r = c(a) + (sign === 1 ? c(b) : -c(b));
  const abs = r < 0n ? -r : r;
  const int = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${r < 0n ? '-' : ''}${int}.${String(abs % 100n).padStart(2, '0')}`;
}

const TEXT = {
  'zh-CN': {
    userTitle: '用户列表 - 股票管理后台',
    agentTitle: '代理列表 - 股票管理后台',
    fundTitle: '资金记录 - 股票管理后台',
    transferTitle: '资金互转记录 - 股票管理后台',
    pending: '待审核',
    approvedState: '已认证',
    rejectedState: '已驳回',
    approved: '已通过实名认证',
    rejected: '已驳回实名认证',
    reasonRequired: '请输入驳回原因',
    added: '添加成功',
    addAgent: '添加代理',
    addAccount: '添加账户',
    agentLabel: '所属代理',
    total: (n: number) => `共 ${n} 条`,
    manualCredit: '后台加款',
  },
  'en-US': {
    userTitle: 'User list - Stock Admin',
    agentTitle: 'Agents - Stock Admin',
    fundTitle: 'Fund records - Stock Admin',
    transferTitle: 'Fund transfers - Stock Admin',
    pending: 'Pending review',
    approvedState: 'Verified',
    rejectedState: 'Rejected',
    approved: 'Real-name details approved',
    rejected: 'Real-name details rejected',
    reasonRequired: 'Enter the reason for rejecting',
    added: 'Added',
    addAgent: 'Add agent',
    addAccount: 'Add account',
    agentLabel: 'Agent',
    total: (n: number) => `Total ${n}`,
    manualCredit: 'Manual credit',
  },
} as const;

// ---------- tests ----------

describe('users, agents and fund records', () => {
  it('shows every page in both languages (screenshots)', async () => {
    for (const lang of ['zh-CN', 'en-US'] as const) {
      await withPage(
        browser,
        `users-pages-${lang}`,
        async ({ page }) => {
          const T = TEXT[lang];
          await signIn(page, DEMO.admin);
          await goto(page, '/userlist/index');
          await page.locator('[data-testid^="user-review-"]').first().waitFor();
          assert.equal(await page.title(), T.userTitle);
          // balances: two decimals and thousands separators
          const amounts = await page
            .locator('[data-testid="user-list"] .ant-table-tbody .ant-typography[style*="tabular-nums"]')
            .allInnerTexts();
          assert.ok(amounts.length > 0 && amounts.every((a) => /^-?\d{1,3}(,\d{3})*\.\d{2}$/.test(a.trim())), amounts.join('|'));
          await shot(page, 'users-list', lang);

          await goto(page, '/userlist/agentlist');
          await page.locator('[data-testid^="agent-row-"]').first().waitFor();
          assert.equal(await page.title(), T.agentTitle);
          // the tree: expanding a top agent loads its sub-agents
          await page.locator('[data-testid="agent-list"] .ant-table-row-expand-icon-collapsed').first().click();
          await page.locator('[data-testid="agent-list"] tr.ant-table-row-level-1').first().waitFor();
          await shot(page, 'users-agents', lang);

          await goto(page, '/capital/fundrecords');
          await page.locator('[data-testid="fund-totals-count"]').waitFor();
          assert.equal(await page.title(), T.fundTitle);
          await shot(page, 'users-fundrecords', lang);

          await goto(page, '/capital/fundtransferrecord');
          await page.locator('[data-testid="transfer-totals-count"]').waitFor();
          assert.equal(await page.title(), T.transferTitle);
          const types = await page.locator('[data-testid="transfer-records"] [data-testid^="fund-type-"]').allInnerTexts();
          assert.ok(types.length > 0);
          for (const ty of types) assert.ok(lang === 'zh-CN' ? /^资金转[入出]$/.test(ty) : /^Transfer (in|out)$/.test(ty), ty);
          await shot(page, 'users-fundtransfers', lang);
        },
        { lang },
      );
    }
  });

  it('reviews pending real-name submissions: approve, and reject with a reason (zh-CN)', async () => {
    const pending = (await users({ realState: 1 })).list;
    assert.ok(pending.length >= 2, 'the demo data has pending reviews');
    const [a, b] = pending as [User, User];
    await withPage(
      browser,
      'users-review',
      async ({ page }) => {
        const T = TEXT['zh-CN'];
        await signIn(page, DEMO.admin);
        // from the header badge: the update-timestamp parameter shows the pending reviews
        await goto(page, `/userlist/index?_t=${Date.now()}`);
        await page.locator('[data-testid="user-pending-toggle"].ant-btn-primary').waitFor();
        await page.locator('[data-testid^="user-realstate-"]').first().waitFor();
        const states = await page.locator('[data-testid^="user-realstate-"]').allInnerTexts();
        assert.ok(states.length > 0 && states.every((s) => s === T.pending), states.join(','));

        // approve A (all states again: the approved user stays on the list)
        await page.locator('[data-testid="user-pending-toggle"]').click();
        await page.locator('[data-testid="user-pending-toggle"]:not(.ant-btn-primary)').waitFor();
        await search(page, 'user-list', { phone: a.phone });
        await page.locator(`[data-testid="user-review-${a.id}"]`).click();
        const drawer = page.locator('[data-testid="review-drawer"]');
        await drawer.waitFor();
        await drawer.locator('[data-testid="review-front"] img').waitFor(); // fetched with the admintoken header
        await drawer.locator('[data-testid="review-back"] img').waitFor();
        assert.equal((await drawer.locator('[data-testid="review-realname"]').innerText()).trim(), a.realName);
        await shot(page, 'users-review', 'zh-CN');
        await page.locator('[data-testid="review-approve"]').click();
        await confirmPop(page);
        await expectMessage(page, T.approved);
        await page.locator(`[data-testid="user-realstate-${a.id}"]`, { hasText: T.approvedState }).waitFor();
        assert.equal((await users({ phone: a.phone })).list[0]!.realState, 2);

        // reject B: the reason is required
        await search(page, 'user-list', { phone: b.phone });
        await page.locator(`[data-testid="user-review-${b.id}"]`).click();
        await page.locator('[data-testid="review-front"] img').waitFor();
        await page.locator('[data-testid="review-reject"]').click();
        await page.locator('.ant-drawer .ant-form-item-explain-error', { hasText: T.reasonRequired }).waitFor();
        await page.locator('[data-testid="review-reason"]').fill('证件照片模糊（E2E）');
        await page.locator('[data-testid="review-reject"]').click();
        await expectMessage(page, T.rejected);
        await page.locator(`[data-testid="user-realstate-${b.id}"]`, { hasText: T.rejectedState }).waitFor();
        const after = (await users({ phone: b.phone })).list[0]!;
        assert.equal(after.realState, 3);
        assert.equal(after.realRejectReason, '证件照片模糊（E2E）');
      },
      { lang: 'zh-CN' },
    );
  });

  it('adjusts a balance with a before/after confirmation and shows the fund record (en-US)', async () => {
    const u = (await users({ accountType: 0, realState: 2, sortField: 'enableAmt', sortOrder: 'desc' })).list[0]!;
    await withPage(
      browser,
      'users-adjust',
      async ({ page }) => {
        const T = TEXT['en-US'];
        await signIn(page, DEMO.admin);
        await goto(page, '/userlist/index');
        await search(page, 'user-list', { phone: u.phone });
        await page.locator(`[data-testid="user-adjust-${u.id}"]`).click();
        const m = page.locator('[data-testid="user-adjust"]');
        await m.waitFor();
        // the note is required
        await page.locator('[data-testid="user-adjust-amount"]').fill('1234.56');
        await page.locator('[data-testid="user-adjust-ok"]').click();
        await m.locator('.ant-form-item-explain-error', { hasText: 'Enter a note' }).waitFor();
        await page.locator('[data-testid="user-adjust-note"]').fill(`E2E credit ${STAMP}`);
        await page.locator('[data-testid="user-adjust-ok"]').click();
        await page.locator('[data-testid="user-adjust-confirm"]').waitFor();
        const afterFree = (await page.locator('[data-testid="user-adjust-after-enableAmt"]').innerText()).trim();
        const afterEquity = (await page.locator('[data-testid="user-adjust-after-userAmt"]').innerText()).trim();
        assert.equal(afterFree, plusCents(u.enableAmt, '1234.56', 1));
        assert.equal(afterEquity, plusCents(u.userAmt, '1234.56', 1));
        await shot(page, 'users-adjust', 'en-US');
        await page.locator('[data-testid="user-adjust-ok"]').click();
        await expectMessage(page, `Balance adjusted; free cash ${afterFree}`);
        const now = (await users({ phone: u.phone })).list[0]!;
        assert.equal(plusCents(now.enableAmt, '0', 1), afterFree);

        // a debit beyond the free cash is stopped at the confirmation
        await page.locator(`[data-testid="user-adjust-${u.id}"]`).click();
        await page.locator('[data-testid="user-adjust"]').waitFor();
        await page.locator('.ant-modal-content .ant-radio-button-wrapper', { hasText: 'Debit' }).click();
        await page.locator('[data-testid="user-adjust-amount"]').fill('99999999999');
        await page.locator('[data-testid="user-adjust-note"]').fill('too much');
        await page.locator('[data-testid="user-adjust-ok"]').click();
        await page.locator('[data-testid="user-adjust-insufficient"]').waitFor();
        assert.equal(await page.locator('[data-testid="user-adjust-ok"]').isDisabled(), true);
        await page.locator('.ant-modal-content .ant-modal-close').click();
        await page.locator('[data-testid="user-adjust"]').waitFor({ state: 'hidden' });

        // 资金记录: the manual credit, newest first, with the note
        await goto(page, '/capital/fundrecords');
        await search(page, 'fund-records', { user: u.phone });
        const first = page.locator('[data-testid="fund-records"] .ant-table-tbody tr.ant-table-row').first();
        await first.locator('[data-testid^="fund-note-"]', { hasText: `E2E credit ${STAMP}` }).waitFor();
        assert.equal((await first.locator('[data-testid^="fund-type-"]').innerText()).trim(), T.manualCredit);
        assert.equal((await first.locator('[data-testid^="fund-amount-"]').innerText()).trim(), '+1,234.56');
        await page.locator('[data-testid="fund-totals-count"]').waitFor();
        await shot(page, 'users-fundrecords-user', 'en-US');
      },
      { lang: 'en-US' },
    );
  });

  it('creates an agent and a user under it; the agent staff sees only its users (zh-CN, then en-US)', async () => {
    const agentName = `E2E代理${STAMP}`;
    const agentPhone = `139${STAMP.padStart(8, '0')}`;
    const userPhone = `137${STAMP.padStart(8, '0')}`;
    await withPage(
      browser,
      'users-agent-create',
      async ({ page }) => {
        const T = TEXT['zh-CN'];
        await signIn(page, DEMO.admin);
        await goto(page, '/userlist/agentlist');
        await page.locator('[data-testid="agent-add"]').click();
        const m = modal(page, T.addAgent);
        await m.waitFor();
        await page.locator('[data-testid="agent-name"]').fill(agentName);
        await page.locator('[data-testid="agent-realname"]').fill('测试员');
        await page.locator('[data-testid="agent-phone"]').fill(agentPhone);
        await page.locator('[data-testid="agent-password"]').fill('agent-e2e-123');
        await formItem(m, '手续费分成').locator('input').fill('30');
        await formItem(m, '盈利分成').locator('input').fill('12.5');
        await shot(page, 'users-agent-form', 'zh-CN');
        await page.locator('[data-testid="agent-form-ok"]').click();
        await expectMessage(page, T.added);
        await m.waitFor({ state: 'hidden' });
        await page.locator('[data-testid="agent-list"] .ant-table-row', { hasText: agentName }).waitFor();
        const row = page.locator('[data-testid="agent-list"] .ant-table-row', { hasText: agentName });
        assert.match(await row.innerText(), /30%[\s\S]*12\.5%/);

        // a simulated account under the new agent, with an opening balance
        await goto(page, '/userlist/index');
        await page.locator('[data-testid="user-add"]').click();
        const add = modal(page, T.addAccount);
        await add.waitFor();
        await page.locator('[data-testid="add-user-phone"]').fill(userPhone);
        await page.locator('[data-testid="add-user-password"]').fill('user-e2e-123');
        await page.locator('[data-testid="add-user-realname"]').fill('代理下用户');
        await pickSearch(page, formItem(add, T.agentLabel), agentName, agentName);
        await page.locator('[data-testid="add-user-amount"]').fill('5000');
        await page.locator('[data-testid="add-user-ok"]').click();
        await expectMessage(page, T.added);
        await add.waitFor({ state: 'hidden' });
      },
      { lang: 'zh-CN' },
    );

    const agent = (await api<{ list: { id: number; name: string }[] }>('/admin/agent/list.do', { name: agentName })).list[0]!;
    const created = (await users({ phone: userPhone })).list[0]!;
    assert.equal(created.agentId, agent.id);
    assert.equal(created.accountType, 1);
    assert.equal(created.enableAmt, '5000.00');

    // agent staff bound to the new agent (role `agent`)
    const roles = await api<{ list: { id: number; code: string | null }[] }>('/admin/role/list.do', { pageNum: 1, pageSize: 100 });
    const role = roles.list.find((r) => r.code === 'agent');
    assert.ok(role, 'the agent role exists');
    const staff: DemoAdmin = { username: `e2eagent${STAMP}`, password: 'staff-e2e-123', name: 'E2E Agent Staff' };
    await api('/admin/system/add.do', {
      adminUtopia: staff.username,
      adminName: staff.name,
      password: staff.password,
      roleId: role.id,
      agentId: agent.id,
    });

    await withPage(
      browser,
      'users-agent-staff',
      async ({ page }) => {
        const T = TEXT['en-US'];
        await signIn(page, staff);
        await goto(page, '/userlist/index');
        await page.locator(`[data-testid="user-review-${created.id}"]`).waitFor();
        const phones = await page.locator('[data-testid="user-list"] .ant-table-tbody tr.ant-table-row').allInnerTexts();
        assert.equal(phones.length, 1);
        assert.ok(phones[0]!.includes(userPhone));
        await page.locator('[data-testid="user-list"] .ant-pagination-total-text', { hasText: T.total(1) }).waitFor();
        await shot(page, 'users-agent-staff', 'en-US');
        // the agent list shows its own agent only
        await goto(page, '/userlist/agentlist');
        await page.locator('[data-testid="agent-list"] .ant-table-row', { hasText: agentName }).waitFor();
        assert.equal(await page.locator('[data-testid="agent-list"] .ant-table-tbody tr.ant-table-row').count(), 1);
      },
      { lang: 'en-US' },
    );
  });

  it('bank cards (masked), batch lock and export (zh-CN)', async () => {
    const u = (await users({ accountType: 0, realState: 2, phone: '13' })).list.find((x) => x.realName)!;
    const banks = await api<{ cardNo: string }[]>('/admin/user/getBank.do', { userId: u.id });
    await withPage(
      browser,
      'users-banks',
      async ({ page }) => {
        await signIn(page, DEMO.admin);
        await goto(page, '/userlist/index');
        await search(page, 'user-list', { phone: u.phone });
        await page.locator(`[data-testid="user-bank-${u.id}"]`).click();
        const m = page.locator('[data-testid="bank-modal"]');
        await m.waitFor();
        if (banks.length) await m.locator('.ant-table-row').first().waitFor();
        const text = await m.innerText();
        for (const b of banks) assert.ok(!text.includes(b.cardNo), 'no full card number on the list');
        await page.locator('[data-testid="bank-add"]').click();
        const f = modal(page, '添加银行卡');
        await f.waitFor();
        await formItem(f, '开户银行').locator('input').fill('招商银行');
        await formItem(f, '银行卡号')
          .locator('input')
          .fill(`6225 8801 ${STAMP.padStart(8, '0').slice(0, 4)} ${STAMP.padStart(8, '0').slice(4)}`);
        await formItem(f, '持卡人').locator('input').fill(u.realName!);
        await f.locator('.ant-btn-primary').click();
        await expectMessage(page, '添加成功');
        const row = m.locator('.ant-table-row', { hasText: `6225 **** **** ${STAMP.slice(-4)}` });
        await row.waitFor();
        await shot(page, 'users-banks', 'zh-CN');
        await row.locator('[data-testid^="bank-delete-"]').click();
        await confirmPop(page);
        await expectMessage(page, '删除成功');
        await row.waitFor({ state: 'detached' });
        await page.locator('.ant-modal-wrap:not([style*="none"]) .ant-modal-close').first().click();
        await m.waitFor({ state: 'hidden' });

        // batch: lock the login of two users, then unlock one with its switch
        await page.locator('[data-testid="user-list"] .ant-pro-query-filter button', { hasText: /重\s*置/ }).click();
        const rows = page.locator('[data-testid="user-list"] .ant-table-tbody tr.ant-table-row');
        await rows.nth(1).waitFor();
        const ids = (await rows.evaluateAll((trs) => trs.slice(0, 2).map((tr) => tr.getAttribute('data-row-key')))).map(Number);
        for (let i = 0; i < 2; i++) await rows.nth(i).locator('.ant-checkbox-input').check();
        await page.locator('[data-testid="user-batch"] a', { hasText: '锁定登录' }).click();
        await confirmPop(page);
        await expectMessage(page, '更新成功');
        for (const id of ids) await page.locator(`[data-testid="user-loginlock-${id}"].ant-switch-checked`).waitFor();
        await page.locator(`[data-testid="user-loginlock-${ids[0]}"]`).click();
        await page.locator(`[data-testid="user-loginlock-${ids[0]}"]:not(.ant-switch-checked)`).waitFor();
        await page.locator(`[data-testid="user-loginlock-${ids[1]}"]`).click();
        await page.locator(`[data-testid="user-loginlock-${ids[1]}"]:not(.ant-switch-checked)`).waitFor();

        // export of the filtered list
        await search(page, 'user-list', { phone: u.phone });
        await rows.first().waitFor();
        const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid="user-export"]').click()]);
        assert.match(download.suggestedFilename(), /\.csv$/);
        const body = await (await download.createReadStream()).toArray();
        const csv = Buffer.concat(body).toString('utf8');
        assert.ok(csv.includes(u.phone));
        assert.equal(csv.trim().split('\n').length, 2, 'header + the one filtered user');
      },
      { lang: 'zh-CN' },
    );
  });

  it('refuses to delete an agent that still has users, with the server message (zh-CN)', async () => {
    const agent = (
      await api<{ list: { id: number; name: string; userCount: number }[] }>('/admin/agent/list.do', { parentId: 0 })
    ).list.find((a) => a.userCount > 0)!;
    await withPage(
      browser,
      'users-agent-delete',
      async ({ page }) => {
        await signIn(page, DEMO.admin);
        await goto(page, '/userlist/agentlist');
        await page.locator(`[data-testid="agent-delete-${agent.id}"]`).click();
        await confirmPop(page);
        await page.locator('.ant-message-notice', { hasText: /该代理下还有 \d+ 个(用户|下级代理)，不能删除/ }).waitFor();
        assert.ok((await api<{ list: unknown[] }>('/admin/agent/list.do', { name: agent.name })).list.length >= 1);
      },
      { lang: 'zh-CN' },
    );
  });
});
