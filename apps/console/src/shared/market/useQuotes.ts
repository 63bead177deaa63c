import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { MarketPhase, QuoteTick } from '@stock-admin/contracts';
import { quoteHub, type QuoteHub } from './quoteHub';
import { browserPage, type PageVisibility } from '../../lib/liveThrottle';

/** The live columns a row carries (contracts `quoteColumns`). */
export interface QuoteFields {
  gid: string;
  last: string | null;
  prevClose: string | null;
  change: string | null;
  changePct: string | null;
  turnover: string | null;
  stale: boolean;
}

export type QuoteMap = Readonly<Record<string, QuoteTick>>;

/** The fields a row shows of a tick: a tick equal in all of them changes nothing on screen. */
export const sameOnScreen = (a: QuoteTick, b: QuoteTick) =>
  a.last === b.last &&
  a.prevClose === b.prevClose &&
  a.change === b.change &&
  a.changePct === b.changePct &&
  a.turnover === b.turnover &&
  a.stale === b.stale;

/**
 * The latest tick per symbol after a batch of ticks (only the watched symbols are kept). A symbol whose tick shows the
 * same as before keeps its old object, and when nothing changed at all the old map itself comes back — so React skips
 * the render, and rows whose prices did not move stay the same objects (issue 52).
 */
export function applyTicks(prev: QuoteMap, ticks: readonly QuoteTick[], watched?: ReadonlySet<string>): QuoteMap {
  const next: Record<string, QuoteTick> = {};
  let changed = false;
  for (const [gid, q] of Object.entries(prev)) {
    if (!watched || watched.has(gid)) next[gid] = q;
    else changed = true;
  }
  for (const q of ticks) {
    if (watched && !watched.has(q.gid)) continue;
    const old = next[q.gid];
    if (old && sameOnScreen(old, q)) continue;
    next[q.gid] = q;
    changed = true;
  }
  return changed ? next : prev;
}

/** A row with its live columns replaced by the symbol's latest tick (the same object when there is none). */
export function mergeQuote<T extends QuoteFields>(row: T, q: QuoteTick | undefined): T {
  if (!q) return row;
  return { ...row, last: q.last, prevClose: q.prevClose, change: q.change, changePct: q.changePct, turnover: q.turnover, stale: q.stale };
}

export function mergeQuotes<T extends QuoteFields>(rows: readonly T[], quotes: QuoteMap): T[] {
  return rows.map((r) => mergeQuote(r, quotes[r.gid]));
}

export const keyOf = (gids: readonly string[]) => [...new Set(gids)].sort().join(',');

/** A live page shows new prices at most this often (issue 52: a console left open costs almost nothing). */
export const QUOTE_RENDER_INTERVAL_MS = 1000;

/**
 * Watches `gids` on the hub and hands the ticks on at a human pace: the first after a quiet second at once, the others
 * gathered (the latest per symbol) and handed on together one second after the last time; nothing while the browser
 * tab is hidden (the hub has told the server to stop meanwhile), and what was gathered once when it is shown again.
 * Returns the unwatch.
 */
export function watchPaced(
  hub: QuoteHub,
  gids: readonly string[],
  take: (ticks: QuoteTick[]) => void,
  page: PageVisibility | undefined = browserPage,
): () => void {
  const pending = new Map<string, QuoteTick>();
  let shown = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hidden = () => !!page && page.visibilityState !== 'visible';
  const flush = () => {
    timer = undefined;
    if (!pending.size || hidden()) return;
    const ticks = [...pending.values()];
    pending.clear();
    shown = Date.now();
    take(ticks);
  };
  const schedule = () => {
    if (timer !== undefined || hidden() || !pending.size) return;
    const wait = shown + QUOTE_RENDER_INTERVAL_MS - Date.now();
    if (wait <= 0) flush();
    else timer = setTimeout(flush, wait);
  };
  page?.addEventListener('visibilitychange', schedule);
  const off = hub.watch(gids, (ticks) => {
    for (const q of ticks) pending.set(q.gid, q);
    schedule();
  });
  return () => {
    off();
    clearTimeout(timer);
    page?.removeEventListener('visibilitychange', schedule);
  };
}

/**
 * The live quotes of the symbols a component shows, while it is on screen: the watch starts with the
 * effect and ends with its cleanup (unmount, or its tab hidden by the shell's `<Activity>`). Ticks
 * received before are kept across a hide, so the rows do not fall back to older list data. Paced by `watchPaced`.
 */
export function useQuotes(gids: readonly string[], hub: QuoteHub = quoteHub, page: PageVisibility | undefined = browserPage): QuoteMap {
  const key = keyOf(gids);
  const [quotes, setQuotes] = useState<QuoteMap>({});
  useEffect(() => {
    const list = key ? key.split(',') : [];
    const watched = new Set(list);
    setQuotes((prev) => (Object.keys(prev).every((g) => watched.has(g)) ? prev : applyTicks(prev, [], watched)));
    if (!list.length) return;
    return watchPaced(hub, list, (ticks) => setQuotes((prev) => applyTicks(prev, ticks, watched)), page);
  }, [key, hub, page]);
  return quotes;
}

/** Rows with their live columns merged in, re-computed when a tick arrives. */
export function useLiveRows<T extends QuoteFields>(rows: readonly T[], hub: QuoteHub = quoteHub): T[] {
  const gids = useMemo(() => rows.map((r) => r.gid), [rows]);
  const quotes = useQuotes(gids, hub);
  return useMemo(() => mergeQuotes(rows, quotes), [rows, quotes]);
}

/** The trading phase of the last QUOTES frame (null before the first one). */
export function useLivePhase(hub: QuoteHub = quoteHub): MarketPhase | null {
  return useSyncExternalStore(hub.subscribePhase, () => hub.phase);
}
