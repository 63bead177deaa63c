import type { FastifyBaseLogger } from 'fastify';
import WebSocket from 'ws';
import type { Lang } from '@stock-admin/contracts';
import type { AppContext, Principal, SessionsRevoked } from '../app/context.js';
import { t } from '../app/i18n.js';
import { AclCache } from './acl.js';
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
import { connectionLost, isConnectionError } from '../db/outage.js';
import { metrics } from '../lib/metrics.js';
import './messages.js';
import { snapshotFrame, watchOf, type QuoteWatch } from './watch.js';

export type Verdict = { ok: true; principal: Principal } | { ok: false; close: { code: number; reason: string } };

export interface Conn {
  ws: WebSocket;
  adminId: number;
  sessionId: number;
  lang: Lang;
  lastSeen: number;
  /** The symbols this socket shows (WATCH) and its quote frames in flight; quotes of others are not sent to it. */
  watch?: QuoteWatch;
}

export interface ConnectionOptions {
  ctx: AppContext;
  log: FastifyBaseLogger;
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
 * The connection side of the socket hub (DESIGN §4): the sockets this instance holds, from the token check
 * and registration through heartbeats, WATCH requests, slow receivers and idle sweeps to closing them when
 * their session ends. SocketHub (hub.ts) extends it with the routing and delivery of notices over the bus;
 * the two are apart because one answers to each socket's life and the other to events, whatever the socket.
 */
export class SocketConnections {
  readonly acl: AclCache;
  protected readonly conns = new Set<Conn>();
  protected readonly bySession = new Map<number, Set<Conn>>();
  protected readonly adminRefs = new Map<number, number>();
  private readonly revokedRecently = new Map<number, number>();
  private readonly timers: NodeJS.Timeout[] = [];
  private checking = false;
  /** Sockets watching at least one symbol. */
  protected watchers = 0;
  protected closed = false;
  private readonly sweepMs: number;
  private lastSweep = Date.now();
  /** Sockets dropped for receiving too slowly. */
  protected dropped = 0;

  constructor(protected readonly o: ConnectionOptions) {
    this.acl = new AclCache(o.ctx.principals, o.ctx.config.SUPER_ACCOUNT, o.aclTtlMs ?? 5000, o.log);
    this.sweepMs = Math.max(25, Math.floor(o.heartbeatMs / 4));
    this.timers.push(setInterval(() => this.sweepIdle(), this.sweepMs).unref());
    this.timers.push(setInterval(() => void this.checkSessions(), o.sessionCheckMs).unref());
  }

  /** Decides whether a connection to `/manager/ws/{adminIdParam}?token=` may stay open. */
  async authorize(adminIdParam: string | undefined, token: string | null | undefined): Promise<Verdict> {
    if (!adminIdParam || !/^[1-9]\d{0,9}$/.test(adminIdParam)) return { ok: false, close: Close.BAD_ADMIN_ID };
    if (!token) return { ok: false, close: Close.NO_TOKEN };
    let principal: Principal | null;
    try {
      principal = await this.o.ctx.authenticate(token);
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
  attach(ws: WebSocket, verdict: Verdict, meta: { lang: Lang; since?: number }): boolean {
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
    if (meta.since !== undefined)
      this.resume(conn, meta.since).catch((err: unknown) => this.o.log.error({ err, adminId: conn.adminId }, 'socket resume failed'));
    return true;
  }

  /** A reconnecting console asked for the notices since `since` (SocketHub sends them). */
  protected async resume(_c: Conn, _since: number): Promise<void> {}

  /** Closes the sockets of revoked sessions (the hub calls it on a revocation from the bus), remembering the ids a while. */
  protected closeSessions(sessionIds: readonly number[], reason: SessionsRevoked['reason']): void {
    const until = Date.now() + REVOKED_MEMORY_MS;
    for (const id of sessionIds) {
      if (this.revokedRecently.size >= REVOKED_MEMORY_MAX) this.revokedRecently.delete(this.revokedRecently.keys().next().value!);
      this.revokedRecently.set(id, until);
      const set = this.bySession.get(id);
      if (!set) continue;
      for (const c of [...set]) {
        if (reason === 'kickout' || reason === 'offline') {
          // Sent before the close frame, on the same ordered stream: the console shows its dialog first.
          const sent = this.send(
            c,
            noticeFrame('KICKOUT_ANOTHER', { reason, msg: t(c.lang, reason === 'kickout' ? 'socket_kickout' : 'socket_offline') }),
          );
          if (sent) metrics.noticesSent.inc({ event: 'KICKOUT_ANOTHER' });
        }
        this.drop(c, revokedClose(reason));
      }
    }
  }

  private onMessage(c: Conn, data: WebSocket.RawData): void {
    c.lastSeen = Date.now();
    const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
    const frame = parseClientFrame(text);
    if (frame.kind === 'heartbeat') this.send(c, heartbeatReply());
    else if (frame.kind === 'watch') this.setWatch(c, frame.gids);
    else if (frame.kind === 'invalid') this.send(c, errorFrame(t(c.lang, 'socket_invalid_message')));
  }

  private setWatch(c: Conn, gids: string[]): void {
    const before = c.watch;
    c.watch = watchOf(gids);
    this.watchers += (c.watch ? 1 : 0) - (before ? 1 : 0);
    const snapshot = this.o.ctx.market && snapshotFrame(this.o.ctx.market, before, c.watch);
    if (snapshot) this.send(c, snapshot);
  }

  /** Hands `frame` to the socket; `written` is called once it is written out (not when this returns false). */
  protected send(c: Conn, frame: string | Buffer, written?: () => void): boolean {
    if (c.ws.readyState !== WebSocket.OPEN) return false;
    if (c.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.dropped++;
      this.o.log.warn({ adminId: c.adminId }, 'socket too slow to receive; dropped');
      this.remove(c);
      c.ws.terminate();
      return false;
    }
    c.ws.send(frame, TEXT, written);
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
    if (c.watch) this.watchers--;
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
      const valid = await this.o.ctx.principals.validSessionIds(ids);
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

  /** Closes every socket (1012, reconnect) and stops the timers (SocketHub also ends its bus subscription). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const tm of this.timers) clearInterval(tm);
    for (const c of [...this.conns]) this.drop(c, Close.SHUTDOWN);
  }
}
