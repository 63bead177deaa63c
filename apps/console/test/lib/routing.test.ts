import { describe, expect, it } from 'vitest';
import type { UserInfo } from '@stock-admin/contracts';
import {
  decideGuard,
  grantRoutes,
  isGranted,
  resolveShellPath,
  routedPermissions,
  safeRedirect,
  signInUrl,
  type RouteEntry,
} from '../../src/lib/routing';

const info = (perms: string[], isSuper = false) =>
  ({
    isSuper,
    role: {
      id: 1,
      name: 'r',
      permissions: perms.map((p) => ({ roleId: 1, permissionId: p, actions: ['query'] })),
    },
  }) as unknown as UserInfo;

const table: RouteEntry<string>[] = [
  {
    path: '/dashboard',
    titleKey: 'd',
    permission: 'dashboard',
    children: [{ path: '/dashboard/workplace', titleKey: 'w', permission: 'dashboard', component: 'W' }],
  },
  {
    path: '/logmanage',
    titleKey: 'l',
    children: [
      { path: '/logmanage/loginlog', titleKey: 'll', permission: 'loginlog', component: 'LL' },
      { path: '/logmanage/operationLog', titleKey: 'ol', permission: 'operationlog', super: true, component: 'OL' },
    ],
  },
  { path: '/list/table-list/:pageNo?', titleKey: 't', component: 'T' },
  { path: '/404', titleKey: 'nf', hideInMenu: true, component: 'NF' },
  { path: '/403', titleKey: 'fb', hideInMenu: true, component: 'FB' },
];

describe('access rules (spec §2)', () => {
  it('public routes need no token', () => {
    for (const p of ['/user/login', '/user/register', '/user/register-result'])
      expect(decideGuard({ pathname: p, hasToken: false, hasInfo: false })).toEqual({ kind: 'allow' });
  });
  it('a signed-in visit to the login page goes to the workplace', () => {
    expect(decideGuard({ pathname: '/user/login', search: '?redirect=%2Fx', hasToken: true, hasInfo: false })).toEqual({
      kind: 'redirect',
      to: '/dashboard/workplace',
    });
  });
  it('any other route without a token goes to login with the full path asked for', () => {
    expect(decideGuard({ pathname: '/userlist/index', search: '?page=2&q=a', hasToken: false, hasInfo: false })).toEqual({
      kind: 'redirect',
      to: '/user/login?redirect=%2Fuserlist%2Findex%3Fpage%3D2%26q%3Da',
    });
    expect(decideGuard({ pathname: '/', hasToken: false, hasInfo: false })).toEqual({ kind: 'redirect', to: '/user/login?redirect=%2F' });
  });
  it('with a token but no roles yet, the user info is loaded first', () => {
    expect(decideGuard({ pathname: '/dashboard/workplace', hasToken: true, hasInfo: false })).toEqual({ kind: 'loadInfo' });
  });
  it('/ opens the workplace', () => {
    expect(decideGuard({ pathname: '/', hasToken: true, hasInfo: true })).toEqual({ kind: 'redirect', to: '/dashboard/workplace' });
  });
  it('other routes are allowed once signed in', () => {
    expect(decideGuard({ pathname: '/anything', hasToken: true, hasInfo: true })).toEqual({ kind: 'allow' });
  });
});

describe('routes granted by the role', () => {
  it('keeps routes whose permission key the role holds; super routes only for the super-user', () => {
    const g = grantRoutes(table, info(['dashboard', 'loginlog', 'operationlog']));
    expect(g.map((r) => r.path)).toEqual(['/dashboard', '/logmanage', '/list/table-list/:pageNo?', '/404', '/403']);
    const logs = g[1] as { children: { path: string }[] };
    expect(logs.children.map((c) => c.path)).toEqual(['/logmanage/loginlog']);
    const s = grantRoutes(table, info([], true)) as { children?: { path: string }[] }[];
    expect(s[1]!.children!.map((c) => c.path)).toEqual(['/logmanage/loginlog', '/logmanage/operationLog']);
  });
  it('drops a section with no granted page', () => {
    expect(grantRoutes(table, info(['dashboard'])).map((r) => r.path)).not.toContain('/logmanage');
  });
  it('a page that needs an action is granted only with it (a create page is not offered to read-only staff)', () => {
    const create = { permission: 'financing', action: 'add' };
    expect(isGranted(create, info(['financing']))).toBe(false);
    expect(isGranted({ permission: 'financing' }, info(['financing']))).toBe(true);
    const adder = info(['financing']);
    adder.role.permissions[0]!.actions = ['query', 'add'];
    expect(isGranted(create, adder)).toBe(true);
    expect(isGranted(create, info([], true))).toBe(true);
  });
  it('grants nothing without user info', () => {
    expect(isGranted({}, null)).toBe(false);
  });
});

describe('shell paths', () => {
  const granted = grantRoutes(table, info(['dashboard']));
  it('opens granted pages, with params', () => {
    const r = resolveShellPath(table, granted, '/list/table-list/3');
    expect(r).toMatchObject({ kind: 'page', match: { page: { path: '/list/table-list/:pageNo?' }, params: { pageNo: '3' } } });
    expect(resolveShellPath(table, granted, '/list/table-list')).toMatchObject({ kind: 'page' });
  });
  it('unknown paths go to /404, known but not granted to /403', () => {
    expect(resolveShellPath(table, granted, '/nope')).toEqual({ kind: 'redirect', to: '/404' });
    expect(resolveShellPath(table, granted, '/logmanage/loginlog')).toEqual({ kind: 'redirect', to: '/403' });
  });
});

describe('redirect after sign-in', () => {
  it('accepts in-app paths only', () => {
    expect(safeRedirect('/userlist/index?x=1')).toBe('/userlist/index?x=1');
    expect(safeRedirect(null)).toBe('/dashboard/workplace');
    expect(safeRedirect('https://evil.example')).toBe('/dashboard/workplace');
    expect(safeRedirect('//evil.example')).toBe('/dashboard/workplace');
    expect(safeRedirect('/user/login')).toBe('/dashboard/workplace');
  });
});

describe('signInUrl (after logout)', () => {
  it('is the bare sign-in page: the last page is not carried in a redirect', () => {
    expect(signInUrl('http://127.0.0.1:8080/#/user/login?redirect=%2Faccount%2Fsettings%2Fnormal')).toBe(
      'http://127.0.0.1:8080/#/user/login',
    );
    expect(signInUrl('https://ops.example.com/admin/?v=2#/account/settings/normal')).toBe('https://ops.example.com/admin/?v=2#/user/login');
    expect(signInUrl('http://h/')).toBe('http://h/#/user/login');
  });
});

describe('moved pages', () => {
  const table: RouteEntry[] = [
    { path: '/capital', titleKey: 'c', children: [{ path: '/capital/layleringlist', titleKey: 'l', component: null }] },
  ];
  it("opens the spec's /capital/layleringlist, and sends the old /capital/layeringlist there", () => {
    expect(resolveShellPath(table, table, '/capital/layleringlist')).toMatchObject({ kind: 'page' });
    expect(resolveShellPath(table, table, '/capital/layeringlist')).toEqual({ kind: 'redirect', to: '/capital/layleringlist' });
    expect(resolveShellPath(table, table, '/capital/layeringlist/')).toEqual({ kind: 'redirect', to: '/capital/layleringlist' });
  });
});

describe('grantable permissions', () => {
  it('are the ones some page or section of the table needs', () => {
    expect([...routedPermissions(table)].sort()).toEqual(['dashboard', 'loginlog', 'operationlog']);
  });
});
