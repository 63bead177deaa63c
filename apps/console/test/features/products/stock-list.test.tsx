import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import type { SocketMessage, StockItem, UserInfo } from '@stock-admin/contracts';
import { changeLang } from '../../../src/app/i18n';
import { requestEnv } from '../../../src/lib/request';
import { setUserInfo } from '../../../src/lib/session';
import { socketBus } from '../../../src/lib/socketBus';
import StockList from '../../../src/features/products/pages/StockList';
import { fakeFetch, ok, type FakeCall } from '../../helpers';
import { tick } from '../../shared/market/helpers';
import { renderRoute } from '../../renderRoute';

const stock = (id: number, code: string, over: Partial<StockItem> = {}): StockItem => ({
  id,
  code,
  name: `股票${id}`,
  market: 'sh',
  gid: `sh${code}`,
  board: 'main',
  pinyin: 'GP',
  st: false,
  spreadRate: '0.001',
  shown: true,
  locked: false,
  lockReason: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  last: '10.00',
  prevClose: '10.00',
  change: '0.00',
  changePct: '0.00',
  turnover: '0.00',
  stale: false,
  ...over,
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

beforeEach(async () => {
  await changeLang('zh-CN');
  act(() => setUserInfo(superUser));
  sent.length = 0;
  socketBus.opened((m) => (sent.push(m), true));
  const f = fakeFetch((c) =>
    c.url.includes('/admin/stock/list.do')
      ? ok({
          list: [stock(1, '600000'), stock(2, '600036', { change: '-0.10', changePct: '-1.00', last: '9.90' })],
          total: 2,
          pageNum: 1,
          pageSize: 10,
        })
      : c.url.includes('/admin/market/status.do')
        ? ok({
            source: 'simulated',
            phase: 'open',
            session: 'exchange',
            tradingDay: '2026-01-05',
            stale: false,
            lastTickAt: null,
            intervalMs: 3000,
            symbols: 2,
          })
        : ok(null),
  );
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
        path="/product/shares"
        element={
          <>
            <StockList />
            <Where />
          </>
        }
      />
    </Routes>,
    { route: entry, permission: 'shares' },
  );
}

describe('股票产品 page', () => {
  it('starts from the filters in the URL, watches the rows shown, and merges QUOTES into them', async () => {
    renderPage('/product/shares?market=sh&shown=true&board=nope');
    await screen.findByText('股票1');
    const list = calls.find((c) => c.url.includes('/admin/stock/list.do'))!;
    expect(new URLSearchParams(String(list.init.body)).get('market')).toBe('sh');
    expect(new URLSearchParams(String(list.init.body)).get('shown')).toBe('true');
    expect(new URLSearchParams(String(list.init.body)).has('board')).toBe(false);
    // the URL keeps the filters the list was asked with
    await waitFor(() => expect(where).toBe('?market=sh&shown=true'));
    await waitFor(() => expect(sent).toContainEqual({ cmd: 14, data: { gids: ['sh600000', 'sh600036'] } }));
    expect(await screen.findByTestId('market-phase')).toHaveProperty('textContent', '交易中');

    const row = () => screen.getByText('股票1').closest('tr')!;
    expect(within(row()).getByTestId('quote-last').textContent).toBe('10.00');
    act(
      () =>
        void socketBus.dispatch({
          cmd: 15,
          type: 'QUOTES',
          data: {
            phase: 'break',
            quotes: [tick('sh600000', { last: '10.80', change: '0.80', changePct: '8.00', turnover: '150000000.00', stale: true })],
          },
        }),
    );
    // a rise carries its arrow beside its colour (issue 65)
    expect(within(row()).getByTestId('quote-last').textContent).toBe('▲10.80');
    expect(within(row()).getByTestId('quote-last').style.color).toBe('var(--tone-up)');
    expect(within(row()).getByTestId('quote-change-pct').textContent).toBe('+8.00%');
    expect(within(row()).getByTestId('quote-turnover').textContent).toBe('1.50亿');
    expect(within(row()).getByTestId('quote-stale').textContent).toBe('延迟');
    expect(screen.getByTestId('market-phase').textContent).toBe('午间休市');
    // the other row is untouched and falls green
    const other = screen.getByText('股票2').closest('tr')!;
    expect(within(other).getByTestId('quote-last').style.color).toBe('var(--tone-down)');
    expect(within(other).getByTestId('quote-last').textContent).toMatch(/^▼/);
  }, 20_000);
});
