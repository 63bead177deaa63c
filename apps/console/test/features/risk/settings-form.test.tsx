import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_STOCK_RISK, type UserInfo } from '@stock-admin/contracts';
import { changeLang } from '../../../src/app/i18n';
import { requestEnv } from '../../../src/lib/request';
import { setUserInfo } from '../../../src/lib/session';
import StockRisk from '../../../src/features/risk/pages/StockRisk';
import { fakeFetch, ok, spyFeedback, type FakeCall } from '../../helpers';
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
const STALE = '设置已被 李四 于 2026-11-24T02:01:00.000Z 修改，请刷新后重新确认';
let calls: FakeCall[];
let version: number;

beforeEach(async () => {
  await changeLang('zh-CN');
  spyFeedback();
  act(() => setUserInfo(superUser));
  version = 3;
  const f = fakeFetch((c) => {
    if (c.url.includes('/admin/risk/stock/get.do'))
      return ok({
        settings: version === 3 ? DEFAULT_STOCK_RISK : { ...DEFAULT_STOCK_RISK, buyFeePct: '0.04' },
        version,
        updatedAt: '2026-11-24T02:00:00.000Z',
        updatedBy: version === 3 ? '王五' : '李四',
      });
    if (c.url.includes('/admin/risk/stock/update.do')) {
      version = 4; // someone else saved first
      return { body: { status: 1, msg: STALE, data: null } };
    }
    return ok(null);
  });
  calls = f.calls;
  requestEnv.fetch = f.fn;
});
afterEach(() => {
  act(() => setUserInfo(null));
});

const renderPage = () => renderRoute(<StockRisk />, { route: '/risksetting/sharessetting', permission: 'risksetting' });

const input = (key: string) =>
  screen.getByTestId(`risk-${key}`).closest('.ant-input-number')?.querySelector('input') ??
  (screen.getByTestId(`risk-${key}`) as HTMLInputElement);

describe('股票风控 form', () => {
  it('shows who saved last, confirms the changed fields before → after, sends the whole document with its version, and offers a reload when refused as stale', async () => {
    renderPage();
    expect((await screen.findByTestId('risk-last-saved', undefined, { timeout: 8000 })).textContent).toContain('王五');
    expect(screen.getByTestId('risk-section-bands')).toBeTruthy();
    await waitFor(() => expect(input('buyFeePct').value).toBe('0.03'), { timeout: 8000 });
    expect(screen.getByTestId('risk-save').hasAttribute('disabled')).toBe(true); // nothing changed yet

    fireEvent.change(input('buyFeePct'), { target: { value: '0.025' } });
    fireEvent.blur(input('buyFeePct'));
    fireEvent.change(input('pmEnd'), { target: { value: '15:30' } });
    await waitFor(() => expect(screen.getByTestId('risk-save').textContent).toContain('2'), { timeout: 8000 });
    fireEvent.click(screen.getByTestId('risk-save'));

    const diff = await screen.findByTestId('risk-diff', undefined, { timeout: 8000 });
    expect(within(diff).getByTestId('risk-diff-buyFeePct').textContent).toMatch(/0\.03%.*0\.025%/);
    expect(within(diff).getByTestId('risk-diff-pmEnd').textContent).toMatch(/15:00.*15:30/);
    expect(within(diff).queryByTestId('risk-diff-sellFeePct')).toBeNull();
    fireEvent.click(screen.getByTestId('risk-diff-ok'));

    const stale = await screen.findByTestId('risk-stale', undefined, { timeout: 8000 });
    expect(stale.textContent).toContain(STALE);
    const update = calls.find((c) => c.url.includes('/update.do'))!;
    const body = JSON.parse(String(update.init.body));
    expect(body).toMatchObject({
      version: 3,
      buyFeePct: '0.025',
      pmEnd: '15:30',
      maxRisePct: { main: '9', star: '18' },
      leverages: ['1', '2', '3', '5', '10'],
    });

    fireEvent.click(screen.getByTestId('risk-reload'));
    await waitFor(() => expect(screen.queryByTestId('risk-stale')).toBeNull(), { timeout: 8000 });
    await waitFor(() => expect(input('buyFeePct').value).toBe('0.04'), { timeout: 5000 });
    expect(screen.getByTestId('risk-last-saved').textContent).toContain('李四');
  }, 30_000);

  it('checks a field as it is typed, with the contract’s rule', async () => {
    renderPage();
    await waitFor(() => expect(input('amEnd').value).toBe('11:30'), { timeout: 8000 });
    fireEvent.change(input('amEnd'), { target: { value: '09:00' } });
    expect(await screen.findByText('结束时间须晚于开始时间', undefined, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByTestId('risk-save'));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('risk-diff')).toBeNull(); // refused before asking
    expect(calls.some((c) => c.url.includes('/update.do'))).toBe(false);
  }, 30_000);
});
