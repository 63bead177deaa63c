import type { AppContext, Principal } from '../../app/context.js';

/**
 * Header counters (`GET /admin/system/count.do`): each domain registers the pending count it owns,
 * keyed by the badge status code ('2', '19', '20', '21', '22') or a named counter ('idVerify', 'recharge').
 * A counter must apply the caller's scope (agent staff count only their subtree).
 */
export type Counter = (ctx: AppContext, admin: Principal) => Promise<number>;

export const counters = new Map<string, Counter>();

export function registerCounter(key: string, fn: Counter): void {
  if (counters.has(key)) throw new Error(`counter ${key} registered twice`);
  counters.set(key, fn);
}
