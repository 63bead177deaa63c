// Helpers of the admins specs (issue 7): admins.spec.ts and admins_accounts.spec.ts.
// Note: `expectMessage` here matches a toast *containing* the text (or a RegExp), unlike the exact match of antd.ts.
import assert from 'node:assert/strict';
import { generate } from 'otplib';
import { BASE_URL, signIn, type DemoAdmin, type Page } from './index.ts';

/** A call to the API with a token (form body); answers the envelope and the HTTP status. */
export async function api(token: string, path: string, body: Record<string, unknown> = {}, json = false) {
  const r = await fetch(`${BASE_URL}${path}`, {
    method: 'POST',
    headers: { admintoken: token, 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded' },
    body: json ? JSON.stringify(body) : new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])),
  });
  const b = (await r.json()) as { status: number; msg: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  return { http: r.status, ...b };
}
export async function ok(token: string, path: string, body: Record<string, unknown> = {}, json = false) {
  const r = await api(token, path, body, json);
  assert.equal(r.status, 0, `${path}: ${r.msg}`);
  return r.data;
}

/** Creates an admin through the API (as the super-user) and returns its sign-in. */
export async function createAdmin(
  superToken: string,
  login: string,
  name: string,
  roleCode: string,
  password = 'Passw0rd!x',
): Promise<DemoAdmin> {
  const roles = await ok(superToken, '/admin/role/list.do', { pageSize: 100 });
  const role = roles.list.find((r: { code: string | null }) => r.code === roleCode);
  await ok(superToken, '/admin/system/add.do', { adminUtopia: login, adminName: name, password, roleId: role.id });
  return { username: login, password, name };
}

/** The 6-digit code of an otpauth URI's secret, `aheadS` seconds from now. */
export async function totp(uri: string, aheadS = 0): Promise<string> {
  const secret = new URL(uri).searchParams.get('secret')!;
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + aheadS });
}

/** Waits for a toast with this text (older toasts may still be showing). */
export async function expectMessage(page: Page, text: string | RegExp) {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
}

export const visible = '.ant-select-dropdown:not(.ant-select-dropdown-hidden)';
export async function pickOption(page: Page, inputSelector: string, text: string) {
  await page.locator(inputSelector).click();
  await page.locator(`${visible} .ant-select-item-option`, { hasText: text }).first().click();
}
export async function confirmPop(page: Page) {
  await page.locator('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-primary').click();
}
/** Titles of the side menu's sections (demo sections left out). */
export async function menuSections(page: Page): Promise<string[]> {
  const all = (await page.locator('.ant-pro-sider .ant-menu-submenu-title').allInnerTexts()).map((s) => s.trim());
  return all.filter((s) => !['异常页', '结果页', 'Exception', 'Result'].includes(s));
}
export async function signInAs(page: Page, who: DemoAdmin) {
  await signIn(page, who);
  await page.locator('[data-testid="header-name"]').waitFor();
}
export const cell = (page: Page, scope: string, text: string) => page.locator(`${scope} .ant-table-row`, { hasText: text });
