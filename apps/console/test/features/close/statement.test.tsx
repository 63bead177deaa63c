import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { CloseStatement, UserInfo } from '@stock-admin/contracts';
import { changeLang } from '../../../src/app/i18n';
import { requestEnv } from '../../../src/lib/request';
import { setUserInfo } from '../../../src/lib/session';
import { fakeFetch, ok, spyFeedback, type FakeCall } from '../../helpers';
import { renderRoute } from '../../renderRoute';

vi.mock('../../../src/features/close/components/MovementsChart', () => ({ MovementsChart: () => null }));
const { default: Statement } = await import('../../../src/features/close/pages/Statement');

/**
 * 日结单 (issue 63: the close feature had no console test): the day of the address asked for; each account's
 * movements summed from the listed movements in integer cents (0.10 + 0.20 is 0.30, never 0.30000000000000004); a
 * ledger that disagrees with the closing and a failed check named in words; an open day marked provisional.
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
const side = { count: 0, margin: '0.00', cost: '0.00' };

const statement = (o: Partial<CloseStatement> = {}): CloseStatement => ({
  day: '2026-12-01',
  status: 'closed',
  asOf: '2026-12-01T15:59:59.999Z',
  closedAt: '2026-12-01T16:05:00.000Z',
  closedBy: null,
  accounts: [
    { account: 'users', opening: '1000.00', closing: '1000.30', ledger: '1000.30' },
    { account: 'agents', opening: '50.00', closing: '49.00', ledger: '48.00' },
  ],
  movements: [
    { account: 'users', kind: 'recharge', count: 1, amount: '0.10' },
    { account: 'users', kind: 'recharge', count: 1, amount: '0.20' },
    { account: 'agents', kind: 'agent_debit', count: 1, amount: '-1.00' },
  ],
  house: {
    day: '12.00',
    monthToDate: '300.00',
    fees: '10.00',
    spreads: '2.00',
    deferralFees: '0.00',
    withdrawalFees: '0.00',
    tradingResult: '0.00',
    commissions: '0.00',
    sellFees: '0.00',
    stampDuty: '0.00',
  },
  exposure: { at: '2026-12-01T15:59:59.999Z', long: side, short: side, topStocks: [], topUsers: [] },
  checks: { balanced: false, chained: true, positionsAgree: true, records: 3 },
  ...o,
});
let calls: FakeCall[];
let answer: CloseStatement;

beforeEach(async () => {
  await changeLang('zh-CN');
  spyFeedback();
  act(() => setUserInfo(admin));
  answer = statement();
  const f = fakeFetch((c) => (c.url.includes('/admin/close/detail.do') ? ok(answer) : ok(null)));
  calls = f.calls;
  requestEnv.fetch = f.fn;
});
afterEach(() => {
  act(() => setUserInfo(null));
});

const renderPage = () => renderRoute(<Statement />, { route: '/close/statement?day=2026-12-01', permission: 'dailyclose' });

describe('日结单', () => {
  it('asks for the day of the address and sums each account’s movements in cents', async () => {
    renderPage();
    const page = await screen.findByTestId('page-close-statement');
    const c = calls.find((x) => x.url.includes('/admin/close/detail.do'))!;
    expect(new URLSearchParams(String(c.init.body)).get('day')).toBe('2026-12-01');
    expect(page.textContent).toContain('2026-12-01 日结单');
    const users = within(page).getByTestId('close-ledger-users').closest('tr')!;
    expect(users.textContent).toMatch(/\+0\.30/);
    expect(users.textContent).not.toMatch(/0\.3000/);
    const agents = within(page).getByTestId('close-ledger-agents').closest('tr')!;
    expect(agents.textContent).toMatch(/[-−]1\.00/);
  });

  it('names a ledger that disagrees and a failed check in words, not by colour alone', async () => {
    renderPage();
    await screen.findByTestId('page-close-statement');
    expect(within(screen.getByTestId('close-ledger-users')).getByRole('img').getAttribute('aria-label')).toBe('相符');
    expect(within(screen.getByTestId('close-ledger-agents')).getByRole('img').getAttribute('aria-label')).toBe('不符');
    expect(within(screen.getByTestId('close-check-balanced')).getByRole('img').getAttribute('aria-label')).toBe('不符');
    expect(within(screen.getByTestId('close-check-chained')).getByRole('img').getAttribute('aria-label')).toBe('相符');
  });

  it('marks an open day’s figures provisional', async () => {
    answer = statement({ status: 'open', closedAt: null });
    renderPage();
    expect((await screen.findByTestId('page-close-statement')).textContent).toContain('当日尚未日结');
  });
});
