import { closeNotices, goto, route, screenshot, type Lang, type Locator, type Page } from './index.ts';
import { settle } from './layout.ts';
import { axeScan, describeFindings } from './axe.ts';

/**
 * Issue 65: the dialogs and drawers that open from a list page pass axe-core (no serious or critical WCAG 2.2 A/AA
 * violation in what they add to the page, which the caller has scanned already), take the focus, fit the screen and
 * close by Escape. The sweep opens what an operator opens most: every toolbar button that adds, imports, sends or
 * assigns, the first row's edit, and the filter drawer where the list has one (phone width). Only buttons that open a
 * form are pressed, and every form is closed unsaved, so the demo data is left as it was. The layout suite runs it on
 * every list page, in each language at each width.
 */

/** The toolbar buttons that open a form (never one that acts at once: those ask first, and are pressed elsewhere). */
const OPENS_A_FORM = /^\s*(新增|添加|新建|导入|发送|创建|分配|Add|New|Import|Send|Create|Assign)/;
const EDIT = /^\s*(编辑|Edit)\s*$/;
const OPEN_DIALOG = '.ant-modal-wrap:not([style*="display: none"]), .ant-drawer-open';

const openDialogs = (page: Page) => page.locator(OPEN_DIALOG).filter({ visible: true }).count();

/**
 * Presses `opener`; when a dialog or drawer opens, scans it and closes it. Returns the problems, or null when nothing
 * opened (the button went to another page, or opens nothing here).
 */
async function sweepOne(page: Page, opener: Locator, name: string, shot: string, lang: Lang): Promise<string[] | null> {
  const before = await openDialogs(page);
  // a live notice's stack can lie over the toolbar (on a phone, over the whole top of the page) and take the click
  await closeNotices(page);
  const pressed = await opener
    .click({ timeout: 5000 })
    .then(() => true)
    .catch(() => false);
  if (!pressed) return [`${name}: cannot be pressed (something covers it)`];
  const opened = await page
    .waitForFunction(
      ([sel, n]) =>
        Array.from(document.querySelectorAll(sel)).filter(
          (e) => (e as HTMLElement).offsetParent || (e as HTMLElement).getClientRects().length,
        ).length > n,
      [OPEN_DIALOG, before] as const,
      { timeout: 2500 },
    )
    .then(() => true)
    .catch(() => false);
  if (!opened) return null;
  // the one just opened: scanned on its own (its form's labels, names and contrast), once its content has loaded
  await page.evaluate((sel) => {
    const all = Array.from(document.querySelectorAll(sel)).filter((e) => (e as HTMLElement).getClientRects().length);
    document.querySelectorAll('[data-axe-scope]').forEach((e) => e.removeAttribute('data-axe-scope'));
    all.at(-1)?.setAttribute('data-axe-scope', '');
  }, OPEN_DIALOG);
  await page.waitForTimeout(300);
  const problems = describeFindings(`${name} (axe)`, await axeScan(page, { include: '[data-axe-scope]' }));
  // it fits the screen, nothing of it cut off at either side (a page wider than a phone widens the layout viewport,
  // so the screen's width is the measure)
  const box = await page.evaluate(() => {
    const e = document.querySelector('[data-axe-scope] .ant-modal, [data-axe-scope] .ant-drawer-content-wrapper');
    const r = e?.getBoundingClientRect();
    return r ? { left: Math.round(r.left), right: Math.round(r.right), width: Math.min(window.innerWidth, screen.width) } : null;
  });
  if (box && (box.left < -1 || box.right > box.width + 1))
    problems.push(`${name}: spans ${box.left}–${box.right} px of a ${box.width} px screen`);
  const focused = await page.evaluate(() => !!document.activeElement?.closest('[data-axe-scope]'));
  if (!focused) problems.push(`${name}: the focus stayed outside the dialog`);
  await screenshot(page, shot, lang);
  await page.keyboard.press('Escape');
  const closed = () =>
    page
      .waitForFunction(
        (sel) => {
          // a closed modal's wrap is hidden; a closed drawer's root stays, without its open class
          const e = document.querySelector('[data-axe-scope]');
          return !e || !e.matches(sel) || !e.getClientRects().length;
        },
        OPEN_DIALOG,
        { timeout: 3000 },
      )
      .then(() => true)
      .catch(() => false);
  if (!(await closed())) {
    await page.locator('[data-axe-scope] .ant-modal-close, [data-axe-scope] .ant-drawer-close').first().click({ timeout: 5000 });
    if (!(await closed())) problems.push(`${name}: neither Escape nor its close button closed it`);
  }
  return problems;
}

/** Sweeps the dialogs of the list page open at `path`; `scanned` counts those that opened. */
export async function sweepDialogs(page: Page, path: string, width: number, lang: Lang): Promise<{ problems: string[]; scanned: number }> {
  const problems: string[] = [];
  let scanned = 0;
  const pane = page.locator(`.shell-pane[data-tab-key^="${path}"]`).filter({ visible: true });
  const openers: { locator: Locator; name: string }[] = [];
  const toolbar = pane
    .locator('.ant-pro-table-list-toolbar-right button, .ant-pro-table-list-toolbar button')
    .filter({ visible: true, hasText: OPENS_A_FORM });
  for (let i = 0; i < (await toolbar.count()); i++)
    openers.push({ locator: toolbar.nth(i), name: `${path} “${(await toolbar.nth(i).innerText()).trim()}”` });
  const edit = pane.locator('a, button').filter({ visible: true, hasText: EDIT }).first();
  if (await edit.count()) openers.push({ locator: edit, name: `${path} first row’s edit` });
  const filters = pane.locator('[data-testid="list-filters"]').filter({ visible: true });
  if (await filters.count()) openers.push({ locator: filters, name: `${path} filter drawer` });
  for (const [i, o] of openers.entries()) {
    const found = await sweepOne(page, o.locator, `${o.name} at ${width} px`, `dialog${path.replaceAll('/', '-')}-${i}-${width}`, lang);
    if (found) {
      scanned++;
      problems.push(...found);
    }
    // a button that went to another page: back to this one for the next
    if (!route(page).startsWith(path)) {
      await goto(page, path);
      await settle(page, path, true);
    }
  }
  return { problems, scanned };
}
