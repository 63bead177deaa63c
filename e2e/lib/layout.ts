/**
 * Page-layout probes for the layout suite (e2e/specs/layout.spec.ts): they read the visible tab pane of the
 * shell, never the header or menu. The functions handed to `page.evaluate` hold no named functions (tsx would
 * wrap them in a helper the page does not have), hence the loops written out.
 */
import { closeNotices, type Lang, type Page } from './index.ts';

/**
 * Latin words allowed in zh-CN: codes, units, formats and proper names (GZMT is the pinyin-initials example
 * of a search placeholder; sh/sz/bj the exchange prefixes of stock codes).
 */
export const LATIN_OK = [
  'GZMT',
  'ID',
  'IP',
  'CSV',
  'API',
  'URL',
  'PC',
  'iOS',
  'APNs',
  'SMS',
  'Google',
  'K',
  'P/E',
  'UA',
  'App',
  'PnL',
  'VIP',
  'ST',
  'sh',
  'sz',
  'bj',
  'PNG',
  'JPEG',
  'GIF',
  'WebP',
  'KB',
  'MB',
  'A',
  'UTC',
  'Android',
  // Apple's own names on the iOS push page, given beside the Chinese so that operators find them in Apple's console
  'Apple',
  'Developer',
  'Sandbox',
  'Production',
  'Device',
  'Token',
  'Key',
  'Team',
  'Bundle',
];

type PaneFinder = { __layoutPane: (path: string) => HTMLElement };

/**
 * Installs the page-side finder of a route's tab pane (keyed by path + query), shown, on every document
 * of the page: call before signing in. Not shown yet: an empty, detached element (nothing to measure).
 * Plain script text, so that the test's compiler adds nothing to it.
 */
export const installLayoutProbes = (page: Page): Promise<unknown> =>
  page.addInitScript({
    content: `window.__layoutPane = function (path) {
      return Array.from(document.querySelectorAll('.shell-pane')).find(function (p) {
        var k = p.getAttribute('data-tab-key') || '';
        return (k === path || k.indexOf(path + '?') === 0) && p.getBoundingClientRect().height > 0;
      }) || document.createElement('div');
    };`,
  });

export interface Layout {
  /** Widths of the search form's fields shown. */
  fields: number[];
  /** Right edge of the search buttons. */
  buttonsRight: number;
  /** How far the page itself scrolls sideways. */
  pageOverflow: number;
  /** The table is wider than its box (it scrolls inside it). */
  tableScrolls: boolean;
  /** …and says so: the shadow of the fixed right column, or a scroll bar. */
  scrollShown: boolean;
}

/**
 * Waits until the route's pane has rendered and nothing in it is loading (`list`: its table or empty state is
 * there too), or the route sent the page elsewhere.
 */
export async function settle(page: Page, path: string, list: boolean): Promise<void> {
  await page.waitForFunction(
    ([path, needTable]) => {
      if (!window.location.hash.startsWith(`#${path}`)) return true; // sent elsewhere (not granted, not found): the caller says so
      const pane = (window as unknown as PaneFinder).__layoutPane(path);
      return (
        pane.isConnected &&
        !!pane.firstElementChild &&
        (!needTable || !!pane.querySelector('.ant-table-tbody, .ant-empty')) &&
        !pane.querySelector('.ant-spin-spinning, .ant-skeleton-active, .page-loading')
      );
    },
    [path, list] as const,
    { timeout: 15_000 },
  );
  await page.waitForTimeout(300);
}

/**
 * Closes every tab but the one shown, by their close buttons (×), as an operator tidies the bar. The list sweeps call
 * it after each page: a page kept alive behind the shown one (the shell keeps eight) stays in the document with its
 * whole table, and an axe scan walks the whole document — with eight kept, a scan of one list page took 2.5 times as
 * long (1,900 against 750 ms at 1440 px on the AMD host, 2026-12-05) for nothing it could report (a hidden pane is
 * not scanned). The shell's other pages are still visited with the tabs piling up (lib/layoutSuite.ts).
 */
export async function closeOtherTabs(page: Page): Promise<void> {
  const others = page.locator('[data-testid="tab-bar"] .ant-tabs-tab:not(.ant-tabs-tab-active) .ant-tabs-tab-remove');
  for (let i = 0; i < 20 && (await others.count()); i++) {
    // on a phone a live notice's stack lies over the tab bar and takes the click (CI, 2026-12-07: 30 s lost, test
    // failed): close the notices first, as an operator would
    await closeNotices(page);
    await others
      .first()
      .click({ timeout: 5000 })
      .catch(async () => {
        await closeNotices(page); // another notice came in between
        await others.first().click();
      });
  }
  await page.waitForFunction(() => document.querySelectorAll('.shell-pane').length <= 1, undefined, { timeout: 5000 });
}

/** Measures the visible pane: the search form, sideways overflow, the table's own scrolling. */
export const measure = (page: Page, path: string): Promise<Layout> =>
  page.evaluate((path) => {
    const pane = (window as unknown as PaneFinder).__layoutPane(path);
    const q = pane.querySelector('.ant-pro-query-filter');
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
    const tableScrolls = !!body && body.scrollWidth > body.clientWidth + 1;
    return {
      fields,
      buttonsRight: Math.max(0, ...buttons.map((b) => Math.round(b.getBoundingClientRect().right))),
      pageOverflow: document.scrollingElement!.scrollWidth - window.innerWidth,
      tableScrolls,
      scrollShown: tableScrolls && (!!pane.querySelector('.ant-table-ping-right') || body!.offsetHeight > body!.clientHeight),
    };
  }, path);

/**
 * Table cells whose content does not fit (the first ten rows and the header), measured by the extent of their
 * content against the cell's inner width. A header is never cut; a body cell may be cut only when it is long
 * text (more than `shortText` characters) shown with an ellipsis and its whole text on hover (a title).
 */
export const cutCells = (page: Page, path: string, shortText = 16): Promise<string[]> =>
  page.evaluate(
    ([path, short]) => {
      const pane = (window as unknown as PaneFinder).__layoutPane(path);
      const out: string[] = [];
      const cells = [
        ...pane.querySelectorAll('.ant-table-thead th'),
        ...[...pane.querySelectorAll('.ant-table-tbody tr.ant-table-row')]
          .slice(0, 10)
          .flatMap((tr) => [...tr.querySelectorAll(':scope > td')]),
      ] as HTMLElement[];
      for (const cell of cells) {
        const text = cell.innerText.trim();
        // a switch holds both of its labels, one slid out of sight
        if (!text || cell.classList.contains('ant-table-selection-column') || cell.querySelector('.ant-switch')) continue;
        const range = document.createRange();
        range.selectNodeContents(cell);
        const cs = getComputedStyle(cell);
        const room = cell.getBoundingClientRect().width - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
        const need = range.getBoundingClientRect().width;
        const header = cell.tagName === 'TH';
        // a header word broken over two lines ("Levera / ge", "持仓 / 编号"): one word, line boxes at two heights
        if (header) {
          const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            const word = (n.textContent ?? '').trim();
            if (!word || /\s/.test(word)) continue;
            const r = document.createRange();
            r.selectNodeContents(n);
            if (new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size > 1)
              out.push(`header word "${word}" broken over lines`);
          }
        }
        if (need <= room + 1) continue;
        const col = header
          ? text
          : (
              pane.querySelectorAll('.ant-table-thead th')[(cell as HTMLTableCellElement).cellIndex] as HTMLElement | undefined
            )?.innerText.trim();
        const hinted = cell.classList.contains('ant-table-cell-ellipsis') && (!!cell.title || !!cell.querySelector('[title]'));
        if (header) out.push(`header "${text}" needs ${Math.round(need)} px, has ${Math.round(room)}`);
        else if (!hinted)
          out.push(
            `"${col}": "${text.slice(0, 30)}" cut without an ellipsis and its text on hover (${Math.round(need)} px, has ${Math.round(room)})`,
          );
        else if (text.length <= short) out.push(`"${col}": "${text}" is short but cut (${Math.round(need)} px, has ${Math.round(room)})`);
      }
      return [...new Set(out)];
    },
    [path, shortText] as const,
  );

/**
 * Words of the other language in the visible pane's own texts — everything shown but the table rows and
 * what is marked `translate="no"` (user data: names, stock names, notes): Latin words in zh-CN but for the
 * allow-list, Chinese characters in en-US. Placeholders count too.
 */
export const foreignWords = (page: Page, path: string, lang: Lang): Promise<string[]> =>
  page.evaluate(
    ([path, zh, ok]) => {
      const pane = (window as unknown as PaneFinder).__layoutPane(path);
      const texts: string[] = [];
      const walker = document.createTreeWalker(pane, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        if (!el || el.closest('.ant-table-tbody, [translate="no"], script, style')) continue;
        if (!el.getClientRects().length) continue; // not rendered
        texts.push(n.textContent ?? '');
      }
      for (const e of pane.querySelectorAll('input[placeholder], textarea[placeholder]')) texts.push((e as HTMLInputElement).placeholder);
      const allowed = new Set(ok as string[]);
      const out = new Set<string>();
      for (const text of texts) {
        if (!zh) for (const w of text.match(/[\u4e00-\u9fff]+/g) ?? []) out.add(w);
        // a token with a digit, dot, underscore or @ is a code or an example of one (AuthKey_ABC.p8, com.example.app)
        if (zh)
          for (const token of text.split(/[\s\u3000-\u303f\uff00-\uffef,;:!?()]+/))
            if (!/[0-9._@]/.test(token)) for (const w of token.match(/[A-Za-z][A-Za-z/]*/g) ?? []) if (!allowed.has(w)) out.add(w);
      }
      return [...out];
    },
    [path, lang === 'zh-CN', LATIN_OK] as const,
  );

/**
 * Pieces of a page broken by a narrow screen: a card title cut short, a figure (statistic) broken over lines,
 * a control sticking out of its card (or of the page) on the right.
 */
export const brokenPieces = (page: Page, path: string): Promise<string[]> =>
  page.evaluate((path) => {
    const pane = (window as unknown as PaneFinder).__layoutPane(path);
    const out: string[] = [];
    for (const e of pane.querySelectorAll('.ant-card-head-title') as NodeListOf<HTMLElement>)
      if (e.scrollWidth > e.clientWidth + 1) out.push(`card title "${e.innerText}" cut (${e.scrollWidth} px, has ${e.clientWidth})`);
    for (const e of pane.querySelectorAll('.ant-statistic-content') as NodeListOf<HTMLElement>) {
      const line = parseFloat(getComputedStyle(e).lineHeight) || parseFloat(getComputedStyle(e).fontSize) * 1.6;
      if (e.getBoundingClientRect().height > line * 1.5) out.push(`figure "${e.innerText.replace(/\s+/g, ' ')}" broken over lines`);
    }
    for (const e of pane.querySelectorAll(
      '.ant-card, .ant-form-item, .ant-segmented, .ant-radio-group, button',
    ) as NodeListOf<HTMLElement>) {
      if (!e.getClientRects().length || e.closest('.ant-table-content, .ant-table-body, .ant-tabs-nav')) continue;
      // the box it must stay in: its card's padded body, else the pane
      const box = (e.parentElement?.closest('.ant-card-body') as HTMLElement | null) ?? pane;
      const right = box.getBoundingClientRect().right - parseFloat(getComputedStyle(box).paddingRight);
      // what a scrolling or clipping ancestor inside the box hides is not sticking out
      let shown = e.getBoundingClientRect().right;
      for (let a = e.parentElement; a && a !== box; a = a.parentElement)
        if (getComputedStyle(a).overflowX !== 'visible') shown = Math.min(shown, a.getBoundingClientRect().right);
      const over = shown - right;
      if (over > 1) out.push(`${e.className.split(' ')[0]} "${e.innerText.slice(0, 20)}" sticks out by ${Math.round(over)} px`);
    }
    return [...new Set(out)];
  }, path);
