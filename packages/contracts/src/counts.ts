import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { COUNTER_KEYS } from './live-events.js';

/**
 * Header counters (spec §4 "Socket events and header counters"): pending counts keyed by badge
 * status code plus named counters. The keys and who may read each come from `LIVE_EVENTS`
 * (live-events.ts): a counter is returned only to callers whose role has `query` on the permission of
 * the event that moves it (or the super account); a key the caller may not see is absent.
 */
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
