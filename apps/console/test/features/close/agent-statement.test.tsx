import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { AgentStatement as Statement, UserInfo } from '@stock-admin/contracts';
import { changeLang } from '../../../src/app/i18n';
import { requestEnv } from '../../../src/lib/request';
import { setUserInfo } from '../../../src/lib/session';
import { fakeFetch, ok, spyFeedback, type FakeCall } from '../../helpers';
import { renderRoute } from '../../renderRoute';

vi.mock('../../../src/shared/components/Chart', () => ({ Chart: () => null, toneBar: (a: string) => ({ value: Number(a) }) }));
const { default: AgentStatement } = await import('../../../src/features/close/pages/AgentStatement');

/**
 * 代理对账单 (issue 63: the close feature had no console test): the agent and period of the address asked for, the
 * balance's movements the server listed, the "other movements" figure the page derives (closing − opening −
 * commissions, in cents), commissions by user with the ones no user earned counted apart, and an unbalanced statement
 * said in words.
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

const statement = (o: Partial<Statement> = {}): Statement => ({
  agentId: 3,
  name: '华东总代理',
  level: 1,
  parentName: null,
  from: '2026-11-01',
  to: '2026-11-30',
  asOf: '2026-11-30T15:59:59.999Z',
  opening: '1000.00',
  closing: '1500.10',
  movements: [
    { kind: 'agent_commission', count: 3, amount: '400.00' },
    { kind: 'agent_credit', count: 1, amount: '100.10' },
  ],
  balanced: true,
  commissions: {
    total: '400.00',
    count: 3,
    byKind: [{ kind: 'buyFee', count: 3, amount: '400.00' }],
    byUser: [
      { userId: 11, name: '陈思远', phone: '13800000011', count: 2, amount: '300.00' },
      { userId: 12, name: '', phone: '13800000012', count: 0, amount: '0.00' },
    ],
    unattributed: { count: 1, amount: '100.00' },
    byDay: [{ day: '2026-11-03', count: 3, amount: '400.00' }],
  },
  ...o,
});
let calls: FakeCall[];
let answer: Statement;

beforeEach(async () => {
  await changeLang('zh-CN');
  spyFeedback();
  act(() => setUserInfo(admin));
  answer = statement();
  const f = fakeFetch((c) => (c.url.includes('/admin/close/agent') ? ok(answer) : ok(null)));
  calls = f.calls;
  requestEnv.fetch = f.fn;
});
afterEach(() => {
  act(() => setUserInfo(null));
});

const renderPage = () =>
  renderRoute(<AgentStatement />, { route: '/close/agent?agentId=3&from=2026-11-01&to=2026-11-30', permission: 'fundrecords' });

const sent = () => {
  const c = calls.find((x) => x.url.includes('/admin/close/agent'))!;
  const q = c.init.body ? new URLSearchParams(String(c.init.body)) : new URL(c.url, 'http://x').searchParams;
  return [q.get('agentId'), q.get('from'), q.get('to')];
};

describe('代理对账单', () => {
  it('asks for the agent and period of the address and derives the other movements in cents', async () => {
    renderPage();
    const page = await screen.findByTestId('page-agent-statement');
    expect(sent()).toEqual(['3', '2026-11-01', '2026-11-30']);
    expect(page.textContent).toContain('华东总代理');
    // 1,500.10 − 1,000.00 − 400.00 = 100.10: the credit the server listed beside the commissions
    const other = within(page).getByText('其他变动', { exact: false }).closest('.ant-descriptions-item')!;
    expect(other.textContent).toMatch(/100\.10/);
    expect(screen.getByTestId('agent-statement-balanced')).toBeTruthy();
    expect(screen.queryByTestId('agent-statement-unbalanced')).toBeNull();
  });

  it('lists the commissions by user and counts apart the ones no user earned', async () => {
    renderPage();
    const users = await screen.findByTestId('agent-statement-users');
    expect(users.textContent).toContain('陈思远 #11');
    expect(users.textContent).toContain('- #12');
    expect(screen.getByTestId('agent-statement-unattributed').textContent).toMatch(/1 笔非用户产生的佣金[\s\S]*100\.00/);
  });

  it('says an unbalanced statement in words', async () => {
    answer = statement({ balanced: false });
    renderPage();
    await waitFor(() => expect(screen.getByTestId('agent-statement-unbalanced').textContent).toContain('余额与代理资金明细不符'));
    expect(screen.queryByTestId('agent-statement-balanced')).toBeNull();
  });
});
