import { describe, expect, it } from 'vitest';
import { livePosition, pnlAt, pnlPctOf, sumPnl } from '../../../src/features/trading/lib/pnl';
import { quoteTone } from '../../../src/shared/market/quoteFormat';
import { position } from './fixtures';

describe('P/L at the live price', () => {
  it('long: (last − entry) × shares; short: the reverse — exact where floats are not', () => {
    // 0.1 steps a float gets wrong: (10.2 − 10.1) × 300 = 29.999999999999893 in floats
    expect((10.2 - 10.1) * 300).not.toBe(30);
    expect(pnlAt('long', '10.10', '10.20', 300)).toBe('30.00');
    expect(pnlAt('short', '10.10', '10.20', 300)).toBe('-30.00');
    expect(pnlAt('long', '10.10', '9.87', 300)).toBe('-69.00');
    expect(pnlAt('short', '10.10', '9.87', 300)).toBe('69.00');
    expect(pnlAt('long', '10.10', '10.10', 300)).toBe('0.00');
  });

  it('rounds half up to cents (prices with up to four decimals) and needs both prices', () => {
    expect(pnlAt('long', '10.0000', '10.0005', 100)).toBe('0.05');
    expect(pnlAt('long', '10.0000', '10.00005', 100)).toBe('0.01'); // 0.005 → 0.01
    expect(pnlAt('short', '10.0000', '10.00005', 100)).toBe('-0.01');
    expect(pnlAt('long', '10.00', null, 100)).toBeNull();
    expect(pnlAt('long', '10.00', 'n/a', 100)).toBeNull();
  });

  it('P/L % is of the margin, two decimals', () => {
    expect(pnlPctOf('30.00', '606.00')).toBe('4.95'); // 4.9504…
    expect(pnlPctOf('-69.00', '606.00')).toBe('-11.39'); // −11.3861…
    expect(pnlPctOf('1.00', '0.00')).toBeNull();
    expect(pnlPctOf(null, '606.00')).toBeNull();
  });

  it('an open position takes the tick: last, stale, P/L, P/L %, net of buy fee, spread and deferral', () => {
    const v = livePosition(position(), { last: '10.45', change: '0.35', stale: true });
    expect(v).toMatchObject({ last: '10.45', stale: true, change: '0.35', pnl: '105.00', pnlPct: '17.33', netPnl: '95.45', live: true });
    const s = livePosition(position({ direction: 'short' }), { last: '10.45', change: '0.35', stale: false });
    expect(s).toMatchObject({ pnl: '-105.00', pnlPct: '-17.33', netPnl: '-114.55' });
  });

  it('red when the position gains, green when it loses — long and short alike', () => {
    expect(quoteTone(livePosition(position(), { last: '10.45', change: '0.35', stale: false }).pnl)).toBe('up');
    expect(quoteTone(livePosition(position({ direction: 'short' }), { last: '10.45', change: '0.35', stale: false }).pnl)).toBe('down');
    expect(quoteTone(livePosition(position({ direction: 'short' }), { last: '9.00', change: '-1.10', stale: false }).pnl)).toBe('up');
    expect(quoteTone(livePosition(position(), { last: '9.00', change: '-1.10', stale: false }).pnl)).toBe('down');
  });

  it('leaves closed positions (realised) and rows without a tick as the server sent them', () => {
    const closed = position({ status: 'closed', last: '11.00', sellPrice: '11.00', pnl: '270.00', pnlPct: '44.55' });
    expect(livePosition(closed, { last: '12.00', change: '1.90', stale: false })).toMatchObject({
      last: '11.00',
      pnl: '270.00',
      live: false,
    });
    expect(livePosition(position({ pnl: '3.00' }), undefined)).toMatchObject({ pnl: '3.00', live: false, change: null });
  });

  it('sums P/L exactly, skipping rows without one', () => {
    expect(sumPnl([{ pnl: '0.10' }, { pnl: '0.20' }, { pnl: null }, { pnl: '-0.05' }])).toBe('0.25');
    expect(sumPnl([])).toBe('0.00');
  });
});
