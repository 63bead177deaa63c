// Helpers of the users specs (issue 5): users.spec.ts and users_agents.spec.ts.
import { apiLogin, BASE_URL, DEMO, type Locator, type Page } from './index.ts';
import { esc } from './antd.ts';

/** API calls go as the super-user; the browser signs in as admin (single-session: never the same admin twice at once). */
let superToken: string;
/** Signs the super-user in through the API for `api` (a spec's `before`). */
export async function apiSignInSuper(): Promise<void> {
  superToken = await apiLogin(DEMO.super);
}

export async function api<T>(path: string, body: Record<string, string | number> = {}, token = superToken): Promise<T> {
  const r = await fetch(`${BASE_URL}${path}`, {
    method: 'POST',
    headers: { admintoken: token, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])),
  });
  const b = (await r.json()) as { status: number; msg: string; data: T };
  if (b.status !== 0) throw new Error(`${path}: ${b.msg}`);
  return b.data;
}

export interface User {
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
export const users = (q: Record<string, string | number>) =>
  api<{ list: User[]; total: number }>('/admin/user/list.do', { pageNum: 1, pageSize: 20, ...q });

/** A form item of `scope` by its label text. */
export const formItem = (scope: Locator, label: string): Locator =>
  scope
    .locator('.ant-form-item')
    .filter({ has: scope.page().locator('.ant-form-item-label label', { hasText: new RegExp(`^${esc(label)}$`) }) });

/** Types into a searchable antd Select and picks the option whose label contains `option`. */
export async function pickSearch(page: Page, item: Locator, typed: string, option: string): Promise<void> {
  await item.locator('.ant-select-selector').click();
  await page.keyboard.type(typed);
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  await dropdown.locator('.ant-select-item-option', { hasText: option }).first().click();
}

/** Fills a ProTable search field (by its name) and presses 查询 / Query. */
export async function search(page: Page, root: string, fields: Record<string, string>): Promise<void> {
  const form = page.locator(`[data-testid="${root}"] .ant-pro-query-filter`);
  for (const [name, v] of Object.entries(fields)) await form.locator(`input#${name}`).fill(v);
  // as an operator does: while the list reloads (a live event) the query button shows its spinner and takes no click
  await form.locator('button.ant-btn-primary:not(.ant-btn-loading)').click();
}

export async function confirmPop(page: Page): Promise<void> {
  const pop = page.locator('.ant-popconfirm:not(.ant-popover-hidden)').last();
  await pop.waitFor();
  await pop.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
}

/** Expected balance after an adjustment, in integer cents (the test's own exact arithmetic). */
export function plusCents(a: string, b: string, sign: 1 | -1): string {
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

export const TEXT = {
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
