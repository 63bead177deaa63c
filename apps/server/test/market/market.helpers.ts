import { QuoteService } from '../../src/modules/market/service.js';
import { SimulatedFeed } from '../../src/modules/market/simulated.js';
import { TradingCalendar } from '../../src/modules/market/calendar.js';
import type { TestApp } from '../helpers.js';

/**
 * A second quote service on a test app's database and bus: the simulated feed on a clock that stands still inside
 * Tuesday 2026-11-24's session (so only a change, never a refresh interval, makes it read its symbols again).
 */
export function fixedClockService(t: TestApp, o: { seed: string; intervalMs: number }): QuoteService {
  const calendar = new TradingCalendar();
  return new QuoteService({
    ctx: t.app.ctx,
    bus: t.app.realtime.bus,
    feed: new SimulatedFeed({ seed: o.seed, intervalMs: o.intervalMs, calendar }),
    calendar,
    intervalMs: o.intervalMs,
    log: t.app.log,
    clock: () => Date.parse('2026-11-24T10:00:00+08:00'),
  });
}
