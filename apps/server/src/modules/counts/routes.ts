import type { FastifyInstance } from 'fastify';
import { COUNTER_KEYS, COUNTER_PERMISSION, countsApi, type CounterKey, type CountsData } from '@stock-admin/contracts';
import type { AppContext, Principal } from '../../app/context.js';
import { can } from '../../http/permissions.js';
import { route } from '../../http/route.js';
import { counters } from '../_kit/counters.js';

/** The counter keys a caller may see: the super account all, others those whose permission their role can query. */
export function visibleCounters(admin: Principal): CounterKey[] {
  return COUNTER_KEYS.filter((k) => can(admin, COUNTER_PERMISSION[k], 'query'));
}

/**
 * `GET /admin/system/count.do`: the header counters, each computed by the counter its domain
 * registered (in the caller's scope); a key nobody registered yet counts 0. A counter that fails
 * is logged and left out rather than failing the whole header.
 */
export function countsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, countsApi.count, async ({ admin, req }) => {
    const keys = visibleCounters(admin);
    const values = await Promise.all(
      keys.map(async (k) => {
        const fn = counters.get(k);
        if (!fn) return 0;
        try {
          const n = Number(await fn(ctx, admin));
          if (!Number.isSafeInteger(n) || n < 0) throw new Error(`counter ${k} returned ${n}`);
          return n;
        } catch (err) {
          req.log.error({ err, counter: k }, 'header counter failed');
          return null;
        }
      }),
    );
    const out: CountsData = {};
    keys.forEach((k, i) => {
      if (values[i] != null) out[k] = values[i];
    });
    return out;
  });
}
