import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import type { CloseListItem, UserInfo } from '@stock-admin/contracts';
import { changeLang } from '../../../src/app/i18n';
import { requestEnv } from '../../../src/lib/request';
import { setUserInfo } from '../../../src/lib/session';
import { platformToday } from '../../../src/lib/timeZone';
import { fakeFetch, ok, spyFeedback, type FakeCall } from '../../helpers';
import { renderRoute } from '../../renderRoute';

// the chart draws on a canvas jsdom has not: its option is what the page decides, and what is checked
const charts: unknown[] = [];
vi.mock('../../../src/shared/components/Chart', () => ({
  Chart: ({ option }: { option: unknown }) => {
    charts.push(option);
    return null;
  },
  toneBar: (amount: string) => ({ value: Number(amount), tone: amount.startsWith('-') ? 'down' : 'up' }),
}));
const { default: DailyClose } = await import('../../../src/features/close/pages/DailyClose');

/**
 * 日结 (issue 63: the close feature had no console test): the days as the server lists them, an unbalanced day
 * flagged in words and not by colour alone, a finished open day closed through its confirmation (the day sent, the
 * list read again, a refusal shown and the list kept), the house's result charted up or down by its sign, and a day
 * opening its statement.
 */
const admin = {
  id: 1,
  name: 'f',
  username: 'finance',
  avatar: '',
  isSuper: true,
  agentId: null,
  role: { id: 1, name: 'super', permissions: [] },
} as unknown as UserInfo;

const yesterday = platformToday().subtract(1, 'day').format('YYYY-MM-DD');
const before = platformToday().subtract(2, 'day').format('YYYY-MM-DD');
const today = platformToday().format('YYYY-MM-DD');
const day = (o: Partial<CloseListItem> & { day: string }): CloseListItem => ({
  status: 'closed',
  usersClosing: '1000000.00',
  agentsClosing: '5000.00',
  houseDay: '1200.50',
  deposits: '30000.00',
  withdrawals: '12000.00',
  balanced: true,
  closedAt: '2026-12-01T16:05:00.000Z',
  closedBy: null,
  ...o,
});
let calls: FakeCall[];
let days: CloseListItem[];
let refuseRun: boolean;
let feedback: ReturnType<typeof spyFeedback>;

beforeEach(async () => {
  await changeLang('zh-CN');
  feedback = spyFeedback();
  charts.length = 0;
  refuseRun = false;
  act(() => setUserInfo(admin));
  days = [
    day({ day: today, status: 'open', closedAt: null, houseDay: '-300.00' }),
    day({ day: yesterday, status: 'open', closedAt: null, balanced: false }),
    day({ day: before, closedBy: 'finance' }),
  ];
  const f = fakeFetch((c) => {
    if (c.url.includes('/admin/close/list.do')) return ok({ list: days, total: days.length, pageNum: 1, pageSize: 20 });
    if (c.url.includes('/admin/close/run.do')) {
      if (refuseRun) return { body: { status: 1, msg: '该日仍有未处理的提现，不能日结', data: null } };
      days = days.map((d) =>
        d.day === yesterday ? { ...d, status: 'closed', closedAt: '2026-12-02T16:05:00.000Z', closedBy: 'finance', balanced: true } : d,
      );
      return ok(null);
    }
    return ok(null);
  });
  calls = f.calls;
  requestEnv.fetch = f.fn;
});
afterEach(() => {
  act(() => setUserInfo(null));
});

let where = '';
function Where() {
  const l = useLocation();
  where = `${l.pathname}${l.search}`;
  return null;
}
const renderPage = () =>
  renderRoute(
    <>
      <Routes>
        <Route path="/close/days" element={<DailyClose />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </>,
    { route: '/close/days', permission: 'dailyclose' },
  );

const runCalls = () => calls.filter((c) => c.url.includes('/admin/close/run.do'));

describe('日结', () => {
  it('lists the days, flags an unbalanced one in words, and offers a close only for a finished open day', async () => {
    renderPage();
    await screen.findByTestId(`close-day-${before}`);
    expect(screen.getByTestId(`close-unbalanced-${yesterday}`).textContent).toContain('不平');
    expect(screen.queryByTestId(`close-unbalanced-${before}`)).toBeNull();
    expect(screen.getByTestId(`close-run-${yesterday}`)).toBeTruthy();
    expect(screen.queryByTestId(`close-run-${today}`)).toBeNull(); // today has not ended
    expect(screen.queryByTestId(`close-run-${before}`)).toBeNull(); // already closed
    // the house's day, oldest first, up or down by its sign
    await waitFor(() => expect(charts.length).toBeGreaterThan(0));
    const series = (charts.at(-1) as { series: { data: { value: number; tone: string }[] }[] }).series[0]!.data;
    expect(series.map((b) => b.tone)).toEqual(['up', 'up', 'down']);
  });

  it('closes a finished day through its confirmation and reads the list again', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId(`close-run-${yesterday}`));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(runCalls()).toHaveLength(1));
    expect(new URLSearchParams(String(runCalls()[0]!.init.body)).get('day')).toBe(yesterday);
    await waitFor(() => expect(feedback.message.success).toHaveBeenCalledWith(expect.stringContaining(yesterday)));
    await waitFor(() => expect(screen.queryByTestId(`close-run-${yesterday}`)).toBeNull());
    expect(screen.queryByTestId(`close-unbalanced-${yesterday}`)).toBeNull();
  });

  it('shows a refused close with the server’s words and keeps the day open', async () => {
    refuseRun = true;
    renderPage();
    fireEvent.click(await screen.findByTestId(`close-run-${yesterday}`));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(runCalls()).toHaveLength(1));
    await waitFor(() =>
      expect([...feedback.message.error.mock.calls, ...feedback.notification.error.mock.calls].flat().map(String).join(' ')).toContain(
        '该日仍有未处理的提现',
      ),
    );
    expect(feedback.message.success).not.toHaveBeenCalled();
    expect(await screen.findByTestId(`close-run-${yesterday}`)).toBeTruthy();
  });

  it('opens a day’s statement', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId(`close-day-${before}`));
    await waitFor(() => expect(where).toBe(`/close/statement?day=${before}`));
  });
});
