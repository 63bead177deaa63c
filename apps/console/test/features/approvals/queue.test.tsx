import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { APPROVAL_OPERATIONS, type ApprovalItem, type UserInfo } from '@stock-admin/contracts';
import { changeLang } from '../../../src/app/i18n';
import i18n from '../../../src/lib/i18n';
import { requestEnv } from '../../../src/lib/request';
import { setUserInfo } from '../../../src/lib/session';
import ApprovalQueue from '../../../src/features/approvals/pages/ApprovalQueue';
import { opKey } from '../../../src/features/approvals/opName';
import { fakeFetch, ok, spyFeedback, type FakeCall } from '../../helpers';
import { renderRoute } from '../../renderRoute';

const checker = {
  id: 2,
  name: 'c',
  username: 'checker',
  avatar: '',
  isSuper: true,
  agentId: null,
  role: { id: 1, name: 'super', permissions: [] },
} as unknown as UserInfo;

const item = (o: Partial<ApprovalItem>): ApprovalItem => ({
  id: 1,
  operation: 'corporate.action',
  target: 'corp:sh600036:2026-12-08',
  path: '/admin/corpaction/add.do',
  summary: '录入公司行动：sh600036 招商银行 10派5元，除权除息日 2026-12-08',
  amount: null,
  status: 'pending',
  makerId: 3,
  makerName: '王五',
  checkerId: null,
  checkerName: null,
  note: null,
  reason: null,
  createdAt: '2026-12-02T02:00:00.000Z',
  decidedAt: null,
  expiresAt: '2026-12-03T02:00:00.000Z',
  decidable: true,
  stepUp: false,
  own: false,
  ...o,
});
let calls: FakeCall[];
let list: ApprovalItem[];

beforeEach(async () => {
  await changeLang('zh-CN');
  spyFeedback();
  act(() => setUserInfo(checker));
  const f = fakeFetch((c) => {
    if (c.url.includes('/admin/approval/list.do')) return ok({ list, total: list.length, pageNum: 1, pageSize: 20 });
    if (c.url.includes('/admin/approval/decide.do')) {
      list = list.map((x) => (x.id === 1 ? { ...x, status: 'approved', decidable: false, checkerName: 'checker' } : x));
      return ok(list[0]);
    }
    return ok(null);
  });
  calls = f.calls;
  requestEnv.fetch = f.fn;
});
afterEach(() => {
  act(() => setUserInfo(null));
});

const renderQueue = () => renderRoute(<ApprovalQueue />, { route: '/approvals/index', permission: 'approvals' });

describe('the approval queue', () => {
  it('names every guarded operation in both languages (a new one without a name would show its key)', async () => {
    for (const lang of ['zh-CN', 'en-US'] as const) {
      await changeLang(lang);
      for (const op of APPROVAL_OPERATIONS) expect(i18n.exists(opKey(op), { lng: lang, fallbackLng: false }), `${op} (${lang})`).toBe(true);
    }
  });

  it('lets a checker approve another’s request, with a note, and shows the outcome', async () => {
    list = [item({})];
    renderQueue();
    await screen.findByText('录入公司行动：sh600036 招商银行 10派5元，除权除息日 2026-12-08');
    expect(screen.getByText('公司行动（分红送转）')).toBeTruthy();
    fireEvent.click(screen.getByTestId('approval-approve-1'));
    fireEvent.change(await screen.findByTestId('approval-note'), { target: { value: '已核对交易所公告' } });
    fireEvent.click(document.getElementById('approval-decide-ok')!);
    await waitFor(() => expect(calls.some((c) => c.url.includes('/admin/approval/decide.do'))).toBe(true));
    const sent = new URLSearchParams(String(calls.find((c) => c.url.includes('decide.do'))!.init.body));
    expect([sent.get('id'), sent.get('approve'), sent.get('note')]).toEqual(['1', 'true', '已核对交易所公告']);
    await waitFor(() => expect(screen.getByTestId('approval-status-1').textContent).toBe('已批准'));
  });

  it('offers the maker no decision on their own request, only its withdrawal', async () => {
    list = [item({ decidable: false, own: true })];
    renderQueue();
    await screen.findByTestId('approval-cancel-1');
    expect(screen.queryByTestId('approval-approve-1')).toBeNull();
    expect(screen.queryByTestId('approval-reject-1')).toBeNull();
  });
});
