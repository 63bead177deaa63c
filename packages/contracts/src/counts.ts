import { z } from 'zod';
import { endpoint } from './endpoint.js';
import type { PermissionKey } from './permissions.js';

/**
 * Header counters (spec §4 "Socket events and header counters"): pending counts keyed by badge
 * status code ('2' withdrawals, '19' stock buys, '20' block trades, '21' real-name reviews,
 * '22' contract reviews) plus the named counters the header also shows.
 */
export const COUNTER_KEYS = ['2', '19', '20', '21', '22', 'idVerify', 'recharge'] as const;
export type CounterKey = (typeof COUNTER_KEYS)[number];

/** A counter is returned only to callers whose role has `query` on its permission (or the super account). */
export const COUNTER_PERMISSION: Record<CounterKey, PermissionKey> = {
  '2': 'withdrawallist',
  '19': 'financing',
  '20': 'financing',
  '21': 'userlist',
  '22': 'contract',
  idVerify: 'userlist',
  recharge: 'rechargelist',
};

/** The counts the caller may see; a key the caller's role may not see is absent. */
export const countsData = z.partialRecord(z.enum(COUNTER_KEYS), z.number().int().min(0));
export type CountsData = z.infer<typeof countsData>;

export const countsApi = {
  count: endpoint({
    method: 'GET',
    path: '/admin/system/count.do',
    access: 'signedIn',
    data: countsData,
    summary: 'Header badge counters of the caller’s scope',
  }),
} as const;
