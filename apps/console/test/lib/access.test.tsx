import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { UserInfo } from '@stock-admin/contracts';
import { Access, hasAccess, RoutePermissionContext } from '../../src/lib/access';
import { setUserInfo } from '../../src/lib/session';

const user = (isSuper: boolean, perms: Record<string, string[]>) =>
  ({
    id: 1,
    name: 'n',
    isSuper,
    role: {
      id: 1,
      name: 'r',
      permissions: Object.entries(perms).map(([k, a]) => ({
        roleId: 1,
        permissionId: k,
        actions: a,
      })),
    },
  }) as unknown as UserInfo;

describe('access', () => {
  it('tests the action in the role permission entry; the super account passes', () => {
    const u = user(false, { userlist: ['query', 'edit'] });
    expect(hasAccess(u, 'userlist', 'edit')).toBe(true);
    expect(hasAccess(u, 'userlist', 'delete')).toBe(false);
    expect(hasAccess(u, 'agentlist', 'query')).toBe(false);
    expect(hasAccess(user(true, {}), 'agentlist', 'delete')).toBe(true);
    expect(hasAccess(null, 'userlist', 'query')).toBe(false);
  });

  it('<Access> hides what the role lacks, using the page permission by default', () => {
    act(() => setUserInfo(user(false, { userlist: ['query'] })));
    render(
      <RoutePermissionContext.Provider value="userlist">
        <Access action="query">
          <span>can-query</span>
        </Access>
        <Access action="delete" fallback={<span>no-delete</span>}>
          <span>can-delete</span>
        </Access>
        <Access permission="agentlist" action="query">
          <span>agents</span>
        </Access>
      </RoutePermissionContext.Provider>,
    );
    expect(screen.queryByText('can-query')).toBeTruthy();
    expect(screen.queryByText('can-delete')).toBeNull();
    expect(screen.queryByText('no-delete')).toBeTruthy();
    expect(screen.queryByText('agents')).toBeNull();
    act(() => setUserInfo(null));
  });
});
