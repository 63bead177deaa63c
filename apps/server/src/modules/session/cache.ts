import type { AppHooks, Principal } from '../../app/context.js';

type Load<P> = () => Promise<P | null>;

/**
 * Resolved sessions, keyed by token hash, so that a signed-in request costs no database round trip (the operators'
 * — SessionCache below — and the platform users': users/sessions.ts).
 * Revocations, role edits and profile edits drop entries at once (through AppHooks, which the
 * realtime bus also feeds from other instances); the short TTL bounds staleness if a signal is lost.
 *
 * Under load an entry must not expire in front of the requests: when it did, every request of the
 * token that arrived before the first lookup came back made a lookup of its own, queued behind the
 * pool's other statements, and each such wave (every TTL) was the slowest percent of the requests.
 * So a lookup of a token is made once however many requests wait for it, and an entry in its last
 * `refreshMs` is served while one request's lookup refreshes it in the background.
 */
export class TokenCache<P extends { expiresAt: number }> {
  private readonly byHash = new Map<string, { p: P; until: number }>();
  private readonly inflight = new Map<string, Promise<P | null>>();
  /** Bumped by every drop: a lookup begun before a revocation must not store what it read. */
  private generation = 0;

  constructor(
    private readonly ttlMs = 5_000,
    private readonly max = 50_000,
    private readonly refreshMs = 1_000,
  ) {}

  /** The principal of a token hash: cached, or read by `load` (null: no valid session). */
  resolve(hash: string, load: Load<P>, now = Date.now()): Promise<P | null> {
    const hit = this.byHash.get(hash);
    if (hit && hit.until > now && hit.p.expiresAt > now) {
      // a failed refresh leaves the entry to expire; the next request then looks up in the foreground
      if (hit.until - now <= this.refreshMs) this.lookup(hash, load).catch(() => {});
      return Promise.resolve(hit.p);
    }
    if (hit) this.byHash.delete(hash);
    return this.lookup(hash, load);
  }

  private lookup(hash: string, load: Load<P>): Promise<P | null> {
    const pending = this.inflight.get(hash);
    if (pending) return pending;
    const generation = this.generation;
    const started = load().then(
      (p) => {
        if (this.inflight.get(hash) === started) this.inflight.delete(hash);
        if (generation === this.generation) {
          if (p) this.set(hash, p);
          else this.byHash.delete(hash);
        }
        return p;
      },
      (err: unknown) => {
        if (this.inflight.get(hash) === started) this.inflight.delete(hash);
        throw err;
      },
    );
    this.inflight.set(hash, started);
    return started;
  }

  private set(hash: string, p: P, now = Date.now()): void {
    this.byHash.delete(hash);
    if (this.byHash.size >= this.max) this.byHash.delete(this.byHash.keys().next().value!);
    this.byHash.set(hash, { p, until: now + this.ttlMs });
  }

  /** Drops the sessions `match` picks; lookups in flight store nothing (they may have read before the change). */
  drop(match: (p: P) => boolean): void {
    this.generation++;
    // requests arriving after the change look up afresh rather than wait for a read made before it
    this.inflight.clear();
    for (const [k, v] of this.byHash) if (match(v.p)) this.byHash.delete(k);
  }
}

/** The operators' sessions: dropped on revocations and on role or profile edits (here or, through the bus, elsewhere). */
export class SessionCache extends TokenCache<Principal> {
  constructor(hooks: AppHooks, ttlMs = 5_000, max = 50_000, refreshMs = 1_000) {
    super(ttlMs, max, refreshMs);
    hooks.on('sessionsRevoked', (e) => this.drop((p) => e.sessionIds.includes(p.sessionId)));
    hooks.on('principalsChanged', (e) => this.drop((p) => !!e.adminIds?.includes(p.adminId) || !!e.roleIds?.includes(p.roleId)));
  }
}
