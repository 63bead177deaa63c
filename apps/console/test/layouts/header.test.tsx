import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { UserInfo } from '@stock-admin/contracts';
import { changeLang } from '../../src/app/i18n';
import { AvatarMenu, HeaderBadges } from '../../src/layouts/HeaderActions';
import { builtBadgeButtons } from '../../src/layouts/headerBadges';
import { badges } from '../../src/lib/badges';
import { requestEnv } from '../../src/lib/request';
import { setUserInfo } from '../../src/lib/session';
import { fakeFetch, ok } from '../helpers';

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}

const admin = {
  id: 1,
  name: '管理员',
  username: 'admin',
  avatar: '',
  isSuper: true,
  role: { id: 1, name: 'admin', permissions: [] },
} as unknown as UserInfo;
beforeEach(async () => {
  // The header name comes from /admin/system/current.do (issue 7): answer it without a network.
  requestEnv.fetch = fakeFetch(() =>
    ok({ list: [{ id: 1, adminUtopia: 'admin', adminName: '管理员', avatar: '' }], total: 1, pageNum: 1, pageSize: 1 }),
  ).fn;
  await changeLang('zh-CN');
  vi.useFakeTimers();
  act(() => setUserInfo(admin));
  badges.clear();
});
afterEach(() => {
  vi.useRealTimers();
  act(() => setUserInfo(null));
});

describe('header badge buttons', () => {
  it('show counters only when non-zero; a click opens the page with an update timestamp and clears the counter 0.6 s later', () => {
    render(
      <MemoryRouter initialEntries={['/dashboard/workplace']}>
        <HeaderBadges />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    for (const label of ['提现', '股票买入', '大宗交易', '实名审核', '合同审核']) expect(screen.getByText(label)).toBeTruthy();
    const withdraw = screen.getByTestId('badge-2');
    expect(withdraw.querySelector('.ant-badge-count')).toBeNull();
    act(() => badges.set(2, 3));
    expect(withdraw.querySelector('.ant-scroll-number')?.getAttribute('title')).toBe('3');
    vi.setSystemTime(new Date('2026-01-02T03:04:05Z'));
    fireEvent.click(withdraw);
    expect(screen.getByTestId('where').textContent).toBe(`/capital/withdrawallist?_t=${Date.parse('2026-01-02T03:04:05Z')}`);
    act(() => vi.advanceTimersByTime(599));
    expect(badges.get(2)).toBe(3);
    act(() => vi.advanceTimersByTime(1));
    expect(badges.get(2)).toBe(0);
  });

  it('hide buttons whose page the role may not open', () => {
    act(() =>
      setUserInfo({
        ...admin,
        isSuper: false,
        role: {
          id: 2,
          name: 'finance',
          permissions: [{ roleId: 2, permissionId: 'withdrawallist', actions: ['query'] }],
        },
      } as UserInfo),
    );
    render(
      <MemoryRouter>
        <HeaderBadges />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('badge-2')).toBeTruthy();
    expect(screen.queryByTestId('badge-19')).toBeNull();
    expect(screen.queryByTestId('badge-22')).toBeNull();
  });
});

describe('header name', () => {
  it('appears 1.5 s after the shell mounts', () => {
    render(
      <MemoryRouter>
        <AvatarMenu />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('header-name').textContent).toBe('');
    act(() => vi.advanceTimersByTime(1499));
    expect(screen.getByTestId('header-name').textContent).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('header-name').textContent).toBe('管理员');
  });
});

describe('badge buttons follow the route table', () => {
  it('offers a button only for a page the table holds', () => {
    const page = (path: string) => ({ path, titleKey: 'x', component: null });
    expect(builtBadgeButtons([page('/capital/withdrawallist')]).map((b) => b.code)).toEqual([2]);
    expect(
      builtBadgeButtons([{ path: '/position', titleKey: 'p', children: [page('/position/buyList'), page('/position/dzList')] }]).map(
        (b) => b.code,
      ),
    ).toEqual([19, 20]);
    expect(builtBadgeButtons().map((b) => b.code)).toEqual([2, 19, 20, 21, 22]);
  });
});
