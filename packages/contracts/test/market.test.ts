import { describe, expect, it } from 'vitest';
import { isQuotesFrame, quotesFrame } from '../src/market';

const tick = {
  gid: 'sh600000',
  last: '10.00',
  prevClose: '9.90',
  change: '0.10',
  changePct: '1.01',
  open: '9.95',
  high: null,
  low: '9.90',
  volume: '1000',
  turnover: '10000.00',
  bid: null,
  ask: '10.01',
  stale: false,
  at: '2026-11-24T01:40:00.000Z',
};

const samples: unknown[] = [
  { phase: 'open', quotes: [tick] },
  { phase: 'closed', quotes: [] },
  { phase: 'open', quotes: [tick, { ...tick, gid: 'sz000001', stale: true }] },
  { phase: 'lunch', quotes: [tick] },
  { phase: 'open' },
  { phase: 'open', quotes: {} },
  { phase: 'open', quotes: [null] },
  { phase: 'open', quotes: [{ ...tick, last: 10 }] },
  { phase: 'open', quotes: [{ ...tick, open: undefined }] },
  { phase: 'open', quotes: [{ ...tick, bid: 1 }] },
  { phase: 'open', quotes: [{ ...tick, stale: 'no' }] },
  { phase: 'open', quotes: [{ ...tick, gid: undefined }] },
  ...Object.keys(tick).map((k) => ({ phase: 'open', quotes: [{ ...tick, [k]: undefined }] })),
  null,
  'x',
  [],
];

describe('isQuotesFrame', () => {
  it('agrees with the quotesFrame schema', () => {
    for (const s of samples) expect([JSON.stringify(s), isQuotesFrame(s)]).toEqual([JSON.stringify(s), quotesFrame.safeParse(s).success]);
    expect(samples.filter((s) => isQuotesFrame(s))).toHaveLength(3);
  });
});
