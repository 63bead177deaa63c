import { useEffect, useMemo, useRef } from 'react';
import type { SocketMessage } from '@stock-admin/contracts';
import type { RoutedEventType } from '@stock-admin/contracts/live-events';
import { browserPage, liveThrottle, type PageVisibility } from '../../lib/liveThrottle';

/** Rows named by one burst of events are read together, this long after the first. */
export const PATCH_DELAY_MS = 300;

export interface LivePatch<T> {
  /** Events whose `data.id` names one row, whose new state that row can show (a buy approved, rejected, cancelled). */
  events: readonly RoutedEventType[];
  /**
   * That row read alone, as the list shows it, by its id only (not the list's filters): a row that left the filters
   * shows its new state where it stands until the next reload. null when the reader may no longer see it.
   */
  row: (id: number) => Promise<T | null>;
}

interface Options<T> {
  /** The rows on screen now. */
  shown: () => readonly T[];
  /** Puts the rows read in place of those with their ids. */
  apply: (rows: readonly T[]) => void;
  /** What could not be patched (a row gone, a failed read): the list reloads whole. */
  miss: () => void;
  page?: PageVisibility;
}

/**
 * An open list applies the events of `patch` to the rows it shows: returns the claim for useLiveRefresh — true when the
 * event names a row on screen (it is read again, with the others of its burst, and patched in place), false when the
 * list must reload for it. A hidden tab reads nothing until shown.
 */
export function useLivePatch<T extends { id: number | string }>(
  patch: LivePatch<T> | undefined,
  o: Options<T>,
): ((msg: SocketMessage) => boolean) | undefined {
  const latest = useRef(o);
  latest.current = o;
  const read = useRef(patch?.row);
  read.current = patch?.row;
  const pending = useRef(new Set<number>());
  const key = patch?.events.join(',') ?? '';
  const page = o.page ?? browserPage;
  const throttle = useRef<ReturnType<typeof liveThrottle>>(undefined);
  useEffect(() => {
    if (!key) return;
    const flush = async () => {
      const ids = [...pending.current];
      pending.current.clear();
      const reader = read.current;
      if (!ids.length || !reader) return;
      const got: (T | null)[] = await Promise.all(ids.map((id) => reader(id).catch(() => null)));
      const found = got.filter((r): r is T => r !== null);
      if (found.length) latest.current.apply(found);
      if (found.length < ids.length) latest.current.miss();
    };
    throttle.current = liveThrottle(() => void flush(), { page, delay: PATCH_DELAY_MS, interval: PATCH_DELAY_MS });
    return () => {
      throttle.current?.dispose();
      throttle.current = undefined;
      pending.current.clear();
    };
  }, [key, page]);
  return useMemo(() => {
    if (!key) return undefined;
    const events = new Set(key.split(','));
    return (msg: SocketMessage) => {
      const type = msg.type ?? msg.msgType;
      const id = Number((msg.data as { id?: unknown } | undefined)?.id);
      if (!type || !events.has(type) || !Number.isInteger(id)) return false;
      if (!latest.current.shown().some((r) => Number(r.id) === id)) return false;
      pending.current.add(id);
      throttle.current?.poke();
      return true;
    };
  }, [key]);
}
