import type { AppHooks, Principal } from '../../app/context.js';

type Load<P> = () => Promise<P | null>;
/** Many lookups in one: the principals of the hashes that still have a valid session (absent: none). */
export type LoadMany<P> = (hashes: string[]) => Promise<Map<string, P>>;

/** The batched refresh (TokenCache with `loadMany`): how often it runs, and how long an unused entry is kept fresh. */
export interface BatchRefresh<P> {
  loadMany: LoadMany<P>;
  everyMs?: number;
  keepMs?: number;
}

/** At most this many entries per batched lookup; the rest wait for the next. */
const BATCH_MAX = 1_000;

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
 *
 * With a batched refresh, every `everyMs` the entries in their last `refreshMs` that were used in the last `keepMs`
 * are read again together, in one statement (issue 64: with hundreds of users active, a user's first call after
 * each TTL made a lookup of its own — the most frequent statement of the platform's calls after the buy's read). The
 * bound is unchanged: an entry is served at most `ttlMs` after the read that stored it.
 */
export class TokenCache<P extends { expiresAt: number }> {
  /** In the order of `until` (set() re-inserts): the batched refresh reads from the front. */
  private readonly byHash = new Map<string, { p: P; until: number; used: number }>();
  private readonly refreshing = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private readonly inflight = new Map<string, Promise<P | null>>();
  /** Bumped by every drop: a lookup begun before a revocation must not store what it read. */
  private generation = 0;

  constructor(
    private readonly ttlMs = 5_000,
    private readonly max = 50_000,
    private readonly refreshMs = 1_000,
    private readonly batch?: BatchRefresh<P>,
  ) {}

  /** The principal of a token hash: cached, or read by `load` (null: no valid session). */
  resolve(hash: string, load: Load<P>, now = Date.now()): Promise<P | null> {
    const hit = this.byHash.get(hash);
    if (hit && hit.until > now && hit.p.expiresAt > now) {
      hit.used = now;
      // a failed refresh leaves the entry to expire; the next request then looks up in the foreground
      if (!this.batch && hit.until - now <= this.refreshMs) this.lookup(hash, load).catch(() => {});
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

  private set(hash: string, p: P, now = Date.now(), used = now): void {
    this.byHash.delete(hash);
    if (this.byHash.size >= this.max) this.byHash.delete(this.byHash.keys().next().value!);
    this.byHash.set(hash, { p, until: now + this.ttlMs, used });
    if (this.batch && !this.timer) this.timer = setInterval(() => void this.refreshDue(), this.batch.everyMs ?? 250).unref();
  }

  /** The batched refresh: the entries near their end that were used lately, read again in one lookup. */
  async refreshDue(now = Date.now()): Promise<void> {
    const { loadMany, keepMs = 30_000 } = this.batch!;
    const hashes: string[] = [];
    for (const [hash, e] of this.byHash) {
      if (e.until - now > this.refreshMs) break;
      if (e.until <= now || now - e.used > keepMs) this.byHash.delete(hash);
      else if (!this.refreshing.has(hash) && e.p.expiresAt > now && hashes.length < BATCH_MAX) hashes.push(hash);
    }
    if (!this.byHash.size) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
    if (!hashes.length) return;
    for (const h of hashes) this.refreshing.add(h);
    const generation = this.generation;
    const read = Date.now();
    try {
      const found = await loadMany(hashes);
      // a drop while reading: what was read may predate the change, so nothing is stored (as for a single lookup)
      if (generation !== this.generation) return;
      for (const hash of hashes) {
        const was = this.byHash.get(hash);
        const p = found.get(hash);
        if (p && was) this.set(hash, p, read, was.used);
        else if (!p) this.byHash.delete(hash);
      }
    } catch {
      // the entries expire and the next request of each looks up in the foreground
    } finally {
      for (const h of hashes) this.refreshing.delete(h);
    }
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
