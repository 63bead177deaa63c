import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.js';
import type { EventBus } from '../../realtime/bus.js';
import { parseHolidays } from '../../lib/holidays.js';
import { ContinuousCalendar, SSE_HOLIDAYS, TradingCalendar } from './calendar.js';
import type { QuoteFeed } from './feed.js';
import { HttpFeed } from './http-feed.js';
import { QuoteService } from './service.js';
import { SimulatedFeed } from './simulated.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The quote service of this instance (market domain). */
    market: QuoteService;
  }
}

/** Builds the quote service from the QUOTE_* settings; it starts when the app is ready and stops before it closes. */
export function registerMarket(app: FastifyInstance, ctx: AppContext, bus: EventBus): QuoteService {
  const c = ctx.config;
  const holidays = [...SSE_HOLIDAYS, ...parseHolidays(c.QUOTE_HOLIDAYS).days];
  const calendar = c.QUOTE_SESSION === 'continuous' ? new ContinuousCalendar(holidays) : new TradingCalendar(holidays);
  const log = app.log.child({ module: 'market' });
  const feed: QuoteFeed =
    c.QUOTE_SOURCE === 'http'
      ? new HttpFeed({
          url: c.QUOTE_URL!,
          style: c.QUOTE_SYMBOL_STYLE,
          timeoutMs: c.QUOTE_TIMEOUT_MS,
          staleMs: c.QUOTE_STALE_MS ?? 3 * c.QUOTE_INTERVAL_MS,
          calendar,
          log,
        })
      : new SimulatedFeed({ seed: c.QUOTE_SEED, intervalMs: c.QUOTE_INTERVAL_MS, calendar });
  // QUOTE_CLOCK_START: the feed's clock starts there and runs at the wall clock's pace
  const shift = c.QUOTE_CLOCK_START ? Date.parse(c.QUOTE_CLOCK_START) - Date.now() : 0;
  const service = new QuoteService({ ctx, bus, feed, calendar, intervalMs: c.QUOTE_INTERVAL_MS, log, clock: () => Date.now() + shift });
  ctx.market = service;
  app.decorate('market', service);
  app.addHook('onReady', async () => {
    await service.start();
  });
  app.addHook('preClose', async () => {
    service.stop();
  });
  return service;
}
