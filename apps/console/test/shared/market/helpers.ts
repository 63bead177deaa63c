import type { QuoteTick } from '@stock-admin/contracts';

/** A quote tick of the contract's shape (contracts market.ts quoteTick). */
export const tick = (gid: string, over: Partial<QuoteTick> = {}): QuoteTick => ({
  gid,
  last: '10.50',
  prevClose: '10.00',
  change: '0.50',
  changePct: '5.00',
  open: '10.10',
  high: '10.60',
  low: '10.00',
  volume: '1000',
  turnover: '10500.00',
  bid: '10.49',
  ask: '10.51',
  stale: false,
  at: '2026-01-05T02:00:00.000Z',
  ...over,
});
