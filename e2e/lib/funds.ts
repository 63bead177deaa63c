// Helpers of the funds specs (issue 6): funds.spec.ts and funds_deposits.spec.ts.
import assert from 'node:assert/strict';
import { BASE_URL, type Locator, type Page } from './index.ts';
import { modal } from './antd.ts';

/** The open Popconfirm: asserts its title, then presses its OK button. */
export async function confirmPop(page: Page, title: string): Promise<void> {
  const pop = page.locator('.ant-popconfirm:not(.ant-popover-hidden)').last();
  await pop.waitFor();
  assert.equal((await pop.locator('.ant-popconfirm-title').innerText()).trim(), title);
  await pop.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
  await page.waitForFunction(() => !document.querySelector('.ant-popconfirm:not(.ant-popover-hidden)'));
}

/** Waits until a modal has gone (closing animation included). */
export async function modalGone(page: Page, title: string | RegExp): Promise<void> {
  await modal(page, title).waitFor({ state: 'hidden' });
}

/** Picks options of the open antd Select dropdown by their labels. */
export async function pickOptions(page: Page, select: Locator, labels: string[]): Promise<void> {
  await select.locator('.ant-select-selector').click();
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  for (const l of labels) await dropdown.locator('.ant-select-item-option', { hasText: l }).first().click();
  await page.keyboard.press('Escape');
}

/** Waits until a locator matches exactly `n` elements. */
export async function expectCount(l: Locator, n: number, timeout = 5000): Promise<void> {
  const end = Date.now() + timeout;
  let c = await l.count();
  while (c !== n && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
    c = await l.count();
  }
  assert.equal(c, n);
}

export const rows = (table: Locator) => table.locator('.ant-table-tbody > tr.ant-table-row');

export async function api<T>(token: string, path: string, body: Record<string, string> = {}, method: 'GET' | 'POST' = 'POST'): Promise<T> {
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
