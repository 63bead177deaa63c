// Users, agents and the ledger screens (issue 5), continued from users.spec.ts (runs right before this file):
// agents and their staff, bank cards, batch lock and export, deleting an agent.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO, goto, launch, signIn, withPage, type Browser, type DemoAdmin } from '../lib/index.ts';
import { expectMessage, modal, shot } from '../lib/antd.ts';
import { api, apiSignInSuper, confirmPop, formItem, pickSearch, search, TEXT, users } from '../lib/users.ts';

let browser: Browser;
const STAMP = String(Date.now()).slice(-7);

before(async () => {
  browser = await launch();
  await apiSignInSuper();
});
after(async () => {
  await browser?.close();
});

// ---------- tests ----------

describe('users, agents and fund records', () => {
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
        // the menu offers agent staff only what their role may do: positions to read, no page to create one (issue 39)
        await page.locator('.ant-pro-sider .ant-menu-submenu-title', { hasText: 'Positions' }).click();
        await page.locator('.ant-pro-sider .ant-menu-item', { hasText: 'Buy orders' }).waitFor();
        assert.equal(await page.locator('.ant-pro-sider .ant-menu-item', { hasText: 'Create position' }).count(), 0);
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
        // the row says it is locked; its switch is in the row's expansion (the lock columns start hidden)
        for (const [i, id] of ids.entries()) {
          await page.locator(`[data-testid="user-locks-${id}"]`, { hasText: '登录已锁定' }).waitFor();
          await rows.nth(i).locator('.ant-table-row-expand-icon').click();
          await page.locator(`[data-testid="user-loginlock-${id}"].ant-switch-checked`).waitFor();
        }
        await page.locator(`[data-testid="user-loginlock-${ids[0]}"]`).click();
        await page.locator(`[data-testid="user-loginlock-${ids[0]}"]:not(.ant-switch-checked)`).waitFor();
        await page.locator(`[data-testid="user-loginlock-${ids[1]}"]`).click();
        await page.locator(`[data-testid="user-loginlock-${ids[1]}"]:not(.ant-switch-checked)`).waitFor();
        await page.locator(`[data-testid="user-locks-${ids[1]}"]`).waitFor({ state: 'detached' });

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
