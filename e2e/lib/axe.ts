/**
 * axe-core (the field's standard accessibility engine) run in the page (issue 65): WCAG 2.0/2.1/2.2 A and AA rules,
 * the serious and critical violations kept. The engine is evaluated through the DevTools protocol, which the
 * console's Content-Security-Policy does not apply to (a script tag would be refused, as it should be).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from './index.ts';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * What antd renders that cannot be mended from outside, each narrow and named with its upstream report:
 * - the Table's measure row (`tr.ant-table-measure-row`, aria-hidden with tabindex −1, under a fixed or sticky
 *   header): react-component/table#1346 ("improve measurerow a11y experience", not released in antd 5.29);
 * - the Tabs' overflow button (`…` with aria-controls) rendered inside `role=tablist`, which then owns a child that is
 *   not a tab: ant-design/ant-design#49502, react-component/tabs#1013. Only that rule on a Tabs' nav is left out;
 * - a required Form.Item's `aria-required` put on the root `div` of a Select or a Radio.Group (not on its combobox
 *   or its radios): ant-design/ant-design#46030 and #49508 (fixed in antd 6). Only that attribute there is left out.
 */
const EXCLUDE = ['.ant-table-measure-row'];
const EXCEPTIONS: { rule: string; node: RegExp }[] = [
  { rule: 'aria-required-children', node: /^<div role="tablist"[^>]*class="ant-tabs-nav"/ },
  {
    rule: 'aria-allowed-attr',
    node: /^<div [^>]*class="ant-(select|radio-group) [^"]*"[^>]* aria-required="true"|^<div [^>]*aria-required="true"[^>]*class="ant-(select|radio-group) /,
  },
];

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  /** CSS paths of the first nodes (at most 5) */
  nodes: string[];
  count: number;
}

/**
 * Something the operator sees is busy: a button or a table loading, a skeleton. Only what is on screen counts: a tab
 * kept alive behind the one shown (the shell's cache of eight) keeps the last frame it drew, a table's spinner
 * included, until it is shown again, and waiting on it only ran the scan's ten seconds out.
 */
const BUSY = '.ant-btn-loading, .ant-spin-spinning, .ant-skeleton-active';

/**
 * The serious and critical violations of the page as it stands (the shell and its open dialogs included), once
 * nothing in it is loading. A scan that finds something is repeated once the page is quiet again, and the second
 * answer stands: a list refetched by a live notice shows its search button loading (faded, inactive) for a moment,
 * and a failure that exists only in that moment is not the page's. A real failure is in both scans.
 */
export async function axeScan(page: Page, opts: ScanOptions = {}): Promise<AxeFinding[]> {
  const first = await scanOnce(page, opts);
  return first.length ? scanOnce(page, opts) : first;
}

interface ScanOptions {
  rules?: Record<string, { enabled: boolean }>;
  /** Only what this selector matches (an open dialog: what it adds to a page already scanned), not the document. */
  include?: string;
}

async function scanOnce(page: Page, opts: ScanOptions): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  await page
    .waitForFunction((busy) => !Array.from(document.querySelectorAll(busy)).some((e) => e.getClientRects().length), BUSY, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  await page.waitForTimeout(250);
  const found = await page.evaluate(
    async ({ tags, exclude, rules, include }) => {
      const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: unknown[] }> } }).axe;
      const r = await axe.run(
        { include: include ? [[include]] : [document], exclude: exclude.map((e) => [e]) },
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], rules },
      );
      return r.violations as {
        id: string;
        impact: string;
        help: string;
        nodes: { target: string[]; html: string; any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } }[] }[];
      }[];
    },
    { tags: WCAG_TAGS, exclude: EXCLUDE, rules: opts.rules ?? {}, include: opts.include },
  );
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ ...v, nodes: v.nodes.filter((n) => !EXCEPTIONS.some((x) => x.rule === v.id && x.node.test(n.html))) }))
    .filter((v) => v.nodes.length)
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => {
        const d = n.any[0]?.data;
        // a contrast failure names its colours, so that a report says what to change
        return n.target.join(' ') + (d?.contrastRatio ? ` ${d.fgColor} on ${d.bgColor} = ${d.contrastRatio}` : '');
      }),
      count: v.nodes.length,
    }));
}

/** One line per finding: `<where>: <rule> ×<count> (<first node>)`. */
export const describeFindings = (where: string, f: AxeFinding[]): string[] =>
  f.map((v) => `${where}: ${v.rule} ×${v.count} (${v.nodes[0]})`);
