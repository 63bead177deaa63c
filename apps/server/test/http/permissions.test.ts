import { describe, expect, it } from 'vitest';
import type { Action } from '@stock-admin/contracts';
import { AppError } from '../../src/http/errors.js';
import { can, requirePermission, type Grantee } from '../../src/http/permissions.js';

const role = (grants: Record<string, Action[]>): Grantee => ({ isSuper: false, permissions: new Map(Object.entries(grants)) });

describe('can / requirePermission (http/permissions.ts)', () => {
  it('grants what the role holds, and only that', () => {
    const p = role({ userlist: ['query', 'get'], withdrawallist: [] });
    expect(can(p, 'userlist', 'get')).toBe(true);
    expect(can(p, 'userlist', 'edit')).toBe(false);
    expect(can(p, 'withdrawallist', 'edit')).toBe(false);
    expect(can(p, 'managelist', 'query')).toBe(false);
  });

  it('lets the super account do anything, and nobody without a principal', () => {
    expect(can({ isSuper: true, permissions: new Map() }, 'managelist', 'delete')).toBe(true);
    expect(can(null, 'userlist', 'query')).toBe(false);
    expect(can(undefined, 'userlist', 'query')).toBe(false);
  });

  it('refuses with the route guard’s 403, naming the permission and action', () => {
    expect(() => requirePermission(role({ scheduledtasks: ['query'] }), 'scheduledtasks', 'query')).not.toThrow();
    let err: unknown;
    try {
      requirePermission(role({ scheduledtasks: ['query'] }), 'scheduledtasks', 'enable');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ key: 'forbidden', httpStatus: 403, params: { permission: 'scheduledtasks', action: 'enable' } });
  });
});
