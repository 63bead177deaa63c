import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { rolesApi, usersApi, type Endpoint } from '@stock-admin/contracts';
import type { AppContext } from '../../src/app/context.js';
import { guardedRoute, route } from '../../src/http/route.js';
import { endpointsByPath } from '../../src/modules/_kit/operations.js';
import { defineGuard } from '../../src/modules/approvals/index.js';
import { guardOf, registeredGuards } from '../../src/modules/approvals/registry.js';
import { DOMAINS } from '../../src/modules/index.js';

/**
 * Issue 63: the approval gate explicit. A guarded endpoint (contracts `guard`, beside its permission) is installed with
 * its guard — handler, target, amount — and an approved request is run from one registry keyed by operation, which
 * holds exactly the contracts' guarded endpoints.
 */
const guardedInContracts = [...endpointsByPath().values()].map((x) => x.endpoint).filter((e) => e.guard);

describe('the guard registry', () => {
  it('holds every guarded endpoint of the contracts once, under its operation, with the handler its route runs', () => {
    expect(guardedInContracts.length).toBeGreaterThanOrEqual(29);
    const registered = [...registeredGuards().entries()].flatMap(([op, gs]) => gs.map((g) => ({ op, g })));
    expect(registered.map((r) => `${r.op} ${r.g.endpoint.path}`).sort()).toEqual(
      guardedInContracts.map((e) => `${e.guard} ${e.path}`).sort(),
    );
    for (const e of guardedInContracts) {
      const g = guardOf(e.guard!, e.path);
      expect(g?.endpoint, e.path).toBe(e);
      expect(typeof g?.handler, e.path).toBe('function');
      // the operation is the contract's, not a second declaration that could disagree with it
      expect(g?.operation).toBe(e.guard);
    }
    // under another operation a path is not found: the request's operation is the registry's key
    expect(guardOf('position.create', usersApi.updateAmt.path)).toBeUndefined();
  });

  it('is filled from the manifests: each guard is listed by the domain whose contract declares it', () => {
    const listed = DOMAINS.flatMap((d) => (d.guards ?? []).map((g) => ({ domain: d.name, module: g.endpoint.module, path: g.endpoint.path })));
    expect(listed).toHaveLength(guardedInContracts.length);
    // (the contract's `module` names the operation log's module; the balance of an agent is the agents domain's)
    expect(listed.find((x) => x.path === usersApi.updateAmt.path)?.domain).toBe('users');
    expect(listed.find((x) => x.path === rolesApi.add.path)?.domain).toBe('roles');
  });

  it('refuses to install a guarded endpoint without its guard, or a guard on an endpoint its contract does not guard', () => {
    const app = Fastify();
    const ctx = {} as AppContext;
    expect(() => route(app, ctx, usersApi.updateAmt, async () => ({ approval: { id: 1, status: 'pending' as const } }))).toThrow(
      /guarded \('balance' in its contract\): install it with guardedRoute/,
    );
    expect(() => defineGuard({ endpoint: usersApi.list as Endpoint, handler: async () => null })).toThrow(/has no guard in its contract/);
    expect(() =>
      guardedRoute(app, ctx, { endpoint: usersApi.list as Endpoint, handler: async () => null, hold: async () => null }),
    ).toThrow(/has no guard in its contract: install it with route/);
  });
});
