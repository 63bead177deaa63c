// Users, agents and the ledger screens (issue 5): 用户列表, 代理列表, 资金记录, 资金互转记录 — the pages, real-name
// reviews and balance adjustments; agents, bank cards, batch lock and export are in users_agents.spec.ts (runs right after).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO, goto, launch, signIn, withPage, type Browser } from '../lib/index.ts';
import { expectMessage, shot } from '../lib/antd.ts';
import { api, apiSignInSuper, confirmPop, plusCents, search, TEXT, users, type User } from '../lib/users.ts';

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

  it('applies a balance adjustment once when its first answer is lost: the console retries with the same key (issue 47)', async () => {
    const u = (await users({ accountType: 0, realState: 2, sortField: 'enableAmt', sortOrder: 'desc' })).list[1]!;
    await withPage(
      browser,
      'users-adjust-retry',
      async ({ page }) => {
        const keys: string[] = [];
        let lost = 0;
        // the first answer is dropped after the server acted on the request; the retry goes through
        await page.route('**/admin/user/updateAmt.do', async (route) => {
          keys.push(route.request().headers()['idempotency-key'] ?? '');
          if (lost++ === 0) {
            const answered = await route.fetch();
            assert.equal(answered.status(), 200);
            return route.abort('failed');
          }
          return route.continue();
        });
        await signIn(page, DEMO.admin);
        await goto(page, '/userlist/index');
        await search(page, 'user-list', { phone: u.phone });
        await page.locator(`[data-testid="user-adjust-${u.id}"]`).click();
        await page.locator('[data-testid="user-adjust"]').waitFor();
        await page.locator('[data-testid="user-adjust-amount"]').fill('77.01');
        await page.locator('[data-testid="user-adjust-note"]').fill(`E2E retry ${STAMP}`);
        await page.locator('[data-testid="user-adjust-ok"]').click();
        await page.locator('[data-testid="user-adjust-confirm"]').waitFor();
        const afterFree = (await page.locator('[data-testid="user-adjust-after-enableAmt"]').innerText()).trim();
        await page.locator('[data-testid="user-adjust-ok"]').click();
        await expectMessage(page, `调整成功，可用资金 ${afterFree}`);
        assert.equal(keys.length, 2, keys.join(' | '));
        assert.match(keys[0]!, /^[0-9a-f]{32}$/);
        assert.equal(keys[1], keys[0]);
        // credited once: the free cash moved by 77.01, one fund record with the note
        const now = (await users({ phone: u.phone })).list[0]!;
        assert.equal(plusCents(now.enableAmt, '0', 1), plusCents(u.enableAmt, '77.01', 1));
        const records = await api<{ list: { note: string | null }[] }>('/admin/cash/list.do', { userId: u.id, pageNum: 1, pageSize: 50 });
        assert.equal(records.list.filter((r) => r.note === `E2E retry ${STAMP}`).length, 1);
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
});
