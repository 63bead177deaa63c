import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { UserInfo } from '@stock-admin/contracts';
import { shellRoutes } from '../../../src/app/routes';
import { changeLang } from '../../../src/app/i18n';
import { pickOwnRecord } from '../../../src/shared/currentAdmin';
import { AvatarMenu } from '../../../src/layouts/HeaderActions';
import { grantRoutes, isSection, resolveShellPath } from '../../../src/lib/routing';
import { requestEnv } from '../../../src/lib/request';
import { setUserInfo } from '../../../src/lib/session';
import { fakeFetch, ok } from '../../helpers';

const who = (perms: Record<string, string[]>, isSuper = false, username = 'ops') =>
  ({
    id: 9,
    name: 'session name',
    username,
    avatar: '',
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

describe('header display name (spec §3 Admin record)', () => {
  it('is the adminName of the record whose adminUtopia is the login, else none', () => {
    const list = [
      { adminUtopia: 'other', adminName: 'Other' },
      { adminUtopia: 'ops', adminName: '运营' },
    ];
    expect(pickOwnRecord(list, 'ops')?.adminName).toBe('运营');
    expect(pickOwnRecord(list, 'nobody')).toBeNull();
    expect(pickOwnRecord(undefined, 'ops')).toBeNull();
  });

  describe('in the header', () => {
    beforeEach(async () => {
      await changeLang('zh-CN');
    });
    afterEach(() => {
      act(() => setUserInfo(null));
    });

    it('shows the name from /admin/system/current.do', async () => {
      const f = fakeFetch(() =>
        ok({ list: [{ id: 9, adminUtopia: 'ops2', adminName: '值班员', avatar: '' }], total: 1, pageNum: 1, pageSize: 1 }),
      );
      requestEnv.fetch = f.fn;
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        act(() => setUserInfo(who({ user: ['query'] }, false, 'ops2')));
        render(
          <MemoryRouter>
            <AvatarMenu />
          </MemoryRouter>,
        );
        await act(async () => {
          await Promise.resolve();
          vi.advanceTimersByTime(1500);
        });
        await vi.waitFor(() => expect(screen.getByTestId('header-name').textContent).toBe('值班员'));
        expect(f.calls[0]!.url).toBe('/admin/system/current.do');
      } finally {
        vi.useRealTimers();
      }
    });

    it('falls back to the default name when no record matches', async () => {
      requestEnv.fetch = fakeFetch(() =>
        ok({ list: [{ id: 1, adminUtopia: 'someone-else', adminName: 'X', avatar: '' }], total: 1, pageNum: 1, pageSize: 1 }),
      ).fn;
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        act(() => setUserInfo(who({ user: ['query'] }, false, 'ops3')));
        render(
          <MemoryRouter>
            <AvatarMenu />
          </MemoryRouter>,
        );
        await act(async () => {
          await Promise.resolve();
          vi.advanceTimersByTime(1500);
        });
        await vi.waitFor(() => expect(screen.getByTestId('header-name').textContent).toBe('管理员'));
      } finally {
        vi.useRealTimers();
      }
    });
  });
});

describe('route table of issue 7', () => {
  const paths = (info: UserInfo) =>
    grantRoutes(shellRoutes, info)
      .filter(isSection)
      .flatMap((s) => s.children.filter((c) => !c.hideInMenu).map((c) => c.path));

  it('shows super-only pages (operation log, iOS push) to the super-user only', () => {
    const superUser = paths(who({}, true));
    expect(superUser).toEqual(
      expect.arrayContaining(['/logmanage/operationLog', '/account/settings/iosPush', '/managesettings/managelist']),
    );
    // An admin holding every key (even operationlog and push) still does not get them.
    const admin = paths(who({ loginlog: ['query'], operationlog: ['query'], push: ['query'], user: ['query'], managelist: ['query'] }));
    expect(admin).toEqual(expect.arrayContaining(['/logmanage/loginlog', '/account/settings/normal', '/managesettings/managelist']));
    expect(admin).not.toContain('/logmanage/operationLog');
    expect(admin).not.toContain('/account/settings/iosPush');
  });

  it('keeps the SMS log out of the menu but reachable', () => {
    const info = who({ smslog: ['query'] });
    expect(paths(info)).not.toContain('/logmanage/smslog');
    expect(resolveShellPath(shellRoutes, grantRoutes(shellRoutes, info), '/logmanage/smslog')).toMatchObject({ kind: 'page' });
  });

  it('menu holds only granted sections', () => {
    const sections = grantRoutes(shellRoutes, who({ managelist: ['query'] }))
      .filter(isSection)
      .filter((s) => !s.demo)
      .map((s) => s.path);
    expect(sections).toEqual(['/managesettings']);
  });

  it('opens /account/settings at its first granted page; /403 when none is granted', () => {
    const info = who({ user: ['query', 'edit'] });
    expect(resolveShellPath(shellRoutes, grantRoutes(shellRoutes, info), '/account/settings')).toEqual({
      kind: 'redirect',
      to: '/account/settings/normal',
    });
    const none = who({ loginlog: ['query'] });
    expect(resolveShellPath(shellRoutes, grantRoutes(shellRoutes, none), '/account/settings')).toEqual({ kind: 'redirect', to: '/403' });
    expect(resolveShellPath(shellRoutes, grantRoutes(shellRoutes, info), '/account/nothing')).toEqual({ kind: 'redirect', to: '/404' });
  });
});
