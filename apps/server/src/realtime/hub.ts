import type { FastifyBaseLogger } from 'fastify';
import WebSocket from 'ws';
import type { Lang, MarketPhase, QuoteTick } from '@stock-admin/contracts';
import type { AppContext, AppEvents, AppHooks, DomainEvent, Principal, PrincipalsChanged, SessionsRevoked } from '../http/context.js';
import { t } from '../http/i18n.js';
import { authenticate } from '../modules/session/service.js';
import { AclCache } from './acl.js';
import type { BusMessage, EventBus } from './bus.js';
import {
  Close,
  MAX_BUFFERED_BYTES,
  MAX_SOCKETS_PER_SESSION,
  errorFrame,
  heartbeatReply,
  noticeFrame,
  parseClientFrame,
  revokedClose,
} from './protocol.js';
import { canReceive, isRoutedEvent } from './routing.js';
import { connectionLost, isConnectionError } from '../db/outage.js';
import './messages.js';
import { SerialQueue } from './serial-queue.js';
import { quoteFrames, snapshotFrame } from './watch.js';
import { validSessionIds } from './session-check.js';

/** The user's agent and all its ancestors (agent staff above the user receive the user's events). */
export type AgentChainResolver = (userId: number) => Promise<number[]>;

export type Verdict = { ok: true; principal: Principal } | { ok: false; close: { code: number; reason: string } };

interface Conn {
  ws: WebSocket;
  adminId: number;
  sessionId: number;
  lang: Lang;
  lastSeen: number;
  /** The symbols this socket shows (WATCH); quotes of others are not sent to it. */
  watch?: Set<string>;
}

export interface HubOptions {
  ctx: AppContext;
  bus: EventBus;
  log: FastifyBaseLogger;
  agentChain: AgentChainResolver;
  /** Client heartbeat period; silence for more than two periods closes the socket. */
  heartbeatMs: number;
  /** Period of the check that open sockets still have a valid session. */
  sessionCheckMs: number;
  /** How long cached role permissions are trusted when routing (default 5 s). */
  aclTtlMs?: number;
}

const TEXT = { binary: false } as const;
const REVOKED_MEMORY_MS = 60_000;
const REVOKED_MEMORY_MAX = 100_000;

/**
 * The sockets held by this instance and the routing of notices to them (DESIGN §4). Domain code raises
 * events with `notify()`; the hub resolves the user's agent chain once, publishes on the bus, and every
 * instance's hub delivers to the sockets it holds whose admin may receive the event. Session revocations
 * travel the same way and close the sessions' sockets wherever they are.
 */
export class SocketHub {
  agentChain: AgentChainResolver;
  readonly acl: AclCache;
  private readonly conns = new Set<Conn>();
  private readonly bySession = new Map<number, Set<Conn>>();
  private readonly adminRefs = new Map<number, number>();
  private readonly revokedRecently = new Map<number, number>();
  private readonly raising: SerialQueue;
  private readonly delivering: SerialQueue;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly unsubscribe: () => void;
  private checking = false;
  /** Sockets watching at least one symbol. */
  private watchers = 0;
  private closed = false;
  private relaying = false;
  private readonly sweepMs: number;
  private lastSweep = Date.now();
  private hooks: AppHooks | undefined;
  private counters = { delivered: 0, events: 0, dropped: 0 };

  constructor(private readonly o: HubOptions) {
    this.agentChain = o.agentChain;
    this.acl = new AclCache(o.ctx.db, o.ctx.config.SUPER_ACCOUNT, o.aclTtlMs ?? 5000, o.log);
    const onError = (err: unknown) => o.log.error({ err }, 'socket hub job failed');
    this.raising = new SerialQueue(10_000, onError);
    this.delivering = new SerialQueue(10_000, onError);
    this.unsubscribe = o.bus.subscribe((m, remote) => this.onBus(m, remote));
    this.sweepMs = Math.max(25, Math.floor(o.heartbeatMs / 4));
    this.timers.push(setInterval(() => this.sweepIdle(), this.sweepMs).unref());
    this.timers.push(setInterval(() => void this.checkSessions(), o.sessionCheckMs).unref());
  }

  /** The bus this hub listens to (other domains publish their own kinds of message on it). */
  get bus(): EventBus {
    return this.o.bus;
  }

  /** Decides whether a connection to `/manager/ws/{adminIdParam}?token=` may stay open. */
  async authorize(adminIdParam: string | undefined, token: string | null | undefined): Promise<Verdict> {
    if (!adminIdParam || !/^[1-9]\d{0,9}$/.test(adminIdParam)) return { ok: false, close: Close.BAD_ADMIN_ID };
    if (!token) return { ok: false, close: Close.NO_TOKEN };
    let principal: Principal | null;
    try {
      principal = await authenticate(this.o.ctx, token);
    } catch (err) {
      if (isConnectionError(err)) connectionLost(err);
      else this.o.log.error({ err }, 'socket authentication failed');
      return { ok: false, close: Close.ERROR };
    }
    if (!principal) return { ok: false, close: Close.BAD_TOKEN };
    if (principal.adminId !== Number(adminIdParam)) return { ok: false, close: Close.WRONG_ADMIN };
    return { ok: true, principal };
  }

  /** Takes an upgraded socket: closes it with the verdict's reason, or registers it. */
  attach(ws: WebSocket, verdict: Verdict, meta: { lang: Lang }): boolean {
    const refuse = (close: { code: number; reason: string }) => {
      ws.close(close.code, close.reason);
      return false;
    };
    if (!verdict.ok) return refuse(verdict.close);
    const p = verdict.principal;
    if (this.closed) return refuse(Close.SHUTDOWN);
    // revoked between the token check and now (the revocation went by before the socket was registered)
    if (this.revokedRecently.has(p.sessionId)) return refuse(Close.SESSION_ENDED);
    let set = this.bySession.get(p.sessionId);
    if (set && set.size >= MAX_SOCKETS_PER_SESSION) return refuse(Close.TOO_MANY);

    const conn: Conn = { ws, adminId: p.adminId, sessionId: p.sessionId, lang: meta.lang, lastSeen: Date.now() };
    this.conns.add(conn);
    if (!set) this.bySession.set(p.sessionId, (set = new Set()));
    set.add(conn);
    this.adminRefs.set(p.adminId, (this.adminRefs.get(p.adminId) ?? 0) + 1);
    this.acl.seed(p);

    ws.on('message', (data) => this.onMessage(conn, data));
    ws.on('close', () => this.remove(conn));
    ws.on('error', (err) => this.o.log.debug({ err, adminId: conn.adminId }, 'socket error'));
    return true;
  }

  /** `notify()` lands here (through ctx.hooks 'notify'). */
  raise(event: DomainEvent): void {
    if (!isRoutedEvent(event.type)) {
      this.o.log.warn({ type: event.type }, 'notify(): this event type is not broadcast; ignored');
      return;
    }
    const queued = this.raising.push(async () => {
      let agentIds: number[] = [];
      if (event.userId != null) {
        try {
          agentIds = await this.agentChain(event.userId);
        } catch (err) {
          this.o.log.error({ err, userId: event.userId }, 'socket routing: agent chain lookup failed; agents will not be notified');
        }
      }
      this.o.bus.publish({ kind: 'event', event, agentIds });
    });
    if (!queued) this.o.log.error({ type: event.type }, 'socket hub overloaded: notice dropped');
  }

  /**
   * Listens to the domain signals of this instance: `notify` (a notice to route), `sessionsRevoked`,
   * `principalsChanged` and `cacheDropped` (published so that other instances close those sockets and drop their
   * caches). The same signals arriving from other instances are re-emitted on these hooks (so the
   * session cache there drops them too), without being published again.
   */
  wire(hooks: AppHooks): () => void {
    const onNotify = (e: DomainEvent) => this.raise(e);
    const onRevoked = (r: SessionsRevoked) => {
      if (!this.relaying) this.o.bus.publish({ kind: 'revoke', adminId: r.adminId, sessionIds: r.sessionIds, reason: r.reason });
    };
    const onChanged = (e: PrincipalsChanged) => {
      this.acl.invalidate(e);
      if (!this.relaying) this.o.bus.publish({ kind: 'principals', ...e });
    };
    hooks.on('notify', onNotify);
    hooks.on('sessionsRevoked', onRevoked);
    const onDropped = (cache: string) => {
      if (!this.relaying) this.o.bus.publish({ kind: 'cache', cache });
    };
    hooks.on('principalsChanged', onChanged);
    hooks.on('cacheDropped', onDropped);
    this.hooks = hooks;
    return () => {
      hooks.off('notify', onNotify);
      hooks.off('sessionsRevoked', onRevoked);
      hooks.off('principalsChanged', onChanged);
      hooks.off('cacheDropped', onDropped);
      this.hooks = undefined;
    };
  }

  private relay<K extends 'sessionsRevoked' | 'principalsChanged' | 'cacheDropped'>(name: K, ...args: AppEvents[K]): void {
    if (!this.hooks) return;
    this.relaying = true;
    try {
      (this.hooks.emit as (n: K, ...a: AppEvents[K]) => boolean)(name, ...args);
    } catch (err) {
      this.o.log.error({ err, name }, 'relaying a signal from another instance failed');
    } finally {
      this.relaying = false;
    }
  }

  private onBus(m: BusMessage, remote: boolean): void {
    if (this.closed) return;
    if (m.kind === 'revoke') {
      this.closeSessions(m.sessionIds, m.reason);
      if (remote) this.relay('sessionsRevoked', { adminId: m.adminId, sessionIds: m.sessionIds, reason: m.reason });
      return;
    }
    if (m.kind === 'principals') {
      this.acl.invalidate(m);
      if (remote) this.relay('principalsChanged', { adminIds: m.adminIds, roleIds: m.roleIds });
      return;
    }
    if (m.kind === 'cache') {
      if (remote) this.relay('cacheDropped', m.cache);
      return;
    }
    if (m.kind === 'quotes') {
      this.deliverQuotes(m.phase, m.quotes);
      return;
    }
    const queued = this.delivering.push(async () => {
      await this.deliver(m.event, m.agentIds);
    });
    if (!queued) this.o.log.error({ type: m.event.type }, 'socket hub overloaded: notice dropped');
  }

  /** Sends the event to every socket here whose admin may receive it; returns how many got it. */
  async deliver(event: DomainEvent, agentIds: readonly number[]): Promise<number> {
    this.counters.events++;
    if (!this.conns.size) return 0;
    const acls = await this.acl.resolve(this.adminRefs.keys());
    // Encoded once for every receiver (sent as a text frame).
    const frame = Buffer.from(noticeFrame(event.type, event.data));
    let n = 0;
    for (const c of this.conns) {
      const acl = acls.get(c.adminId);
      if (acl && canReceive(acl, event.type, event.userId, agentIds) && this.send(c, frame)) n++;
    }
    this.counters.delivered += n;
    return n;
  }

  /** Sends each watching socket the quotes of its symbols (realtime/watch.ts); returns how many got a frame. */
  deliverQuotes(phase: MarketPhase, quotes: readonly QuoteTick[]): number {
    if (!this.watchers) return 0;
    let n = 0;
    for (const [c, frame] of quoteFrames(this.conns, phase, quotes)) if (this.send(c, frame)) n++;
    return n;
  }

  private closeSessions(sessionIds: readonly number[], reason: SessionsRevoked['reason']): void {
    const until = Date.now() + REVOKED_MEMORY_MS;
    for (const id of sessionIds) {
      if (this.revokedRecently.size >= REVOKED_MEMORY_MAX) this.revokedRecently.delete(this.revokedRecently.keys().next().value!);
      this.revokedRecently.set(id, until);
      const set = this.bySession.get(id);
      if (!set) continue;
      for (const c of [...set]) {
        if (reason === 'kickout' || reason === 'offline') {
          // Sent before the close frame, on the same ordered stream: the console shows its dialog first.
          this.send(
            c,
            noticeFrame('KICKOUT_ANOTHER', { reason, msg: t(c.lang, reason === 'kickout' ? 'socket_kickout' : 'socket_offline') }),
          );
        }
        this.drop(c, revokedClose(reason));
      }
    }
  }

  private onMessage(c: Conn, data: WebSocket.RawData): void {
    c.lastSeen = Date.now();
    const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
    const frame = parseClientFrame(text);
    if (frame.kind === 'heartbeat') this.send(c, heartbeatReply);
    else if (frame.kind === 'watch') this.setWatch(c, frame.gids);
    else if (frame.kind === 'invalid') this.send(c, errorFrame(t(c.lang, 'socket_invalid_message')));
  }

  private setWatch(c: Conn, gids: string[]): void {
    const before = c.watch;
    c.watch = gids.length ? new Set(gids) : undefined;
    this.watchers += (gids.length ? 1 : 0) - (before?.size ? 1 : 0);
    const snapshot = this.o.ctx.market && snapshotFrame(this.o.ctx.market, before, c.watch);
    if (snapshot) this.send(c, snapshot);
  }

  private send(c: Conn, frame: string | Buffer): boolean {
    if (c.ws.readyState !== WebSocket.OPEN) return false;
    if (c.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.counters.dropped++;
      this.o.log.warn({ adminId: c.adminId }, 'socket too slow to receive; dropped');
      this.remove(c);
      c.ws.terminate();
      return false;
    }
    c.ws.send(frame, TEXT);
    return true;
  }

  private drop(c: Conn, close: { code: number; reason: string }): void {
    this.remove(c);
    try {
      c.ws.close(close.code, close.reason);
    } catch {
      c.ws.terminate();
    }
  }

  private remove(c: Conn): void {
    if (!this.conns.delete(c)) return;
    if (c.watch?.size) this.watchers--;
    const set = this.bySession.get(c.sessionId);
    set?.delete(c);
    if (set && !set.size) this.bySession.delete(c.sessionId);
    const refs = (this.adminRefs.get(c.adminId) ?? 1) - 1;
    if (refs > 0) this.adminRefs.set(c.adminId, refs);
    else {
      this.adminRefs.delete(c.adminId);
      this.acl.retain(new Set(this.adminRefs.keys()));
    }
  }

  private sweepIdle(): void {
    const now = Date.now();
    const gap = now - this.lastSweep;
    this.lastSweep = now;
    // After a stall of the event loop (GC, CPU starvation) timers run before the socket reads that
    // piled up: skip one round so that heartbeats already received are counted first.
    if (gap > 3 * this.sweepMs) return;
    const limit = 2 * this.o.heartbeatMs;
    for (const c of this.conns) if (now - c.lastSeen > limit) this.drop(c, Close.IDLE);
    for (const [id, until] of this.revokedRecently) {
      if (until > now) break; // insertion order ≈ expiry order
      this.revokedRecently.delete(id);
    }
  }

  /** Closes sockets whose session expired, was revoked while the bus was down, or whose admin got locked. */
  async checkSessions(): Promise<number> {
    if (this.checking || this.closed || !this.bySession.size) return 0;
    this.checking = true;
    try {
      const ids = [...this.bySession.keys()];
      const valid = await validSessionIds(this.o.ctx.db, ids);
      let closed = 0;
      for (const id of ids) {
        if (valid.has(id)) continue;
        for (const c of [...(this.bySession.get(id) ?? [])]) {
          this.drop(c, Close.SESSION_ENDED);
          closed++;
        }
      }
      return closed;
    } catch (err) {
      // sockets already signed in stay open through a database outage; the next check catches up
      if (isConnectionError(err)) connectionLost(err);
      else this.o.log.error({ err }, 'socket session check failed');
      return 0;
    } finally {
      this.checking = false;
    }
  }

  /** Waits until raised events are published and received ones delivered (tests, benchmarks). */
  async settle(): Promise<void> {
    await this.raising.idle();
    await new Promise((r) => setImmediate(r));
    await this.delivering.idle();
  }

  stats() {
    return {
      sockets: this.conns.size,
      watchers: this.watchers,
      sessions: this.bySession.size,
      admins: this.adminRefs.size,
      bus: this.o.bus.kind,
      busConnected: this.o.bus.connected(),
      ...this.counters,
    };
  }

  /** Closes every socket (1001) and stops the timers and the bus subscription. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const tm of this.timers) clearInterval(tm);
    this.unsubscribe();
    for (const c of [...this.conns]) this.drop(c, Close.SHUTDOWN);
  }
}
