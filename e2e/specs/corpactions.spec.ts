// Corporate actions in the browser (issue 62): an operator imports the exchange's announcement file — every bad row
// named with its column, nothing entered, the submit button off — then a clean one, which waits for a second
// administrator (corporate.action is on until written, even in the browser suite's demo); approved, its actions are in
// the list with the exchange's short form. The import with its per-row errors is shot at 1440 and 390 px in both
// languages (the list, the runs and the adjustments pages are shot by layout.spec.ts).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { apiLogin, DEMO, goto, launch, signIn, withPage, type Browser, type Lang, type Page } from '../lib/index.ts';
import { shot } from '../lib/antd.ts';
import { api, apiSignInSuper } from '../lib/users.ts';

let browser: Browser;
let code = '';
interface Action {
  id: number;
  code: string;
  exDate: string;
  plan: string;
  status: string;
}

// weekdays the exchange trades in December 2026, after the demo's own actions' days
const RECORD = '2026-12-21';
const EX = '2026-12-22';

before(async () => {
  browser = await launch();
  await apiSignInSuper();
  // a demo stock with no action yet: the file's rows are its
  const stocks = await api<{ list: { code: string }[] }>('/admin/stock/list.do', { pageNum: 1, pageSize: 50 });
  const taken = new Set(
    (await api<{ list: Action[] }>('/admin/corpaction/list.do', { pageNum: 1, pageSize: 100 })).list.map((a) => a.code),
  );
  code = stocks.list.map((s) => s.code).find((c) => !taken.has(c) && /^\d{6}$/.test(c.replace(/^(sh|sz)/, '')))!;
  assert.ok(code, 'a demo stock without a corporate action');
  code = code.replace(/^(sh|sz)/, '');
});
after(async () => {
  await browser?.close();
});

const csv = (lines: string[]) => ({
  name: '分红送转公告.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(['代码,登记日,除权除息日,派息,送股,转增', ...lines].join('\n'), 'utf8'),
});
const BAD = () =>
  csv([
    `${code},${RECORD},${EX},5,0,0`, // 10派5元: right
    `688999,${RECORD},${EX},5,,`, // no such stock
    `${code},${RECORD},${EX},3,,`, // the same stock and ex-date as line 2
    `${code},${EX},${RECORD},5,,`, // the ex-date before the record date
  ]);

async function openImport(page: Page, file: ReturnType<typeof csv>) {
  await goto(page, '/corpactions/index');
  await page.locator('[data-testid="corp-import"]').click();
  await page.locator('.ant-modal-content input[type="file"]').setInputFiles(file);
  await page.locator('[data-testid="corp-import-rows"] .ant-table-row').first().waitFor();
}

const ERRORS: Record<Lang, string[]> = {
  'zh-CN': ['688999 不存在', '与第 2 行是同一股票同一除权除息日', '须晚于股权登记日'],
  'en-US': ['688999', 'must come after the record date'],
};

describe('corporate actions', () => {
  for (const [lang, viewport] of [
    ['zh-CN', { width: 1440, height: 900 }],
    ['en-US', { width: 1440, height: 900 }],
    ['zh-CN', { width: 390, height: 844 }],
    ['en-US', { width: 390, height: 844 }],
  ] as const) {
    it(`names each bad row of an announcement file by its column and enters nothing (${lang}, ${viewport.width} px)`, async () => {
      await withPage(
        browser,
        `corp-import-${lang}-${viewport.width}`,
        async ({ page }) => {
          await signIn(page, DEMO.admin);
          await openImport(page, BAD());
          const rows = page.locator('[data-testid="corp-import-rows"] .ant-table-row');
          assert.equal(await rows.count(), 4);
          const text = await page.locator('[data-testid="corp-import-rows"]').innerText();
          for (const e of ERRORS[lang]) assert.ok(text.includes(e), `"${e}" among the rows' problems:\n${text}`);
          // the good row is shown as it would be entered, and nothing can be submitted while a row is wrong
          assert.equal(await rows.first().locator('.ant-tag', { hasText: 'OK' }).count(), 1);
          assert.ok(await page.locator('[data-testid="corp-import-ok"]').isDisabled());
          // every problem is on screen at this width, not behind a sideways scroll
          const problems = page.locator('[data-testid="corp-import-rows"] .ant-typography-danger');
          assert.equal(await problems.count(), 3);
          for (const box of await Promise.all((await problems.all()).map((p) => p.boundingBox())))
            assert.ok(box && box.x >= 0 && box.x + box.width <= viewport.width + 1, `a problem cut off at ${viewport.width} px`);
          await page.locator('[data-testid="corp-import-rows"]').scrollIntoViewIfNeeded();
          await shot(page, `corpactions-import-errors-${viewport.width}`, lang);
        },
        { lang, viewport },
      );
    });
  }

  it('enters a clean file only once a second administrator approves it', async () => {
    const clean = csv([`${code},${RECORD},${EX},5,0,0`, `${code},2026-12-28,2026-12-29,0,10,0`]);
    await withPage(
      browser,
      'corp-import-clean',
      async ({ page }) => {
        await signIn(page, DEMO.admin);
        await openImport(page, clean);
        const ok = page.locator('[data-testid="corp-import-ok"]');
        assert.ok(!(await ok.isDisabled()));
        await ok.click();
        await page.locator('.ant-notification-notice', { hasText: '已提交复核，等待另一位管理员批准' }).waitFor();
      },
      { lang: 'zh-CN', viewport: { width: 1440, height: 900 } },
    );
    // held: nothing entered yet
    const mine = () => api<{ list: Action[] }>('/admin/corpaction/list.do', { code, pageNum: 1, pageSize: 20 });
    assert.equal((await mine()).list.length, 0);

    // a second administrator approves it: both rows entered, once
    const finance = await apiLogin(DEMO.finance);
    const pending = await api<{ list: { id: number; operation: string; status: string }[] }>(
      '/admin/approval/list.do',
      { status: 'pending', pageNum: 1, pageSize: 50 },
      finance,
    );
    const request = pending.list.find((r) => r.operation === 'corporate.action');
    assert.ok(request, 'the import waits in the approval queue');
    await api('/admin/approval/decide.do', { id: request.id, approve: 'true' }, finance);
    const entered = (await mine()).list.sort((a, b) => a.exDate.localeCompare(b.exDate));
    assert.deepEqual(
      entered.map((a) => [a.exDate, a.plan, a.status]),
      [
        [EX, '10派5元', 'scheduled'],
        ['2026-12-29', '10送10', 'scheduled'],
      ],
    );

    await withPage(
      browser,
      'corp-list',
      async ({ page }) => {
        await signIn(page, DEMO.admin);
        await goto(page, '/corpactions/index');
        await page.locator('.ant-table-row', { hasText: code }).first().waitFor();
        await shot(page, 'corpactions-list-after-import', 'en-US');
      },
      { lang: 'en-US', viewport: { width: 1440, height: 900 } },
    );
  });
});
