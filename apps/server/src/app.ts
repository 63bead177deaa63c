import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { Status } from '@stock-admin/contracts';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { AppHooks, type AppContext } from './app/context.js';
import { registerBodyParsers } from './http/body.js';
import { registerCompression } from './http/compression.js';
import { parseLang, t } from './app/i18n.js';
import { redactUrl } from './http/redact.js';
import { toEnvelope } from './http/call-run.js';
import { guardApiDocs, registerSecurity } from './http/security.js';
import { inlineScriptHashes, serveConsole } from './http/console-static.js';
import { RETRY_AFTER_S, setOutageLog } from './db/outage.js';
import { registerHealth } from './http/health.js';
import { registerMetrics } from './http/metrics.js';
import { DOMAINS } from './modules/index.js';
import { registerRealtime } from './realtime/plugin.js';
import { registerMarket } from './modules/market/index.js';
import { secretBoxFor } from './lib/secretbox.js';
import { SessionCache, principalStore, sessionAuthenticator } from './modules/session/index.js';
import { agentChainsOfUsers } from './modules/agents/index.js';
import { authenticateUser } from './modules/users/index.js';
import { serialize } from './http/json.js';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Where structured logs go (stdout by default); tests capture them here. */
  logStream?: DestinationStream;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** The whole HTTP application without listening: main.ts listens, tests use `app.inject()`. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      ...(opts.logStream ? { stream: opts.logStream } : {}),
      redact: {
        paths: ['req.headers.admintoken', 'req.headers.usertoken', 'req.headers.cookie', 'req.headers.authorization'],
        censor: '***',
      },
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
      },
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 6 * 1024 * 1024,
    // Fastify's own 503 while closing is outside the envelope: the onRequest hook below answers instead.
    return503OnClosing: false,
  });
  setOutageLog((level, msg, detail) => app.log[level](detail ?? {}, msg));
  const hooks = new AppHooks();
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    hooks,
    secrets: secretBoxFor(config),
    // the session domain's lookup, which needs the context itself: installed right below
    authenticate: async () => null,
    authenticateUser: (token) => authenticateUser(ctx, token),
    principals: principalStore(database.db),
  };
  ctx.authenticate = sessionAuthenticator(ctx, new SessionCache(hooks));
  // an operator's change keeps their reads on the primary a while, on every instance (db/replica.ts)
  if (database.replica) hooks.on('adminWrote', (adminId) => database.replica!.wrote(adminId));
  app.decorate('ctx', ctx);
  // first, so that every request is timed, those answered by the hooks below too
  registerMetrics(app, config);

  // Zod schemas are checked inside each route (so failures become status 2 envelopes in the caller's
  // language); Fastify only uses them for the OpenAPI document.
  app.setValidatorCompiler(() => (value) => ({ value }));
  app.setSerializerCompiler(() => serialize);
  // the console build this server serves (its dist/build.json): named on every API answer, so that a page of an older
  // build asks for a reload during a rolling upgrade (console lib/request.ts, docs/operations.md)
  const consoleBuild = readConsoleBuild(config.CONSOLE_DIST ?? path.resolve(here, '../../console/dist'));
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    if (consoleBuild && /^\/(admin|api)\//.test(req.url)) reply.header('x-console-build', consoleBuild);
    if (reply.statusCode === 503) reply.header('retry-after', String(RETRY_AFTER_S));
  });
  // From SIGTERM on (app.close()), requests still arriving on kept-alive connections are answered in
  // the envelope, and the connection is closed so the client reconnects to another instance.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (req, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    return reply.code(503).send({ status: Status.UNAVAILABLE, msg: t(parseLang(req.headers.lang), 'shutting_down'), data: null });
  });

  await registerCompression(app);
  await registerBodyParsers(app);
  await app.register(cookie);
  const consoleDist = config.CONSOLE_DIST ?? path.resolve(here, '../../console/dist');
  await registerSecurity(app, config, inlineScriptHashes(consoleDist));
  guardApiDocs(app, config);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Stock Admin API', version: '0.1.0' },
      components: { securitySchemes: { admintoken: { type: 'apiKey', in: 'header', name: 'admintoken' } } },
    },
    transform: jsonSchemaTransform,
  });
  if (config.API_DOCS !== 'off') await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.setErrorHandler((err, req, reply) => {
    const { http, body } = toEnvelope(err, parseLang(req.headers.lang), req);
    return reply.code(http).send(body);
  });
  app.setNotFoundHandler((req, reply) =>
    reply.code(404).send({ status: Status.FAIL, msg: t(parseLang(req.headers.lang), 'not_found'), data: null }),
  );

  const hub = await registerRealtime(app, ctx, { agentChain: (userIds) => agentChainsOfUsers(ctx.db, userIds) });
  registerHealth(app, ctx, hub.bus);
  registerMarket(app, ctx, hub.bus);
  for (const domain of DOMAINS) await domain.routes?.(app, ctx);

  await serveConsole(app, consoleDist);
  return app;
}

/** The build identity the console's build wrote (vite.config.ts), or undefined when it is not there. */
function readConsoleBuild(dist: string): string | undefined {
  try {
    const b = (JSON.parse(fs.readFileSync(path.join(dist, 'build.json'), 'utf8')) as { build?: unknown }).build;
    return typeof b === 'string' && /^\d{1,20}$/.test(b) ? b : undefined;
  } catch {
    return undefined;
  }
}
