import { randomUUID } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { LocalFanout, busMessage, type BusMessage, type EventBus } from './bus.js';

/** Reconnect quickly and forever: an outage must heal without a restart. */
const retryStrategy = (times: number) => Math.min(100 * times, 1000);

/**
 * Redis pub/sub bus. Local subscribers are served directly (so this instance's sockets keep getting
 * their notices while Redis is down); other instances get the message through the channel and this
 * instance ignores its own copy coming back. While Redis is unreachable, messages for other
 * instances are dropped and counted (the fault is logged once per outage); ioredis keeps reconnecting
 * (at most a second apart) and the bus subscribes again as soon as Redis answers, without a restart.
 */
export class RedisBus extends LocalFanout implements EventBus {
  readonly kind = 'redis' as const;
  readonly origin = randomUUID();
  private pub: Redis;
  private sub: Redis;
  private up = false;
  private subscribed = false;
  private outageLogged = false;
  private droppedInOutage = 0;
  private closed = false;

  constructor(
    url: string,
    private readonly channel: string,
    private readonly log: FastifyBaseLogger,
  ) {
    super((err) => log.error({ err }, 'event bus subscriber failed'));
    const common: RedisOptions = { retryStrategy, connectionName: 'stock-admin-bus', lazyConnect: false };
    // The publisher fails fast instead of queueing while disconnected: local delivery never waits on Redis.
    this.pub = new Redis(url, { ...common, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    // Subscribed by hand on every 'ready' so that "connected" means "subscribed" (ioredis' own
    // re-subscription runs after it reports ready, which would open a window of lost messages).
    this.sub = new Redis(url, { ...common, autoResubscribe: false, maxRetriesPerRequest: null });

    this.pub.on('error', (err: Error) => this.down(`publisher: ${err.message}`));
    this.pub.on('close', () => this.down('publisher connection closed'));
    this.pub.on('ready', () => this.refreshState());
    this.sub.on('error', (err: Error) => this.down(`subscriber: ${err.message}`));
    this.sub.on('close', () => {
      this.subscribed = false;
      this.down('subscriber connection closed');
    });
    this.sub.on('ready', () => {
      this.sub.subscribe(this.channel).then(
        () => {
          this.subscribed = true;
          this.refreshState();
        },
        (err: Error) => this.down(`subscribe: ${err.message}`),
      );
    });
    this.sub.on('message', (ch: string, payload: string) => {
      if (ch === this.channel) this.receive(payload);
    });
  }

  connected(): boolean {
    return this.up;
  }

  async ping(timeoutMs = 1000): Promise<boolean> {
    if (this.closed || !this.up) return false;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((r) => (timer = setTimeout(() => r(false), timeoutMs)));
    try {
      return await Promise.race([
        this.pub.ping().then(
          (p) => p === 'PONG',
          () => false,
        ),
        late,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Resolves true once publishing and subscribed (false after `timeoutMs`); for start-up and tests. */
  async ready(timeoutMs = 5000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.up && Date.now() < deadline && !this.closed) await new Promise((r) => setTimeout(r, 20));
    return this.up;
  }

  publish(msg: BusMessage): void {
    this.deliverLocal(msg);
    if (this.closed) return;
    if (this.pub.status !== 'ready' || !this.up) {
      this.droppedInOutage++;
      return;
    }
    this.pub.publish(this.channel, JSON.stringify({ o: this.origin, m: msg })).catch((err: Error) => {
      this.droppedInOutage++;
      this.down(`publish: ${err.message}`);
    });
  }

  private receive(payload: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      this.log.warn('event bus: ignored a message that is not JSON');
      return;
    }
    const env = parsed as { o?: unknown; m?: unknown };
    if (env?.o === this.origin) return;
    const r = busMessage.safeParse(env?.m);
    if (!r.success) {
      this.log.warn({ issue: r.error.issues[0]?.message }, 'event bus: ignored a malformed message');
      return;
    }
    this.deliverLocal(r.data as BusMessage, true);
  }

  private down(why: string): void {
    if (this.closed) return;
    this.up = false;
    // Logged once per outage (ioredis retries every second), and once if Redis is unreachable at start-up.
    if (!this.outageLogged) {
      this.outageLogged = true;
      this.log.error(
        { why, channel: this.channel },
        "event bus: Redis unreachable; delivering to this instance's sockets only until it returns",
      );
    }
  }

  private refreshState(): void {
    if (this.closed || this.up) return;
    if (this.pub.status !== 'ready' || !this.subscribed) return;
    this.up = true;
    if (this.outageLogged) this.log.warn({ dropped: this.droppedInOutage }, 'event bus: Redis is back; cross-instance delivery resumed');
    else this.log.info({ channel: this.channel }, 'event bus: connected to Redis');
    this.outageLogged = false;
    this.droppedInOutage = 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.up = false;
    this.sub.disconnect();
    this.pub.disconnect();
  }
}
