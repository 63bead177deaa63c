import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { QuoteTick } from '@stock-admin/contracts';
import { quoteHub, type QuoteHub } from '../../../shared/market/quoteHub';
import { keyOf, sameOnScreen, watchPaced } from '../../../shared/market/useQuotes';
import { livePosition, sumPnl, type PositionView } from './pnl';

/**
 * The live quotes of a positions page as a store its cells subscribe to one symbol at a time (issue 52): a tick
 * re-renders the price and P/L cells of the rows whose price moved — not the table, not the other rows — and the
 * page's live P/L. Ticks arrive paced (`watchPaced`: at most once a second, none while the browser tab is hidden).
 */
export class LiveQuoteStore {
  private readonly quotes = new Map<string, QuoteTick>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly everyone = new Set<() => void>();
  /** changes with every batch that moved a price: what the page's sum reads */
  version = 0;

  get = (gid: string): QuoteTick | undefined => this.quotes.get(gid);

  subscribe(gid: string, listener: () => void): () => void {
    let set = this.listeners.get(gid);
    if (!set) this.listeners.set(gid, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  subscribeAll = (listener: () => void): (() => void) => {
    this.everyone.add(listener);
    return () => this.everyone.delete(listener);
  };

  apply(ticks: readonly QuoteTick[]): void {
    const moved: string[] = [];
    for (const q of ticks) {
      const old = this.quotes.get(q.gid);
      if (old && sameOnScreen(old, q)) continue;
      this.quotes.set(q.gid, q);
      moved.push(q.gid);
    }
    if (!moved.length) return;
    this.version += 1;
    for (const gid of moved) for (const l of [...(this.listeners.get(gid) ?? [])]) l();
    for (const l of [...this.everyone]) l();
  }
}

export const LiveQuotesContext = createContext<LiveQuoteStore | null>(null);

/** A store fed by the hub with the symbols of `gids` while the component is on screen. */
export function useLiveQuoteStore(gids: readonly string[], hub: QuoteHub = quoteHub): LiveQuoteStore {
  const [store] = useState(() => new LiveQuoteStore());
  const key = keyOf(gids);
  useEffect(() => {
    if (!key) return;
    return watchPaced(hub, key.split(','), (ticks) => store.apply(ticks));
  }, [key, hub, store]);
  return store;
}

const none = () => () => undefined;

/** The row at its live quote (the row itself outside a store, or for a closed position). */
export function useLiveRow(r: PositionView): PositionView {
  const store = useContext(LiveQuotesContext);
  const open = r.status === 'open';
  const q = useSyncExternalStore(store && open ? (l) => store.subscribe(r.gid, l) : none, () =>
    store && open ? store.get(r.gid) : undefined,
  );
  return useMemo(() => (q ? livePosition(r, q) : r), [r, q]);
}

/** Renders `children` of the row at its live quote: a cell that follows the ticks of its own symbol only. */
export function LiveRow({ r, children }: { r: PositionView; children: (live: PositionView) => React.ReactNode }) {
  return <>{children(useLiveRow(r))}</>;
}

/** Σ P/L of the open rows at the live quotes, recomputed with each batch that moved a price. */
export function useLivePagePnl(rows: readonly PositionView[]): string | null {
  const store = useContext(LiveQuotesContext);
  const version = useSyncExternalStore(store ? store.subscribeAll : none, () => store?.version ?? 0);
  return useMemo(() => {
    const open = rows.filter((r) => r.status === 'open');
    if (!open.length) return null;
    return sumPnl(open.map((r) => (store?.get(r.gid) ? livePosition(r, store.get(r.gid)) : r)));
  }, [rows, store, version]);
}
