import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { MarketPhase, QuoteTick } from '@stock-admin/contracts';
import { quoteHub, type QuoteHub } from './quoteHub';

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

/** The latest tick per symbol after a batch of ticks (a new map; only the watched symbols are kept). */
export function applyTicks(prev: QuoteMap, ticks: readonly QuoteTick[], watched?: ReadonlySet<string>): QuoteMap {
  const next: Record<string, QuoteTick> = {};
  for (const [gid, q] of Object.entries(prev)) if (!watched || watched.has(gid)) next[gid] = q;
  for (const q of ticks) if (!watched || watched.has(q.gid)) next[q.gid] = q;
  return next;
}

/** A row with its live columns replaced by the symbol's latest tick (the same object when there is none). */
export function mergeQuote<T extends QuoteFields>(row: T, q: QuoteTick | undefined): T {
  if (!q) return row;
  return { ...row, last: q.last, prevClose: q.prevClose, change: q.change, changePct: q.changePct, turnover: q.turnover, stale: q.stale };
}

export function mergeQuotes<T extends QuoteFields>(rows: readonly T[], quotes: QuoteMap): T[] {
  return rows.map((r) => mergeQuote(r, quotes[r.gid]));
}

const keyOf = (gids: readonly string[]) => [...new Set(gids)].sort().join(',');

/**
 * The live quotes of the symbols a component shows, while it is on screen: the watch starts with the
 * effect and ends with its cleanup (unmount, or its tab hidden by the shell's `<Activity>`). Ticks
 * received before are kept across a hide, so the rows do not fall back to older list data.
 */
export function useQuotes(gids: readonly string[], hub: QuoteHub = quoteHub): QuoteMap {
  const key = keyOf(gids);
  const [quotes, setQuotes] = useState<QuoteMap>({});
  useEffect(() => {
    const list = key ? key.split(',') : [];
    const watched = new Set(list);
    setQuotes((prev) => (Object.keys(prev).every((g) => watched.has(g)) ? prev : applyTicks(prev, [], watched)));
    if (!list.length) return;
    return hub.watch(list, (ticks) => setQuotes((prev) => applyTicks(prev, ticks, watched)));
  }, [key, hub]);
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
