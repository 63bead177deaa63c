import { describe, expect, it } from 'vitest';
import { applyExRights, type PendingExRights } from '../../src/modules/market/exrights.js';
import type { Quote } from '../../src/modules/market/store.js';

const quote = (o: Partial<Quote>): Quote => ({
  gid: 'sh600036',
  last: 1012,
  prevClose: 1000,
  open: 1005,
  high: 1020,
  low: 998,
  volume: 100,
  turnover: 100_000,
  bid: 1011,
  ask: 1013,
  stale: false,
  at: 0,
  tradingDay: '2026-11-24',
  ...o,
});
const action = (o: Partial<PendingExRights> = {}): PendingExRights => ({
  actionId: 7,
  gid: 'sh600036',
  exDate: '2026-11-24',
  cashPerShare: '0.5',
  ...o,
});

/** A quote going ex-rights (issue 62): the simulated market's, and the vendor's. */
describe('quotes on the ex-date', () => {
  it('moves a simulated quote to the reference price: previous close (10.00 − 0.50 = 9.50) and the day’s prices by its factor', () => {
    const book = new Map([['sh600036', quote({})]]);
    const done = applyExRights(book, [action()], false);
    expect(done).toEqual([{ actionId: 7, gid: 'sh600036', day: '2026-11-24', close: 1000, ref: 950, factor: 0.95 }]);
    const q = book.get('sh600036')!;
    // the change % is now measured from 9.50: 10.12 × 0.95 = 9.61 is +1.2 %, as it was
    expect([q.prevClose, q.last, q.open, q.high, q.low, q.bid, q.ask]).toEqual([950, 961, 955, 969, 948, 960, 962]);
  });

  it('halves it for 10送10, leaves a stock not yet in its ex-date alone, and takes the vendor’s previous close as it is', () => {
    const book = new Map([
      ['sh600036', quote({ prevClose: 1001 })],
      ['sh600000', quote({ gid: 'sh600000', tradingDay: '2026-11-23' })],
    ]);
    const done = applyExRights(book, [action({ cashPerShare: null, bonusPer10: '10' }), action({ actionId: 8, gid: 'sh600000' })], false);
    expect(done.map((d) => [d.actionId, d.ref])).toEqual([[7, 501]]);
    expect(book.get('sh600000')!.prevClose).toBe(1000);
    const vendor = new Map([['sh600036', quote({ prevClose: 950 })]]);
    expect(applyExRights(vendor, [action()], true)).toEqual([
      { actionId: 7, gid: 'sh600036', day: '2026-11-24', close: null, ref: 950, factor: 1 },
    ]);
    expect(vendor.get('sh600036')!.last).toBe(1012);
  });
});
