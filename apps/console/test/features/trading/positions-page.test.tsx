import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import type { SocketMessage, UserInfo } from '@stock-admin/contracts';
import { changeLang } from '../../../src/app/i18n';
import { requestEnv } from '../../../src/lib/request';
import { setUserInfo } from '../../../src/lib/session';
import { socketBus } from '../../../src/lib/socketBus';
import Positions from '../../../src/features/trading/pages/Positions';
import { fakeFetch, ok, spyFeedback, type FakeCall } from '../../helpers';
import { tick } from '../../shared/market/helpers';
import { position } from './fixtures';
import { renderRoute } from '../../renderRoute';

// every P/L cell drawn, by its test id: what a quote tick re-renders (issue 52)
const drawn: string[] = [];
vi.mock('../../../src/shared/components/cells', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/shared/components/cells')>();
  return {
    ...real,
    PnlText: (p: Parameters<typeof real.PnlText>[0]) => {
      if (p.testId) drawn.push(p.testId);
      return real.PnlText(p);
    },
  };
});

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
function Where() {
  where = useLocation().search;
  return null;
}
let calls: FakeCall[];
const sent: SocketMessage[] = [];
/** What the next list reads answer for position 1 and 2 (a test moves them between reads). */
let later: { one?: Partial<Parameters<typeof position>[0]>; two?: Partial<Parameters<typeof position>[0]> } = {};

beforeEach(async () => {
  await changeLang('zh-CN');
  spyFeedback();
  act(() => setUserInfo(superUser));
  sent.length = 0;
  socketBus.opened((m) => (sent.push(m), true));
  later = {};
  const f = fakeFetch((c) => {
    if (c.url.includes('/admin/position/list.do'))
      return ok({
        list: [
          position({ id: 1, ...later.one }),
          position({
            id: 2,
            positionNo: 'P2',
            direction: 'short',
            gid: 'sz000001',
            code: '000001',
            stockName: '平安银行',
            buyPrice: '12.00',
            shares: 1000,
            margin: '2400.00',
            ...later.two,
          }),
          position({
            id: 3,
            positionNo: 'P3',
            status: 'closed',
            last: '11.00',
            sellPrice: '11.00',
            pnl: '270.00',
            pnlPct: '44.55',
            closeKind: 'admin',
          }),
        ],
        total: 3,
        pageNum: 1,
        pageSize: 10,
        totals: { count: 3, margin: '3612.00', pnl: '270.00' },
      });
    if (c.url.includes('/admin/position/warnings.do'))
      return ok([
        {
          userId: 7,
          userName: '张三',
          phone: '13800000007',
          freeCash: '100.00',
          margins: '3006.00',
          pnl: '-2300.00',
          line: '2485.00',
          ratioPct: '92.56',
        },
      ]);
    if (c.url.includes('/admin/market/status.do'))
      return ok({
        source: 'simulated',
        phase: 'open',
        session: 'continuous',
        tradingDay: '2026-11-24',
        stale: false,
        lastTickAt: null,
        intervalMs: 1000,
        symbols: 2,
      });
    if (c.url.includes('/admin/position/forceClose.do'))
      return ok(position({ id: 1, status: 'closed', closeKind: 'admin', pnl: '105.00' }));
    return ok(null);
  });
  calls = f.calls;
  requestEnv.fetch = f.fn;
});
afterEach(() => {
  socketBus.closed();
  act(() => setUserInfo(null));
});

function renderPage(entry: string) {
  return renderRoute(
    <Routes>
      <Route
        path="/position/financing"
        element={
          <>
            <Positions />
            <Where />
          </>
        }
      />
    </Routes>,
    { route: entry, permission: 'financing' },
  );
}

const body = (c: FakeCall) => new URLSearchParams(String(c.init.body));

describe('持仓管理 page', () => {
  it('asks with the URL’s filters, keeps them in the URL, and recomputes P/L from each tick (red up, green down)', async () => {
    renderPage('/position/financing?status=open&direction=bogus&endTime=2026-11-24T00:00:00.000Z&userId=7');
    await screen.findByText('平安银行', undefined, { timeout: 8000 });
    const list = calls.find((c) => c.url.includes('/admin/position/list.do'))!;
    expect(body(list).get('status')).toBe('open');
    expect(body(list).get('userId')).toBe('7');
    expect(body(list).get('endTime')).toBe('2026-11-24T00:00:00.000Z');
    expect(body(list).has('direction')).toBe(false);
    await waitFor(() => expect(where).toBe('?userId=7&status=open&endTime=2026-11-24T00%3A00%3A00.000Z'), { timeout: 5000 });
    // only the open positions are watched
    await waitFor(() => expect(sent).toContainEqual({ cmd: 14, data: { gids: ['sh600000', 'sz000001'] } }), { timeout: 5000 });
    expect(screen.getByTestId('position-totals-margin').textContent).toContain('3,612.00');
    expect(screen.getByTestId('risk-warnings').textContent).toContain('92.56%');
    // the demo's all-day simulated market says so beside the phase
    expect((await screen.findByTestId('market-continuous')).textContent).toBe('模拟行情 · 全天交易');

    act(
      () =>
        void socketBus.dispatch({
          cmd: 15,
          type: 'QUOTES',
          data: {
            phase: 'open',
            quotes: [
              tick('sh600000', { last: '10.45', change: '0.35' }),
              tick('sz000001', { last: '12.34', change: '0.34' }),
              tick('sh600000x'),
            ],
          },
        }),
    );
    // long 300 @ 10.10 → 10.45: +105.00, 17.33 % of 606.00 — red
    const long = screen.getByTestId('pnl-1');
    expect(long.textContent).toBe('+105.00');
    expect(long.style.color).toBe('var(--tone-up)');
    expect(screen.getByTestId('pnl-pct-1').textContent).toBe('+17.33%');
    // short 1000 @ 12.00 → 12.34: −340.00, −14.17 % of 2400.00 — green
    const short = screen.getByTestId('pnl-2');
    expect(short.textContent).toBe('-340.00');
    expect(short.style.color).toBe('var(--tone-down)');
    expect(screen.getByTestId('pnl-pct-2').textContent).toBe('-14.17%');
    // the closed position keeps its realised P/L; the page's live P/L sums the open ones
    expect(screen.getByTestId('pnl-3').textContent).toBe('+270.00');
    expect(screen.getByTestId('page-pnl').textContent).toBe('-235.00');
  }, 30_000);

  it('force close needs a reason, then sends it', async () => {
    renderPage('/position/financing');
    fireEvent.click(await screen.findByTestId('force-close-1', undefined, { timeout: 8000 }));
    const dialog = await screen.findByTestId('force-close-dialog', undefined, { timeout: 8000 });
    expect(within(dialog).getByText('P202611240001')).toBeTruthy();
    expect(screen.queryByTestId('force-close-3')).toBeNull(); // closed: no action
    fireEvent.click(screen.getByTestId('force-close-dialog-ok'));
    expect(await screen.findByText('请填写原因', undefined, { timeout: 5000 })).toBeTruthy();
    expect(calls.some((c) => c.url.includes('forceClose.do'))).toBe(false);
    fireEvent.change(screen.getByTestId('force-close-dialog-reason'), { target: { value: '风险过高' } });
    fireEvent.click(screen.getByTestId('force-close-dialog-ok'));
    await waitFor(() => expect(calls.some((c) => c.url.includes('forceClose.do'))).toBe(true), { timeout: 5000 });
    const close = calls.find((c) => c.url.includes('forceClose.do'))!;
    expect(body(close).get('id')).toBe('1');
    expect(body(close).get('reason')).toBe('风险过高');
  }, 30_000);

  it('a tick that moves one price re-renders only that row’s cells, at most once a second; a hidden tab renders nothing until shown', async () => {
    renderPage('/position/financing');
    await screen.findByText('平安银行', undefined, { timeout: 8000 });
    const frame = (quotes: ReturnType<typeof tick>[]) =>
      act(() => void socketBus.dispatch({ cmd: 15, type: 'QUOTES', data: { phase: 'open', quotes } }));
    frame([tick('sh600000', { last: '10.45', change: '0.35' }), tick('sz000001', { last: '12.34', change: '0.34' })]);
    expect(screen.getByTestId('pnl-1').textContent).toBe('+105.00');
    await act(() => new Promise((r) => setTimeout(r, 1100)));
    drawn.length = 0;
    // sh600000 moves, sz000001 ticks at the same price
    frame([tick('sh600000', { last: '10.55', change: '0.45' }), tick('sz000001', { last: '12.34', change: '0.34' })]);
    expect(screen.getByTestId('pnl-1').textContent).toBe('+135.00');
    expect(drawn.filter((d) => /^pnl-(pct-)?\d$/.test(d)).sort()).toEqual(['pnl-1', 'pnl-pct-1']);
    // another tick within the second: not drawn until the second has passed
    drawn.length = 0;
    frame([tick('sh600000', { last: '10.60', change: '0.50' })]);
    expect(screen.getByTestId('pnl-1').textContent).toBe('+135.00');
    expect(drawn).toEqual([]);
    await waitFor(() => expect(screen.getByTestId('pnl-1').textContent).toBe('+150.00'), { timeout: 2000 });
    // the browser tab hidden: the server is told to stop, and a frame still in flight draws nothing
    await act(() => new Promise((r) => setTimeout(r, 1100)));
    const own = Object.getOwnPropertyDescriptor(document, 'visibilityState');
    const setVisibility = (v: string) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => v });
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
    };
    try {
      sent.length = 0;
      const listCalls = calls.length;
      setVisibility('hidden');
      await waitFor(() => expect(sent).toContainEqual({ cmd: 14, data: { gids: [] } }));
      drawn.length = 0;
      frame([tick('sh600000', { last: '10.70', change: '0.60' })]);
      act(() => socketBus.event({ cmd: 0, type: 'BUY_GP_SETTLED' } as never));
      await act(() => new Promise((r) => setTimeout(r, 2500)));
      expect(drawn).toEqual([]);
      expect(screen.getByTestId('pnl-1').textContent).toBe('+150.00');
      expect(calls.length).toBe(listCalls);
      // shown again: the symbols watched again, the price caught up and the list read once
      setVisibility('visible');
      await waitFor(() => expect(sent).toContainEqual({ cmd: 14, data: { gids: ['sh600000', 'sz000001'] } }));
      await waitFor(() => expect(screen.getByTestId('pnl-1').textContent).toBe('+180.00'), { timeout: 2000 });
      await waitFor(() => expect(calls.filter((c) => c.url.includes('/admin/position/list.do')).length).toBe(2), { timeout: 3000 });
    } finally {
      if (own) Object.defineProperty(document, 'visibilityState', own);
      else delete (document as unknown as Record<string, unknown>).visibilityState;
    }
  }, 30_000);
  it('a reload flashes the rows whose state changed, not those a quote moved (issue 64: every open row flashed at every reload)', async () => {
    renderPage('/position/financing');
    await screen.findByText('平安银行', undefined, { timeout: 8000 });
    const row = (id: number) => screen.getByTestId(`pnl-${id}`).closest('tr')!;
    const reads = () => calls.filter((c) => c.url.includes('/admin/position/list.do')).length;
    const before = reads();
    // the server's next answer: position 1 at a new price (its P/L with it), position 2 locked by an operator
    later = { one: { last: '10.90', pnl: '240.00', pnlPct: '39.60', netPnl: '234.00', lineRatioPct: '12.00' }, two: { locked: true } };
    act(() => socketBus.event({ cmd: 1, type: 'BUY_GP_SETTLED', data: { id: 77 } }));
    await waitFor(() => expect(reads()).toBe(before + 1), { timeout: 5000 });
    await waitFor(() => expect(row(2).className).toContain('list-row-changed'), { timeout: 3000 });
    expect(row(1).className).not.toContain('list-row-changed');
  }, 30_000);
});
