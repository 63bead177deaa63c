import type { DEFAULT_SITE_STYLE as SiteStyleDefaults, HeldData, Lang, sessionApi, StatusCode } from '@stock-admin/contracts';

/**
 * Zod-free copies of the few contract values that the first chunk (sign-in page, guard, request client)
 * needs. Importing anything at run time from `@stock-admin/contracts` pulls zod and every schema
 * (~90 KB gzip) into the sign-in page, so code that runs before the shell imports from here instead;
 * the shell and feature pages import `@stock-admin/contracts` directly.
 * test/contracts-lite.test.ts proves every value here equals the contracts'.
 */

export const Status = { OK: 0, FAIL: 1, INVALID: 2, LOGIN_REQUIRED: 10, UNAVAILABLE: 11 } as const satisfies Record<string, StatusCode>;
export const LOGIN_REQUIRED_MSG_ZH = '请先登录，无权限访问';
export const LOGIN_REQUIRED_MSG_ZH_TW = '請先登錄，無權限訪問';
export const LANGS = ['zh-CN', 'en-US'] as const satisfies readonly Lang[];
export const DEFAULT_LANG: Lang = 'zh-CN';
/** A list's total above this reads "more than" it: the server counts no further (the contracts' COUNT_CAP). */
export const COUNT_CAP = 100_000;

/** True when a guarded call's answer is a request held for a second administrator (the contracts' `isHeld`). */
export const isHeld = (d: unknown): d is HeldData =>
  !!d && typeof d === 'object' && 'approval' in d && !!(d as HeldData).approval && (d as HeldData).approval.status === 'pending';

export const DEFAULT_SITE_STYLE: typeof SiteStyleDefaults = {
  layout: 'sidemenu',
  navTheme: 'dark',
  primaryColor: '#1e9fff',
  contentWidth: 'Fluid',
  fixedHeader: false,
  fixSiderbar: true,
  multiTab: true,
  colorWeak: false,
};

/** Endpoint references (method + path) typed exactly as the contracts' endpoints, for `call()`. */
const ref = <E>(method: 'GET' | 'POST', path: string) => ({ method, path }) as unknown as E;

export const sessionEndpoints = {
  login: ref<typeof sessionApi.login>('POST', '/api/adminUser/login.do'),
  logout: ref<typeof sessionApi.logout>('POST', '/api/adminUser/logout.do'),
  info: ref<typeof sessionApi.info>('GET', '/api/user/info'),
  getSiteStyle: ref<typeof sessionApi.getSiteStyle>('POST', '/api/adminUser/getSiteStyle.do'),
};
