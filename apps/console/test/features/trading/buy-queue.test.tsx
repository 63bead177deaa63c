import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import type { UserInfo } from '@stock-admin/contracts';
import { changeLang } from '../../../src/app/i18n';
import { badges } from '../../../src/lib/badges';
import { requestEnv } from '../../../src/lib/request';
import { socketBus } from '../../../src/lib/socketBus';
import { setUserInfo } from '../../../src/lib/session';
import BuyList from '../../../src/features/trading/pages/BuyList';
import { fakeFetch, ok, spyFeedback, type FakeCall } from '../../helpers';
import { order } from './fixtures';
import { renderRoute } from '../../renderRoute';

const superUser = {
  id: 1,
  name: 's',
  username: 'super',
  avatar: '',
  isSuper: true,
  agentId: null,
  role: { id: 1, name: 'super', permissions: [] },
} as unknown as UserInfo;

let where = '';
let go: (to: string) => void = () => undefined;
function Where() {
  where = useLocation().search;
  go = useNavigate();
  return null;
}
let calls: FakeCall[];

beforeEach(async () => {
  await changeLang('zh-CN');
  spyFeedback();
  act(() => setUserInfo(superUser));
  act(() => badges.set(19, 0));
  const f = fakeFetch((c) => {
    // one order read alone (a live patch): the fake has it approved since
    const one = c.url.includes('/admin/order/buyList.do') && new URLSearchParams(String(c.init.body)).get('id');
    if (one) return ok({ list: [order(Number(one), { status: 'approved' })], total: 1, pageNum: 1, pageSize: 1 });
    if (c.url.includes('/admin/order/buyList.do'))
      return ok({
        list: [order(1), order(2, { stockName: '贵州茅台', gid: 'sh600519', code: '600519' }), order(3, { status: 'approved' })],
        total: 3,
        pageNum: 1,
        pageSize: 10,
      });
    if (c.url.includes('/admin/order/batchReview.do'))
      return ok({
        ok: 1,
        failed: 1,
        results: [
          { id: 1, ok: true, msg: '已驳回' },
          { id: 2, ok: false, msg: '该委托已处理（已撤单）' },
        ],
      });
    return ok(null);
  });
  calls = f.calls;
  requestEnv.fetch = f.fn;
});
afterEach(() => {
  act(() => setUserInfo(null));
});

const renderPage = (entry = '/position/buyList') =>
  renderRoute(
    <Routes>
      <Route
        path="/position/buyList"
        element={
          <>
            <BuyList />
            <Where />
          </>
        }
      />
    </Routes>,
    { route: entry, permission: 'financing' },
  );

const lists = () => calls.filter((c) => c.url.includes('/admin/order/buyList.do'));
const body = (c: FakeCall) => new URLSearchParams(String(c.init.body));

describe('买入列表 page', () => {
  it('opens on pending buys, reloads once per burst of live BUY_GP_REQUEST events (not on badge changes) and when the badge navigates here', async () => {
    renderPage();
    await screen.findByText('贵州茅台', undefined, { timeout: 8000 });
    expect(body(lists()[0]!).get('status')).toBe('pending');
    // the default status stays out of the address: the badge's link (no query) opens this same tab
    await new Promise((r) => setTimeout(r, 300));
    expect(where).toBe('');
    const before = lists().length;
    // the badge alone is no reason to reload: the socket's event is (it counts the badge up too — one reload, not two)
    act(() => badges.bump(19));
    await new Promise((r) => setTimeout(r, 600));
    expect(lists().length).toBe(before);
    act(() => socketBus.event({ cmd: 1, type: 'BUY_GP_REQUEST', data: { id: 4 } }));
    act(() => socketBus.event({ cmd: 1, type: 'BUY_GP_REQUEST', data: { id: 5 } })); // a burst reloads once
    await waitFor(() => expect(lists().length).toBe(before + 1), { timeout: 5000 });
    await new Promise((r) => setTimeout(r, 600));
    expect(lists().length).toBe(before + 1);
    act(() => socketBus.event({ cmd: 1, type: 'WITHDRAW_REQUEST', data: { id: 6 } })); // another queue's event
    act(() => badges.set(19, 0));
    await new Promise((r) => setTimeout(r, 600));
    expect(lists().length).toBe(before + 1);
    act(() => go('/position/buyList?_t=123'));
    await waitFor(() => expect(lists().length).toBe(before + 2), { timeout: 5000 });
  }, 30_000);

  it('a settled buy on screen is read alone and shown in place, flashed, without reloading the list; one not on screen reloads it (issue 64)', async () => {
    renderPage();
    await screen.findByText('贵州茅台', undefined, { timeout: 8000 });
    const before = lists().length;
    const status = () => screen.getByTestId('order-status-1');
    expect(status().textContent).not.toBe('已通过');
    act(() => socketBus.event({ cmd: 1, type: 'BUY_GP_SETTLED', data: { id: 1, userId: 9 } }));
    await waitFor(() => expect(status().textContent).toBe('已通过'), { timeout: 3000 });
    const reads = lists().slice(before);
    expect(reads).toHaveLength(1);
    expect(body(reads[0]!).get('id')).toBe('1');
    expect(status().closest('tr')!.className).toContain('list-row-changed');
    expect(screen.getByText('贵州茅台')).toBeTruthy(); // the other rows stay
    // one the list does not show: it cannot be placed, so the list reloads (its filters, no id)
    act(() => socketBus.event({ cmd: 1, type: 'BUY_GP_SETTLED', data: { id: 99, userId: 9 } }));
    await waitFor(() => expect(lists().length).toBe(before + 2), { timeout: 5000 });
    expect(body(lists().at(-1)!).has('id')).toBe(false);
    expect(body(lists().at(-1)!).get('status')).toBe('pending');
  }, 30_000);

  it('"all" statuses stay chosen in the URL and are not sent', async () => {
    renderPage('/position/buyList?status=all');
    await screen.findByText('贵州茅台', undefined, { timeout: 8000 });
    expect(body(lists()[0]!).has('status')).toBe(false);
  }, 30_000);

  it('batch reject needs a reason and lists each order’s outcome', async () => {
    renderPage();
    await screen.findByText('贵州茅台', undefined, { timeout: 8000 });
    const row = (id: number) => screen.getByTestId(`order-status-${id}`).closest('tr')!;
    expect((row(3).querySelector('input[type=checkbox]') as HTMLInputElement).disabled).toBe(true); // approved: not selectable
    fireEvent.click(row(1).querySelector('input[type=checkbox]')!);
    fireEvent.click(row(2).querySelector('input[type=checkbox]')!);
    expect((await screen.findByTestId('queue-selected', undefined, { timeout: 8000 })).textContent).toBe('已选择 2 笔');
    fireEvent.click(screen.getByTestId('batch-reject'));
    await screen.findByTestId('reject-dialog', undefined, { timeout: 8000 });
    fireEvent.change(screen.getByTestId('reject-dialog-reason'), { target: { value: '价格异常' } });
    fireEvent.click(screen.getByTestId('reject-dialog-ok'));
    const result = await screen.findByTestId('batch-result', undefined, { timeout: 5000 });
    const batch = calls.find((c) => c.url.includes('batchReview.do'))!;
    expect(body(batch).get('ids')).toBe('1,2');
    expect(body(batch).get('approve')).toBe('false');
    expect(body(batch).get('reason')).toBe('价格异常');
    expect(within(result).getByTestId('batch-ok').textContent).toBe('成功 1');
    expect(within(result).getByTestId('batch-row-2').closest('tr')!.textContent).toContain('该委托已处理（已撤单）');
  }, 30_000);
});
