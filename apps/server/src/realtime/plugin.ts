import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import { WebSocketServer } from 'ws';
import { Status } from '@stock-admin/contracts';
import type { AppContext } from '../app/context.js';
import { parseLang, t } from '../app/i18n.js';
import { MemoryBus, type EventBus } from './bus.js';
import { SocketHub, type AgentChainResolver, type Verdict } from './hub.js';
import { Close, MAX_CLIENT_FRAME } from './protocol.js';
import { RedisBus } from './redis-bus.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The socket hub of this instance (`/manager/ws/{adminId}`). */
    realtime: SocketHub;
    /** The extra socket-only listener (`SOCKET_PORT`), once the app is ready. */
    socketServer: http.Server | null;
  }
}

export const SOCKET_PATH = '/manager/ws/:adminId';
const SOCKET_PATH_RE = /^\/manager\/ws\/([^/?#]+)\/?$/;

export interface RealtimeOptions {
  /** The agents above each user (own agent first, then its ancestors): the agents domain's, given by app.ts. */
  agentChain: AgentChainResolver;
  /** Replaces the bus chosen from REDIS_URL (tests). */
  bus?: EventBus;
}

function queryValue(q: unknown, key: string): string | undefined {
  const v = (q as Record<string, unknown> | undefined)?.[key];
  return typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : undefined;
}

/** `?since=` of a reconnecting console: the last notice time it saw (ms since the epoch), or nothing. */
function parseSince(v: string | null | undefined): number | undefined {
  return v && /^\d{1,15}$/.test(v) ? Number(v) : undefined;
}

/** The longest a closing instance waits for its requests in flight before it closes the sockets anyway. */
export const DRAIN_MS = 8_000;

/**
 * Live notices (DESIGN §4): the socket route on the app's own port, the optional socket-only
 * listener on SOCKET_PORT, the hub and its bus (Redis when REDIS_URL is set, in-process otherwise).
 */
export async function registerRealtime(app: FastifyInstance, ctx: AppContext, opts: RealtimeOptions): Promise<SocketHub> {
  const { config } = ctx;
  const bus: EventBus =
    opts.bus ??
    (config.REDIS_URL
      ? new RedisBus(config.REDIS_URL, config.BUS_CHANNEL, app.log.child({ module: 'bus' }))
      : new MemoryBus((err) => app.log.error({ err }, 'event bus subscriber failed')));
  const hub = new SocketHub({
    ctx,
    bus,
    log: app.log.child({ module: 'realtime' }),
    agentChain: opts.agentChain,
    heartbeatMs: config.SOCKET_HEARTBEAT_MS,
    sessionCheckMs: config.SOCKET_SESSION_CHECK_MS,
  });
  const unwire = hub.wire(ctx.hooks);
  app.decorate('realtime', hub);
  app.decorate('socketServer', null);

  // Requests in flight, so that a closing instance lets them finish (and raise their notices) before its sockets go.
  let inFlight = 0;
  app.addHook('onRequest', async (req, reply) => {
    // a socket's upgrade never finishes as a request (and req.ws is set by a hook after this one)
    if (req.headers.upgrade?.toLowerCase() === 'websocket') return;
    inFlight++;
    let done = false;
    const end = () => {
      if (done) return;
      done = true;
      inFlight--;
    };
    // 'close' also when the client went away; an injected request (tests) only finishes
    reply.raw.once('finish', end);
    reply.raw.once('close', end);
  });
  // The drain, before @fastify/websocket's own preClose. Fastify already answers new requests 503 (the balancer has
  // taken this instance out): the requests in flight finish, their notices are published on the bus, and only then
  // do the sockets close with 1012 "reconnect"; the console reconnects elsewhere and asks for what it missed.
  app.addHook('preClose', async () => {
    const until = Date.now() + DRAIN_MS;
    while (inFlight > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    // within what is left of the drain: a database gone away must not hold the close
    await Promise.race([hub.settle(), new Promise((r) => setTimeout(r, Math.max(100, until - Date.now())).unref())]);
    unwire();
    hub.close();
  });
  await app.register(websocket, { options: { maxPayload: MAX_CLIENT_FRAME, perMessageDeflate: false } });

  const verdicts = new WeakMap<object, Verdict>();
  app.route({
    method: 'GET',
    url: SOCKET_PATH,
    websocket: true,
    schema: { hide: true },
    // Authenticate before the upgrade; a refused socket is still accepted and then closed with the
    // reason, because a browser cannot read the HTTP status of a refused upgrade.
    preValidation: async (req: FastifyRequest) => {
      if (!req.ws) return;
      const adminId = (req.params as { adminId?: string }).adminId;
      verdicts.set(req.raw, await hub.authorize(adminId, queryValue(req.query, 'token')));
    },
    handler: (socket, req) => {
      const verdict: Verdict = verdicts.get(req.raw) ?? { ok: false, close: Close.ERROR };
      // The request lives as long as the socket: do not keep the principal alive through it.
      verdicts.delete(req.raw);
      const lang = queryValue(req.query, 'lang') ?? (verdict.ok ? verdict.principal.lang : undefined);
      hub.attach(socket, verdict, { lang: parseLang(lang), since: parseSince(queryValue(req.query, 'since')) });
    },
  });

  if (bus instanceof RedisBus) {
    // Start with cross-instance delivery working when Redis is there; never block start-up on it.
    app.addHook('onReady', async () => {
      await bus.ready(3000);
    });
  }
  if (config.SOCKET_PORT) {
    app.addHook('onReady', async () => {
      app.socketServer = await listenSocketPort(app, hub, config.SOCKET_PORT!, config.HOST);
    });
    app.addHook('onClose', async () => {
      const s = app.socketServer;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    });
  }
  app.addHook('onClose', async () => {
    await bus.close();
  });
  return hub;
}

/** A second listener that serves only the socket path (the spec's 8091/2362 deployments). */
async function listenSocketPort(app: FastifyInstance, hub: SocketHub, port: number, host: string): Promise<http.Server> {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_FRAME, perMessageDeflate: false });
  const server = http.createServer((req, res) => {
    res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ status: Status.FAIL, msg: t(parseLang(req.headers.lang), 'socket_port_only'), data: null }));
  });
  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://socket.local');
    const m = SOCKET_PATH_RE.exec(url.pathname);
    if (!m) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    hub
      .authorize(decodeURIComponent(m[1]!), url.searchParams.get('token'))
      .then((verdict) => {
        if (socket.destroyed) return;
        wss.handleUpgrade(req, socket, head, (ws) => {
          const lang = url.searchParams.get('lang') ?? (verdict.ok ? verdict.principal.lang : undefined);
          hub.attach(ws, verdict, { lang: parseLang(lang), since: parseSince(url.searchParams.get('since')) });
        });
      })
      .catch((err: unknown) => {
        app.log.error({ err }, 'socket upgrade failed');
        socket.destroy();
      });
  });
  server.on('close', () => {
    for (const c of wss.clients) c.terminate();
    wss.close();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address() as AddressInfo;
  app.log.info({ port: addr.port }, 'socket-only listener ready');
  return server;
}
