import type { BadgeCode } from '@stock-admin/contracts';
import { BadgeStatus } from './contracts-lite';
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
export type BadgeKey = BadgeCode | 'idVerify' | 'recharge';
export type BadgeCounts = Record<string, number>;

export const BADGE_KEYS: BadgeKey[] = [...Object.values(BadgeStatus), 'idVerify', 'recharge'];

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
export const useBadge = (key: BadgeKey): number => useStore(store)[String(key)] ?? 0;
