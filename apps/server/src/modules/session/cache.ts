import type { AppHooks, Principal } from '../../http/context.js';

/**
 * Resolved sessions, keyed by token hash, so that a signed-in request costs no database round trip.
 * Revocations, role edits and profile edits drop entries at once (through AppHooks, which the
 * realtime bus also feeds from other instances); the short TTL bounds staleness if a signal is lost.
 */
export class SessionCache {
  private readonly byHash = new Map<string, { p: Principal; until: number }>();

  constructor(
    hooks: AppHooks,
    private readonly ttlMs = 5_000,
    private readonly max = 50_000,
  ) {
    hooks.on('sessionsRevoked', (e) => this.drop((p) => e.sessionIds.includes(p.sessionId)));
    hooks.on('principalsChanged', (e) =>
      this.drop((p) => !!e.adminIds?.includes(p.adminId) || !!e.roleIds?.includes(p.roleId)),
    );
  }

  get(hash: string, now = Date.now()): Principal | undefined {
    const hit = this.byHash.get(hash);
    if (!hit) return undefined;
    if (hit.until <= now || hit.p.expiresAt <= now) {
      this.byHash.delete(hash);
      return undefined;
    }
    return hit.p;
  }

  set(hash: string, p: Principal, now = Date.now()): void {
    if (this.byHash.size >= this.max) this.byHash.delete(this.byHash.keys().next().value!);
    this.byHash.set(hash, { p, until: now + this.ttlMs });
  }

  private drop(match: (p: Principal) => boolean): void {
    for (const [k, v] of this.byHash) if (match(v.p)) this.byHash.delete(k);
  }
}
