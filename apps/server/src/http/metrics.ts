import cluster from 'node:cluster';
import http from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AggregatorRegistry } from 'prom-client';
import { Status } from '@stock-admin/contracts';
import type { Config } from '../config.js';
import { collectProcessMetrics, metrics, registry } from '../lib/metrics.js';
import { parseLang, t } from '../app/i18n.js';

const started = Symbol('metrics.started');
let workerAnswers: unknown;
type Timed = FastifyRequest & { [started]?: bigint };

/**
 * The HTTP side of the metrics (issue 38): every request timed by its route's pattern (never the path asked for, so
 * that ids do not make new series), the requests in flight, and `/metrics` on the main port behind METRICS_TOKEN.
 * Socket upgrades are left out: they last as long as the socket.
 */
export function registerMetrics(app: FastifyInstance, config: Config): void {
  collectProcessMetrics();
  // a worker answers its primary's requests for figures (METRICS_PORT) only once an AggregatorRegistry exists in it
  if (cluster.isWorker) workerAnswers ??= new AggregatorRegistry();
  app.addHook('onRequest', async (req) => {
    if (req.headers.upgrade) return;
    (req as Timed)[started] = process.hrtime.bigint();
    metrics.httpInFlight.inc();
  });
  app.addHook('onResponse', async (req, reply) => {
    const t0 = (req as Timed)[started];
    if (t0 === undefined) return;
    metrics.httpInFlight.dec();
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const route = req.routeOptions.url ?? 'unmatched';
    metrics.httpDuration.observe({ method: req.method, route, status_code: String(reply.statusCode) }, seconds);
  });
  // a client that goes away before the answer: onResponse does not run
  app.addHook('onRequestAbort', async (req) => {
    if ((req as Timed)[started] === undefined) return;
    (req as Timed)[started] = undefined;
    metrics.httpInFlight.dec();
  });

  const token = config.METRICS_TOKEN;
  if (!token) return;
  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ status: Status.LOGIN_REQUIRED, msg: t(parseLang(req.headers.lang), 'metrics_unauthorized'), data: null });
    }
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}

/**
 * The metrics listener of METRICS_PORT, on METRICS_HOST only: this process's figures, or in the primary of
 * WEB_CONCURRENCY > 1 the sum of its workers' (prom-client asks each over the cluster's channel).
 */
export function serveMetricsPort(config: Config, log: (msg: string) => void): http.Server | undefined {
  if (!config.METRICS_PORT) return undefined;
  const aggregate = cluster.isPrimary && config.WEB_CONCURRENCY > 1 ? new AggregatorRegistry() : null;
  if (!aggregate) collectProcessMetrics();
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    (aggregate ? aggregate.clusterMetrics() : registry.metrics()).then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (err: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics: ${err.message}\n`),
    );
  });
  server.on('error', (err) => log(`metrics: cannot listen on ${config.METRICS_HOST}:${config.METRICS_PORT}: ${err.message}`));
  server.listen(config.METRICS_PORT, config.METRICS_HOST);
  server.unref();
  return server;
}
