import type { FastifyBaseLogger } from 'fastify';
import type { Principal, PrincipalStore } from '../app/context.js';
import type { ReceiverAcl } from './routing.js';

interface AdminEntry {
  roleId: number;
  agentId: number | null;
  isSuper: boolean;
  locked: boolean;
  at: number;
}
interface RoleEntry {
  permissions: Map<string, string[]>;
  at: number;
}

/**
 * Who may receive what, for the admins holding sockets on this instance: the same data as
 * authenticate() (admin's role, bound agent, lock; the role's permission entries), cached per admin
 * and per role for `ttlMs`. Entries older than that are reloaded (two queries for all stale ones) before
 * an event is routed, so a role edit or an account lock takes effect within `ttlMs`. If the reload
 * fails the previous entries are used and the fault logged.
 */
export class AclCache {
  private admins = new Map<number, AdminEntry>();
  private roles = new Map<number, RoleEntry>();

  constructor(
    private readonly store: Pick<PrincipalStore, 'admins' | 'roleGrants'>,
    private readonly superAccount: string,
    private readonly ttlMs: number,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Primes the cache with the principal authenticated at connect time. */
  seed(p: Principal): void {
    const at = this.now();
    this.admins.set(p.adminId, { roleId: p.roleId, agentId: p.agentId, isSuper: p.isSuper, locked: false, at });
    this.roles.set(p.roleId, { permissions: new Map([...p.permissions].map(([k, v]) => [k, [...v]])), at });
  }

  /** Forgets admins/roles whose data changed; they are reloaded before the next event is routed. */
  invalidate(e: { adminIds?: number[]; roleIds?: number[] }): void {
    for (const id of e.adminIds ?? []) this.admins.delete(id);
    for (const id of e.roleIds ?? []) this.roles.delete(id);
  }

  /** Drops admins that no longer hold a socket here. */
  retain(adminIds: ReadonlySet<number>): void {
    for (const id of this.admins.keys()) if (!adminIds.has(id)) this.admins.delete(id);
    const roleIds = new Set([...this.admins.values()].map((a) => a.roleId));
    for (const id of this.roles.keys()) if (!roleIds.has(id)) this.roles.delete(id);
  }

  /** Fresh (≤ ttl) ACLs of the given admins; an admin that no longer exists is absent. */
  async resolve(adminIds: Iterable<number>): Promise<Map<number, ReceiverAcl>> {
    const ids = [...new Set(adminIds)];
    const limit = this.now() - this.ttlMs;
    const staleAdmins = ids.filter((id) => (this.admins.get(id)?.at ?? -Infinity) < limit);
    try {
      if (staleAdmins.length) await this.loadAdmins(staleAdmins);
      const roleIds = new Set<number>();
      for (const id of ids) {
        const a = this.admins.get(id);
        if (a) roleIds.add(a.roleId);
      }
      const staleRoles = [...roleIds].filter((id) => (this.roles.get(id)?.at ?? -Infinity) < limit);
      if (staleRoles.length) await this.loadRoles(staleRoles);
    } catch (err) {
      this.log.error({ err }, 'socket routing: could not refresh permissions; using the cached ones');
    }
    const out = new Map<number, ReceiverAcl>();
    for (const id of ids) {
      const a = this.admins.get(id);
      if (!a) continue;
      out.set(id, {
        isSuper: a.isSuper,
        locked: a.locked,
        agentId: a.agentId,
        permissions: this.roles.get(a.roleId)?.permissions ?? new Map(),
      });
    }
    return out;
  }

  private async loadAdmins(ids: number[]): Promise<void> {
    const at = this.now();
    const found = await this.store.admins(ids);
    const seen = new Set<number>();
    for (const r of found) {
      seen.add(r.id);
      this.admins.set(r.id, { roleId: r.roleId, agentId: r.agentId, locked: r.locked, isSuper: r.username === this.superAccount, at });
    }
    for (const id of ids) if (!seen.has(id)) this.admins.delete(id);
  }

  private async loadRoles(ids: number[]): Promise<void> {
    const at = this.now();
    const found = await this.store.roleGrants(ids);
    const fresh = new Map<number, Map<string, string[]>>(ids.map((id) => [id, new Map()]));
    for (const r of found) fresh.get(r.roleId)!.set(r.key, r.actions ?? []);
    for (const [id, permissions] of fresh) this.roles.set(id, { permissions, at });
  }
}
