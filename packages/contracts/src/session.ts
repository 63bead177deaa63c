import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { ACTIONS } from './permissions.js';

export const loginInput = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  googleCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export const loginData = z.object({
  token: z.string(),
  /** Epoch milliseconds. */
  expireTime: z.number().int(),
  id: z.number().int(),
});
export type LoginData = z.infer<typeof loginData>;

/** Set in `data` of a failed login that only lacks the authenticator code. */
export const loginNeedsCode = z.object({ needGoogleCode: z.literal(true) });

export const actionEntity = z.object({
  action: z.enum(ACTIONS),
  describe: z.string(),
  defaultCheck: z.boolean(),
});
export const permissionEntry = z.object({
  roleId: z.number().int(),
  permissionId: z.string(),
  permissionName: z.string(),
  actions: z.array(z.enum(ACTIONS)),
  actionEntitySet: z.array(actionEntity),
});
export type PermissionEntry = z.infer<typeof permissionEntry>;

/** Names of the permission keys and actions in the caller's language; `version` is also the answer's ETag. */
export const permissionNames = z.object({
  version: z.string(),
  permissions: z.array(z.object({ key: z.string(), name: z.string() })),
  actions: z.array(z.object({ action: z.enum(ACTIONS), describe: z.string() })),
});
export type PermissionNames = z.infer<typeof permissionNames>;

export const userInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  avatar: z.string(),
  status: z.number().int(),
  merchantCode: z.string(),
  isSuper: z.boolean(),
  agentId: z.number().int().nullable(),
  lang: z.string().nullable(),
  role: z.object({
    id: z.number().int(),
    name: z.string(),
    /** Spec §3's entries, names included (the console reads the names from `/api/user/catalogue`). */
    permissions: z.array(permissionEntry),
  }),
});
export type UserInfo = z.infer<typeof userInfo>;

/** Theme and layout settings saved per admin (spec §3 Site style; keys follow the console's settings panel). */
export const siteStyle = z.object({
  layout: z.enum(['sidemenu', 'topmenu', 'mix']).optional(),
  navTheme: z.enum(['dark', 'light', 'realDark']).optional(),
  primaryColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
  contentWidth: z.enum(['Fluid', 'Fixed']).optional(),
  fixedHeader: z.boolean().optional(),
  fixSiderbar: z.boolean().optional(),
  multiTab: z.boolean().optional(),
  colorWeak: z.boolean().optional(),
  /** The market's colours: red up and green down, or the colour-blind-safe orange up and blue down (issue 65). */
  palette: z.enum(['redGreen', 'blueOrange']).optional(),
  /** The lists' letter shortcuts (A 通过, R 驳回, `?` …; issue 65); absent means on. */
  shortcuts: z.boolean().optional(),
  hideHintAlert: z.boolean().optional(),
  hideCopyButton: z.boolean().optional(),
  /** Header badge buttons this admin sees (account settings › 状态栏管理), by status code. */
  badges: z.array(z.number().int()).optional(),
});
export type SiteStyle = z.infer<typeof siteStyle>;

/** The default layout of spec §9. */
export const DEFAULT_SITE_STYLE: Required<
  Pick<SiteStyle, 'layout' | 'navTheme' | 'primaryColor' | 'contentWidth' | 'fixedHeader' | 'fixSiderbar' | 'multiTab' | 'colorWeak'>
> = {
  layout: 'sidemenu',
  navTheme: 'dark',
  primaryColor: '#1e9fff',
  contentWidth: 'Fluid',
  fixedHeader: false,
  fixSiderbar: true,
  multiTab: true,
  colorWeak: false,
};

/** `setSiteStyle.do` accepts the style as JSON fields, or as one `siteStyle` JSON string in a form body. */
export const setSiteStyleInput = z.preprocess((v, ctx) => {
  const packed = (v as { siteStyle?: unknown } | null)?.siteStyle;
  if (typeof packed !== 'string') return v;
  try {
    return JSON.parse(packed);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'invalid_json', path: ['siteStyle'], input: packed });
    return z.NEVER;
  }
}, siteStyle);

export const sysConfig = z.object({
  title: z.object({ 'zh-CN': z.string(), 'en-US': z.string() }),
  languages: z.array(z.string()),
  defaultLang: z.string(),
  socket: z.object({
    /** `same-origin` (default) or `spec-ports` (8091 for IP hosts, 2362 otherwise). */
    mode: z.enum(['same-origin', 'spec-ports']),
    path: z.string(),
    heartbeatMs: z.number().int(),
  }),
  superAccount: z.string().optional(),
});
export type SysConfig = z.infer<typeof sysConfig>;

export const sessionApi = {
  login: endpoint({
    method: 'POST',
    path: '/api/adminUser/login.do',
    access: 'public',
    input: loginInput,
    data: loginData,
    module: 'session',
    summary: 'Admin sign-in',
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/adminUser/logout.do',
    access: 'signedIn',
    data: undefined,
    module: 'session',
    summary: 'Sign out (revokes the token)',
  }),
  info: endpoint({
    method: 'GET',
    path: '/api/user/info',
    access: 'signedIn',
    data: userInfo,
    summary: 'Current admin with role permissions',
  }),
  catalogue: endpoint({
    method: 'GET',
    path: '/api/user/catalogue',
    access: 'signedIn',
    data: permissionNames,
    summary: 'Names of the permission keys and actions (ETag: answers 304 while unchanged)',
  }),
  getSiteStyle: endpoint({
    method: 'POST',
    path: '/api/adminUser/getSiteStyle.do',
    access: 'signedIn',
    data: siteStyle,
    summary: 'Theme settings of the current admin',
  }),
  setSiteStyle: endpoint({
    method: 'POST',
    path: '/api/adminUser/setSiteStyle.do',
    access: 'signedIn',
    input: setSiteStyleInput,
    data: siteStyle,
    module: 'session',
    summary: 'Save theme settings',
  }),
  sysConfig: endpoint({
    method: 'GET',
    path: '/api/config/querySysConfig',
    access: 'public',
    data: sysConfig,
    summary: 'Public site configuration',
  }),
} as const;
