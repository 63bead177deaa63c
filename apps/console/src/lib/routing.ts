import type { ReactNode } from 'react';
import { matchPath } from 'react-router';
import type { Action, PermissionKey, UserInfo } from '@stock-admin/contracts';

/**
 * Route-table types and the pure decisions taken from the table: which routes a role is granted,
 * which page a path opens, and the access rules of spec §2 (`decideGuard`). `app/routes.tsx` holds
 * the table itself.
 */

export interface PageRoute<C = unknown> {
  /** Absolute path, a react-router pattern (`/list/table-list/:pageNo?`). */
  path: string;
  /** i18n key of the title (menu, breadcrumb, tab, document title). */
  titleKey: string;
  icon?: ReactNode;
  /** Route permission key (spec §2); none = every signed-in admin. */
  permission?: PermissionKey;
  /** The action on `permission` the page's work needs (a create page: `add`); none = any action. */
  action?: Action;
  /** The spec's `*` pages: reachable, not listed in menus. */
  hideInMenu?: boolean;
  /** Page state survives switching tabs while its tab stays open. */
  keepAlive?: boolean;
  /** Only the super-user may open it. */
  super?: boolean;
  /** A guard's target (not found, not granted): shown while it is the current page, never kept as a tab. */
  transient?: boolean;
  component: C;
}

export interface SectionRoute<C = unknown> {
  path: string;
  titleKey: string;
  icon?: ReactNode;
  permission?: PermissionKey;
  hideInMenu?: boolean;
  super?: boolean;
  /** Template material kept for the record (exception/result pages): not offered as a quick link. */
  demo?: boolean;
  children: PageRoute<C>[];
}

export type RouteEntry<C = unknown> = SectionRoute<C> | PageRoute<C>;

export const isSection = <C>(r: RouteEntry<C>): r is SectionRoute<C> => 'children' in r;

export const LOGIN_PATH = '/user/login';
export const HOME_PATH = '/dashboard/workplace';
/** Spec §2: login, register, register-result need no token. */
export const PUBLIC_PATHS = ['/user/login', '/user/register', '/user/register-result'];

export const isPublicPath = (pathname: string) => PUBLIC_PATHS.includes(pathname.replace(/\/+$/, '') || '/');

type Grantee = Pick<UserInfo, 'isSuper' | 'role'> | null | undefined;

/**
 * A route is granted when the role holds its permission key (any action, or the route's `action`) — the super-user
 * holds all — and, if it is super-only, to the super-user.
 */
export function isGranted(r: { permission?: string; action?: string; super?: boolean }, info: Grantee): boolean {
  if (!info) return false;
  if (r.super && !info.isSuper) return false;
  if (!r.permission || info.isSuper) return true;
  return info.role.permissions.some(
    (p) => p.permissionId === r.permission && (r.action ? (p.actions as readonly string[]).includes(r.action) : p.actions.length > 0),
  );
}

/** The route table as the role sees it: granted pages only; sections without a granted page are dropped. */
export function grantRoutes<C>(table: RouteEntry<C>[], info: Grantee): RouteEntry<C>[] {
  const out: RouteEntry<C>[] = [];
  for (const r of table) {
    if (!isGranted(r, info)) continue;
    if (isSection(r)) {
      const children = r.children.filter((c) => isGranted(c, info));
      if (children.length) out.push({ ...r, children });
    } else out.push(r);
  }
  return out;
}

export interface MatchedRoute<C> {
  page: PageRoute<C>;
  section?: SectionRoute<C>;
  params: Record<string, string | undefined>;
}

/**
 * The permission keys that some page or section of the table needs: the only rows the role editor offers
 * (a permission for a page not built yet grants nothing an operator could see).
 */
export function routedPermissions<C>(table: RouteEntry<C>[]): Set<string> {
  const out = new Set<string>();
  for (const r of table) {
    if (r.permission) out.add(r.permission);
    if (isSection(r)) for (const c of r.children) if (c.permission) out.add(c.permission);
  }
  return out;
}

export function matchRoute<C>(table: RouteEntry<C>[], pathname: string): MatchedRoute<C> | null {
  for (const r of table) {
    for (const page of isSection(r) ? r.children : [r]) {
      const m = matchPath({ path: page.path, end: true }, pathname);
      if (m) return { page, section: isSection(r) ? r : undefined, params: m.params };
    }
  }
  return null;
}

export type ShellResolution<C> = { kind: 'page'; match: MatchedRoute<C> } | { kind: 'redirect'; to: string };

/** The first page of a table whose path lies below `prefix` (`/account/settings` → `/account/settings/normal`). */
export function firstPageBelow<C>(table: RouteEntry<C>[], prefix: string): PageRoute<C> | undefined {
  const base = `${prefix.replace(/\/+$/, '')}/`;
  for (const r of table)
    for (const page of isSection(r) ? r.children : [r]) if (page.path.startsWith(base) && !page.path.includes(':')) return page;
  return undefined;
}

/**
 * Pages that moved to the spec's path: the old address still opens them (bookmarks live). The spec
 * spells the layering list `layleringlist`; the console used `layeringlist` until issue 27.
 */
export const MOVED: Readonly<Record<string, string>> = { '/capital/layeringlist': '/capital/layleringlist' };

/**
 * Inside the shell: a granted page opens; a path above granted pages (the avatar menu's `/account/settings`)
 * opens the first of them; a known page the role lacks → /403; anything else → /404.
 */
export function resolveShellPath<C>(all: RouteEntry<C>[], granted: RouteEntry<C>[], pathname: string): ShellResolution<C> {
  if (pathname === '/' || pathname === '') return { kind: 'redirect', to: HOME_PATH };
  const moved = MOVED[pathname.replace(/\/+$/, '')];
  if (moved) return { kind: 'redirect', to: moved };
  const m = matchRoute(granted, pathname);
  if (m) return { kind: 'page', match: m };
  const below = firstPageBelow(granted, pathname);
  if (below) return { kind: 'redirect', to: below.path };
  return { kind: 'redirect', to: matchRoute(all, pathname) || firstPageBelow(all, pathname) ? '/403' : '/404' };
}

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'loadInfo' };

/** Spec §2 access rules and §4 session, for one navigation. */
export function decideGuard(a: { pathname: string; search?: string; hasToken: boolean; hasInfo: boolean }): GuardDecision {
  if (isPublicPath(a.pathname)) {
    if (a.pathname.replace(/\/+$/, '') === LOGIN_PATH && a.hasToken) return { kind: 'redirect', to: HOME_PATH };
    return { kind: 'allow' };
  }
  if (!a.hasToken) return { kind: 'redirect', to: loginPathFor(`${a.pathname}${a.search ?? ''}`) };
  if (!a.hasInfo) return { kind: 'loadInfo' };
  if (a.pathname === '/' || a.pathname === '') return { kind: 'redirect', to: HOME_PATH };
  return { kind: 'allow' };
}

/** The address of the bare sign-in page (no `redirect`) in the document at `href` (hash routing). */
export const signInUrl = (href: string) => `${href.split('#')[0]}#${LOGIN_PATH}`;
export const loginPathFor = (fullPath: string) => `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;

/** The redirect query after sign-in: an in-app path only (no scheme, no `//host`), else the workplace. */
export function safeRedirect(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return HOME_PATH;
  if (isPublicPath(raw.split('?')[0]!)) return HOME_PATH;
  return raw;
}
