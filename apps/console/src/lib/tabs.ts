/**
 * Tab bar logic (spec §2 Main shell), free of React so every rule is unit-tested.
 * Tabs are keyed by full path (path + query, without the update-timestamp parameter).
 */

/** Query parameter that asks an already open page to refresh (header badge buttons). */
export const REFRESH_PARAM = '_t';

export interface TabLike {
  key: string;
}

export type TabNotice = 'lastTab' | 'noLeft' | 'noRight';

export interface TabChange<T extends TabLike> {
  tabs: T[];
  /** Route to open because the active tab was closed. */
  navigate?: string;
  /** Message key in `tabs.*` to show instead of closing. */
  notice?: TabNotice;
}

/** The key of a location: pathname + search, with the refresh parameter dropped. */
export function tabKeyOf(pathname: string, search = ''): string {
  const q = new URLSearchParams(search);
  q.delete(REFRESH_PARAM);
  const s = q.toString();
  return s ? `${pathname}?${s}` : pathname;
}

/** Adds a tab at the end, or updates the open one with the same key in place. */
export function openTab<T extends TabLike>(tabs: T[], tab: T): T[] {
  const i = tabs.findIndex((x) => x.key === tab.key);
  if (i < 0) return [...tabs, tab];
  const next = tabs.slice();
  next[i] = { ...tabs[i]!, ...tab };
  return next;
}

function afterRemoval<T extends TabLike>(tabs: T[], remaining: T[], activeKey: string | undefined): TabChange<T> {
  if (activeKey !== undefined && tabs.some((t) => t.key === activeKey) && !remaining.some((t) => t.key === activeKey)) {
    // The active tab was closed: open the last remaining tab, or / if none is left.
    const last = remaining[remaining.length - 1];
    return { tabs: remaining, navigate: last ? last.key : '/' };
  }
  return { tabs: remaining };
}

/** Close current: the last remaining tab cannot be closed. */
export function closeTab<T extends TabLike>(tabs: T[], key: string, activeKey?: string): TabChange<T> {
  if (!tabs.some((t) => t.key === key)) return { tabs };
  if (tabs.length <= 1) return { tabs, notice: 'lastTab' };
  return afterRemoval(
    tabs,
    tabs.filter((t) => t.key !== key),
    activeKey,
  );
}

export function closeLeft<T extends TabLike>(tabs: T[], key: string, activeKey?: string): TabChange<T> {
  const i = tabs.findIndex((t) => t.key === key);
  if (i <= 0) return { tabs, notice: 'noLeft' };
  return afterRemoval(tabs, tabs.slice(i), activeKey);
}

export function closeRight<T extends TabLike>(tabs: T[], key: string, activeKey?: string): TabChange<T> {
  const i = tabs.findIndex((t) => t.key === key);
  if (i < 0 || i === tabs.length - 1) return { tabs, notice: 'noRight' };
  return afterRemoval(tabs, tabs.slice(0, i + 1), activeKey);
}

/** Close all: every tab goes and `/` (the workplace) opens; a single tab is the last one and stays. */
export function closeAll<T extends TabLike>(tabs: T[], activeKey?: string): TabChange<T> {
  if (tabs.length <= 1) return { tabs, notice: 'lastTab' };
  return afterRemoval(tabs, [], activeKey ?? tabs[0]!.key);
}

/**
 * Which keep-alive tabs stay mounted: the most recently used ones, at most `cap`
 * (the active tab is always mounted and not counted).
 */
export function cachedTabs(order: string[], keepAlive: (key: string) => boolean, activeKey: string, cap: number): Set<string> {
  const out = new Set<string>();
  for (let i = order.length - 1; i >= 0 && out.size < cap; i--) {
    const k = order[i]!;
    if (k !== activeKey && keepAlive(k)) out.add(k);
  }
  return out;
}
