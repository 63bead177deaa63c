import type { MarketPhase, QuoteTick } from '@stock-admin/contracts';
import type { AppEvents, AppHooks, DomainEvent, PrincipalsChanged, SessionsRevoked } from '../app/context.js';
import { gaugeSource, metrics } from '../lib/metrics.js';
import type { BusMessage, EventBus } from './bus.js';
import { SocketConnections, type ConnectionOptions } from './connections.js';
import { noticeFrame } from './protocol.js';
import { ReplayBuffer, derivedNoticeId, noticeId, type Stamped } from './replay.js';
import type { Conn } from './connections.js';
import { canReceive, isRoutedEvent, type ReceiverAcl } from './routing.js';
import { BatchQueue, SerialQueue } from './serial-queue.js';
import { fanOutQuotes, type QuoteSink } from './watch.js';

export type { Verdict } from './connections.js';

/** How long a raised notice waits for others to share its agents' lookup: well under what an operator notices. */
export const NOTICE_GATHER_MS = 25;

/** Each user's agent and all its ancestors (agent staff above the user receive the user's events), for many users at once. */
export type AgentChainResolver = (userIds: number[]) => Promise<Map<number, number[]>>;

export interface HubOptions extends ConnectionOptions {
  bus: EventBus;
  agentChain: AgentChainResolver;
}

/**
 * The sockets held by this instance and the routing of notices to them (DESIGN §4). Domain code raises
 * events with `notify()`; the hub resolves the user's agent chain once, publishes on the bus, and every
 * instance's hub delivers to the sockets it holds whose admin may receive the event. Session revocations
 * travel the same way and close the sessions' sockets wherever they are. The sockets themselves (sign-in,
 * heartbeats, watches, idle and session checks) are handled by SocketConnections in connections.ts.
 */
export class SocketHub extends SocketConnections {
  agentChain: AgentChainResolver;
  private readonly raising: BatchQueue<{ event: DomainEvent; raisedAt: number }>;
  private readonly unwatch: () => void;
  private readonly delivering: SerialQueue;
  private readonly unsubscribe: () => void;
  private relaying = false;
  private hooks: AppHooks | undefined;
  private counters = { delivered: 0, events: 0, replayed: 0 };
  /** The notices of the last two minutes, for consoles that reconnect here (realtime/replay.ts). */
  readonly replay = new ReplayBuffer();
  /** The hub's own settings (bus, agent chain) beside those of the connection side. */
  declare protected readonly o: HubOptions;

  constructor(o: HubOptions) {
    super(o);
    this.agentChain = o.agentChain;
    const onError = (err: unknown) => o.log.error({ err }, 'socket hub job failed');
    // under load (hundreds of buys a second) the events of the same few milliseconds share one lookup of their users'
    // agents (issue 64: one lookup per event or two was a statement in twenty of the platform's)
    this.raising = new BatchQueue(10_000, 500, (raised) => this.publish(raised), onError, NOTICE_GATHER_MS);
    this.unwatch = gaugeSource('socket_connections', () => this.conns.size);
    this.delivering = new SerialQueue(10_000, onError);
    this.unsubscribe = o.bus.subscribe((m, remote) => this.onBus(m, remote));
  }

  /** The bus this hub listens to (other domains publish their own kinds of message on it). */
  get bus(): EventBus {
    return this.o.bus;
  }

  /** `notify()` lands here (through ctx.hooks 'notify'). */
  raise(event: DomainEvent): void {
    if (!isRoutedEvent(event.type)) {
      this.o.log.warn({ type: event.type }, 'notify(): this event type is not broadcast; ignored');
      return;
    }
    if (!this.raising.push({ event, raisedAt: Date.now() }))
      this.o.log.error({ type: event.type }, 'socket hub overloaded: notice dropped');
  }

  /** Publishes raised events in order, with the agent chains of their users looked up together. */
  private async publish(raised: { event: DomainEvent; raisedAt: number }[]): Promise<void> {
    const userIds = raised.flatMap(({ event: e }) => (e.userId != null ? [e.userId] : []));
    let chains = new Map<number, number[]>();
    if (userIds.length) {
      try {
        chains = await this.agentChain(userIds);
      } catch (err) {
        this.o.log.error({ err, userIds: [...new Set(userIds)] }, 'socket routing: agent chain lookup failed; agents will not be notified');
      }
    }
    for (const { event, raisedAt } of raised) {
      const agentIds = event.userId != null ? (chains.get(event.userId) ?? []) : [];
      this.o.bus.publish({ kind: 'event', event, agentIds, raisedAt, id: noticeId() });
    }
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
    const onWrote = (adminId: number) => {
      if (!this.relaying) this.o.bus.publish({ kind: 'wrote', adminId });
    };
    hooks.on('principalsChanged', onChanged);
    hooks.on('cacheDropped', onDropped);
    hooks.on('adminWrote', onWrote);
    this.hooks = hooks;
    return () => {
      hooks.off('notify', onNotify);
      hooks.off('sessionsRevoked', onRevoked);
      hooks.off('principalsChanged', onChanged);
      hooks.off('cacheDropped', onDropped);
      hooks.off('adminWrote', onWrote);
      this.hooks = undefined;
    };
  }

  private relay<K extends 'sessionsRevoked' | 'principalsChanged' | 'cacheDropped' | 'adminWrote'>(name: K, ...args: AppEvents[K]): void {
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
    if (m.kind === 'wrote') {
      if (remote) this.relay('adminWrote', m.adminId);
      return;
    }
    if (m.kind === 'quotes') {
      this.deliverQuotes(m.phase, m.quotes);
      return;
    }
    const at = m.raisedAt ?? Date.now();
    const stamped: Stamped = { id: m.id ?? derivedNoticeId(m.event, m.raisedAt), at, event: m.event, agentIds: m.agentIds };
    // kept before it is delivered: a console attaching meanwhile gets it from one or the other, or both (it drops a repeat by id)
    this.replay.push(stamped);
    const queued = this.delivering.push(async () => {
      await this.deliver(m.event, m.agentIds, m.raisedAt, stamped);
    });
    if (!queued) this.o.log.error({ type: m.event.type }, 'socket hub overloaded: notice dropped');
  }

  /** Sends the event to every socket here whose admin may receive it; returns how many got it. */
  async deliver(event: DomainEvent, agentIds: readonly number[], raisedAt?: number, stamp?: Pick<Stamped, 'id' | 'at'>): Promise<number> {
    this.counters.events++;
    if (!this.conns.size) return 0;
    const acls = await this.acl.resolve(this.adminRefs.keys());
    // Encoded once for every receiver (sent as a text frame).
    const frame = Buffer.from(noticeFrame(event.type, event.data, stamp && { id: stamp.id, at: stamp.at }));
    let n = 0;
    for (const c of this.conns) if (receives(acls.get(c.adminId), c, event, agentIds) && this.send(c, frame)) n++;
    this.counters.delivered += n;
    if (n) {
      metrics.noticesSent.inc({ event: event.type }, n);
      if (raisedAt !== undefined) metrics.fanoutDelay.observe(Math.max(0, Date.now() - raisedAt) / 1000);
    }
    return n;
  }

  /**
   * A console reconnecting with `?since=` (the last `at` it saw): the notices raised since then that its admin may
   * receive, oldest first, from this instance's window (realtime/replay.ts). Called once the socket is registered, so
   * a notice arriving meanwhile is delivered live as well; the console drops the repeat by id.
   */
  protected override async resume(c: Conn, since: number): Promise<void> {
    const missed = this.replay.since(since);
    if (!missed.length) return;
    const acl = (await this.acl.resolve([c.adminId])).get(c.adminId);
    let n = 0;
    for (const s of missed) if (receives(acl, c, s.event, s.agentIds) && this.send(c, noticeFrame(s.event.type, s.event.data, s))) n++;
    this.counters.replayed += n;
    if (n) metrics.noticesReplayed.inc(n);
  }

  /** Sends each watching socket the quotes of its symbols (realtime/watch.ts); returns how many got a frame now. */
  deliverQuotes(phase: MarketPhase, quotes: readonly QuoteTick[]): number {
    if (!this.watchers) return 0;
    return fanOutQuotes(this.conns, phase, quotes, this.quoteSink);
  }

  private readonly quoteSink: QuoteSink<Conn> = {
    watchOf: (c) => (this.conns.has(c) ? c.watch : undefined),
    send: (c, frame, written) => this.send(c, frame, written),
  };

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
      dropped: this.dropped,
    };
  }

  /** Closes every socket (1012, reconnect) and stops the timers and the bus subscription. */
  override close(): void {
    if (this.closed) return;
    this.unsubscribe();
    this.unwatch();
    super.close();
  }
}

/** Whether the socket's admin may receive the event: a reply to named operators reaches them alone (not locked), whatever their role holds. */
function receives(acl: ReceiverAcl | undefined, c: Conn, event: DomainEvent, agentIds: readonly number[]): boolean {
  if (!acl) return false;
  return event.toAdminIds ? !acl.locked && event.toAdminIds.includes(c.adminId) : canReceive(acl, event.type, event.userId, agentIds);
}
