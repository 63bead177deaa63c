import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../app/context.js';
import type { EventBus } from '../realtime/bus.js';
import { connectionLost, databaseAnswered, isConnectionError } from '../db/outage.js';

/**
 * Two checks, two questions (issue 38):
 * - `/healthz` — liveness: the process serves requests (a supervisor restarts one that stops answering). It asks
 *   nothing of the database, so an outage there does not get healthy instances restarted.
 * - `/readyz` — readiness: the database answers (bounded by the connect and query time-outs) and, with REDIS_URL, Redis
 *   does; 503 otherwise, so a load balancer drains the instance and sends it traffic again once both answer. The body
 *   says which is down (the console, waiting out an outage, asks it whether the database is back).
 */
export function registerHealth(app: FastifyInstance, ctx: AppContext, bus: EventBus): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const [db, redis] = await Promise.all([
      ctx.db.execute(sql`SELECT 1`).then(
        () => {
          databaseAnswered();
          return 'up' as const;
        },
        (err: unknown) => {
          if (isConnectionError(err)) connectionLost(err);
          else app.log.error({ err }, 'readiness check: the database failed');
          return 'down' as const;
        },
      ),
      bus.kind === 'redis' ? bus.ping().then((ok) => (ok ? ('up' as const) : ('down' as const))) : Promise.resolve('none' as const),
    ]);
    const ready = db === 'up' && redis !== 'down';
    // a standby down or lagging is not unreadiness: its reads run on the primary meanwhile
    const replica = ctx.database.replica?.status();
    return reply
      .code(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'not_ready', db, redis, kind: ctx.database.kind, ...(replica ? { replica } : {}) });
  });
}
