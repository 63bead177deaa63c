import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { goto, launch, screenshot, signIn, switchLang, type Browser, type Lang, type Page } from '../lib/index.ts';

/**
 * Every list page at phone width (390 × 844) and on a laptop (1440 × 900), in both languages: the search
 * form collapses to one column with readable inputs and its buttons on screen, the page itself never
 * scrolls sideways (tables scroll inside their own box, which says so), and nothing is cut under a fixed
 * column header. Screenshots are written to e2e/screenshots/layout-<page>-<width>-<lang>.png.
 */
const LIST_PAGES = [
  '/userlist/index',
  '/userlist/agentlist',
  '/product/shares',
  '/product/index',
  '/position/financing',
  '/position/orderList',
  '/position/buyList',
  '/position/sellList',
  '/position/createList',
  '/capital/rechargelist',
  '/capital/withdrawallist',
  '/capital/fundrecords',
  '/capital/fundtransferrecord',
  '/capital/channallist',
  '/capital/layleringlist',
  '/logmanage/loginlog',
  '/logmanage/smslog',
  '/logmanage/scheduledtasks',
  '/logmanage/stationmessage',
  '/managesettings/managelist',
  '/managesettings/rolelist',
  '/risksetting/spreadsetting',
  '/newshares/newshareslist',
  '/newshares/newzhailist',
  '/newshares/newsharesrecord',
  '/newshares/newzhairecord',
  '/newshares/dazonglist',
  '/position/dzList',
  '/allsetting/noticesetting',
  '/allsetting/bannersetting',
  '/allsetting/activesetting',
  '/contractsettings/template',
  '/contractsettings/assign',
  '/contractsettings/list',
  '/account/push',
  '/account/pushlist',
];

/** Pages without a search form. */
const NO_SEARCH = new Set(['/allsetting/bannersetting', '/allsetting/activesetting', '/capital/layleringlist', '/logmanage/scheduledtasks', '/risksetting/spreadsetting', '/managesettings/rolelist']);

let browser: Browser;
before(async () => (browser = await launch()));
after(() => browser.close());

interface Layout {
  fields: number[];
  buttonsRight: number;
  pageOverflow: number;
  tableScrolls: boolean;
}

/**
 * Words of the page's own texts (column titles, form labels, buttons, placeholders, toolbar titles — not the
 * rows, which hold user data; GZMT is the pinyin-initials example of a search placeholder) that are in the other language: Latin words in zh-CN (but for the allow-list of
 * codes and proper names), Chinese characters in en-US.
 */
const LATIN_OK = new Set(['GZMT', 'ID', 'IP', 'CSV', 'API', 'URL', 'PC', 'iOS', 'APNs', 'SMS', 'Google', 'K', 'P/E', 'UA', 'App', 'PnL', 'VIP', 'ST', 'sh', 'sz', 'bj']);
const foreignWords = (page: Page, path: string, lang: Lang): Promise<string[]> =>
  page.evaluate(
    ([key, zh, ok]) => {
      const pane = document.querySelector(`.shell-pane[data-tab-key="${key}"]`) ?? document.body;
      const texts = [
        ...[...pane.querySelectorAll('th, .ant-form-item-label, button, .ant-pro-table-list-toolbar-title, .ant-select-selection-placeholder')]
          .filter((e) => !e.closest('.ant-table-tbody'))
          .map((e) => (e as HTMLElement).innerText),
        ...[...pane.querySelectorAll('input[placeholder]')].map((e) => (e as HTMLInputElement).placeholder),
      ];
      const allowed = new Set(ok as string[]);
      const out = new Set<string>();
      for (const text of texts) {
        if (zh) for (const w of text.match(/[A-Za-z][A-Za-z/]+/g) ?? []) if (!allowed.has(w)) out.add(w);
        if (!zh) for (const w of text.match(/[\u4e00-\u9fff]+/g) ?? []) out.add(w);
      }
      return [...out];
    },
    [path, lang === 'zh-CN', [...LATIN_OK]] as const,
  );

/** Measures the visible pane: widths of the search fields shown, where the search buttons end, sideways overflow. */
const measure = (page: Page, path: string): Promise<Layout> =>
  page.evaluate((key) => {
    const pane = document.querySelector(`.shell-pane[data-tab-key="${key}"]`) ?? document.body;
    const q = pane.querySelector('.ant-pro-query-filter');
    // no named functions in here: tsx would wrap them in a helper the page does not have
    const fields = q
      ? [...q.querySelectorAll('.ant-form-item')]
          .filter(
            (e) =>
              (e as HTMLElement).offsetParent !== null &&
              e.getBoundingClientRect().width > 0 &&
              !e.classList.contains('ant-pro-query-filter-actions'),
          )
          .map((e) => Math.round(e.getBoundingClientRect().width))
      : [];
    const buttons = q
      ? [...q.querySelectorAll('button')].filter((b) => b.offsetParent !== null && b.getBoundingClientRect().width > 0)
      : [];
    const body = pane.querySelector('.ant-table-body, .ant-table-content') as HTMLElement | null;
    return {
      fields,
      buttonsRight: Math.max(0, ...buttons.map((b) => Math.round(b.getBoundingClientRect().right))),
      pageOverflow: document.scrollingElement!.scrollWidth - window.innerWidth,
      tableScrolls: !!body && body.scrollWidth > body.clientWidth + 1,
    };
  }, path);

async function visit(page: Page, path: string) {
  await goto(page, path);
  // the list has answered: its table body is there and nothing in the pane is loading
  await page.waitForFunction(
    (key) => {
      const pane = document.querySelector(`.shell-pane[data-tab-key="${key}"]`);
      return (
        !!pane &&
        getComputedStyle(pane).display !== 'none' &&
        !!pane.querySelector('.ant-table-tbody, .ant-empty') &&
        !pane.querySelector('.ant-spin-spinning')
      );
    },
    path,
    { timeout: 15_000 },
  );
  await page.waitForTimeout(300);
}

for (const lang of ['zh-CN', 'en-US'] as Lang[]) {
  describe(`list pages (${lang})`, () => {
    it('at phone width: one-column search, buttons on screen, no sideways page scroll', async () => {
      const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: lang });
      const page = await ctx.newPage();
      try {
        await signIn(page);
        if (lang === 'en-US') await switchLang(page, 'en-US');
        const problems: string[] = [];
        for (const path of LIST_PAGES) {
          await visit(page, path);
          const m = await measure(page, path);
          await screenshot(page, `layout${path.replaceAll('/', '-')}-390`, lang);
          if (!m.fields.length && !NO_SEARCH.has(path)) problems.push(`${path}: no search field measured`);
          if (m.fields.some((w) => w < 300)) problems.push(`${path}: search fields ${m.fields.join('/')} px wide`);
          if (m.buttonsRight > 390) problems.push(`${path}: search buttons end at ${m.buttonsRight} px`);
          if (m.pageOverflow > 1) problems.push(`${path}: the page scrolls sideways by ${m.pageOverflow} px`);
        }
        assert.deepEqual(problems, []);
      } finally {
        await ctx.close();
      }
    });

    it('at 1440 px: no sideways page scroll; wide tables scroll in their own box; the page speaks one language', async () => {
      const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: lang });
      const page = await ctx.newPage();
      try {
        await signIn(page);
        if (lang === 'en-US') await switchLang(page, 'en-US');
        const problems: string[] = [];
        for (const path of LIST_PAGES) {
          await visit(page, path);
          const m = await measure(page, path);
          await screenshot(page, `layout${path.replaceAll('/', '-')}-1440`, lang);
          if (m.pageOverflow > 1) problems.push(`${path}: the page scrolls sideways by ${m.pageOverflow} px`);
          const foreign = await foreignWords(page, path, lang);
          if (foreign.length) problems.push(`${path}: words of the other language in the page's own texts: ${foreign.join(', ')}`);
          if (m.fields.some((w) => w < 200)) problems.push(`${path}: search fields ${m.fields.join('/')} px wide`);
        }
        assert.deepEqual(problems, []);
      } finally {
        await ctx.close();
      }
    });
  });
}
