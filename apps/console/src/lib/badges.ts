// the live-event table's own module: zod-free, so the first chunk may import it
import { COUNTER_KEYS, type BadgeCode, type CounterKey } from '@stock-admin/contracts/live-events';
import { useSyncExternalStore } from 'react';
import { createStore, useStore } from './store';

/**
 * Header counters (spec §4): the five badge buttons by status code, plus the named counters
 * `idVerify` and `recharge`. Driven from outside React (the live socket, the count endpoint):
 *
 *   badges.bump(2)          // a withdrawal request arrived
 *   badges.set('recharge', 3)
 *   badges.reset(19)
 *   badges.seed({ '2': 4, idVerify: 1 })  // GET /admin/system/count.do
 *
 * and read in React with `useBadge(code)` / `useBadges()`.
 */
export type BadgeKey = BadgeCode | Exclude<CounterKey, `${number}`>;
export type BadgeCounts = Record<string, number>;

/** The header's counters, as the live-event table moves them: the badges by status code, then the named ones. */
export const BADGE_KEYS: BadgeKey[] = COUNTER_KEYS.map((k) => (/^\d+$/.test(k) ? (Number(k) as BadgeCode) : (k as BadgeKey)));

const zero = (): BadgeCounts => Object.fromEntries(BADGE_KEYS.map((k) => [String(k), 0]));
const store = createStore<BadgeCounts>(zero());

const clean = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

export const badges = {
  get: (key: BadgeKey): number => store.get()[String(key)] ?? 0,
  set(key: BadgeKey, n: number): void {
    store.set((s) => ({ ...s, [String(key)]: clean(n) }));
  },
  bump(key: BadgeKey, by = 1): void {
    store.set((s) => ({ ...s, [String(key)]: clean((s[String(key)] ?? 0) + by) }));
  },
  reset(key: BadgeKey): void {
    badges.set(key, 0);
  },
  /** Sets every known counter present in `counts` (keys '2', '19', …, 'idVerify', 'recharge'). */
  seed(counts: Record<string, unknown> | null | undefined): void {
    if (!counts || typeof counts !== 'object') return;
    store.set((s) => {
      const next = { ...s };
      for (const k of BADGE_KEYS) if (String(k) in counts) next[String(k)] = clean(Number(counts[String(k)]));
      return next;
    });
  },
  clear(): void {
    store.set(zero());
  },
  subscribe: store.subscribe,
};

export const useBadges = (): BadgeCounts => useStore(store);
/** One counter: a component reading it re-renders when that counter moves, not when another does. */
export const useBadge = (key: BadgeKey): number => {
  const read = () => store.get()[String(key)] ?? 0;
  return useSyncExternalStore(store.subscribe, read, read);
};
