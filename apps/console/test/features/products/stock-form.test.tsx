import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { StockItem } from '@stock-admin/contracts';
import { changeLang } from '../../../src/app/i18n';
import { requestEnv } from '../../../src/lib/request';
import { StockFormDrawer } from '../../../src/features/products/components/StockFormDrawer';
import { IndexFormDrawer } from '../../../src/features/products/components/IndexFormDrawer';
import { fakeFetch, ok, spyFeedback, type FakeCall } from '../../helpers';

/**
 * Issue 63: the stock and index drawers save through the shared FormDrawer. Adding sends the add call with the typed
 * values, editing the update call with the row's id; a refusal naming a field shows under it and the drawer stays.
 */
let calls: FakeCall[];
let answer: (c: FakeCall) => ReturnType<typeof ok> | { body: unknown };

beforeEach(async () => {
  await changeLang('zh-CN');
  answer = () => ok(null);
  const f = fakeFetch((c) => answer(c));
  calls = f.calls;
  requestEnv.fetch = f.fn;
});

/** What a call sent: the console posts forms. */
const sent = (c: FakeCall) => Object.fromEntries(new URLSearchParams(String(c.init.body)));
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('the stock drawer', () => {
  it('adds a stock with the typed code and name, once, and tells the list', async () => {
    const f = spyFeedback();
    const onSaved = vi.fn();
    render(<StockFormDrawer open record={null} onClose={() => undefined} onSaved={onSaved} />);
    type('stock-form-code', '600519');
    type('stock-form-name', '贵州茅台');
    fireEvent.click(screen.getByTestId('stock-form-ok'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const adds = calls.filter((c) => c.url.includes('/admin/stock/add.do'));
    expect(adds).toHaveLength(1);
    expect(sent(adds[0]!)).toMatchObject({ market: 'sh', code: '600519', name: '贵州茅台' });
    expect(f.message.success).toHaveBeenCalledTimes(1);
  });

  it('edits the row it was opened on: the update call carries its id', async () => {
    spyFeedback();
    const onSaved = vi.fn();
    const stock = { id: 7, code: '600036', name: '招商银行', market: 'sh', gid: 'sh600036', board: 'main', spreadRate: '0.001' } as StockItem;
    render(<StockFormDrawer open record={stock} onClose={() => undefined} onSaved={onSaved} />);
    expect(((await screen.findByTestId('stock-form-name')) as HTMLInputElement).value).toBe('招商银行');
    type('stock-form-name', '招行');
    fireEvent.click(screen.getByTestId('stock-form-ok'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const updates = calls.filter((c) => c.url.includes('/admin/stock/updateStock.do'));
    expect(updates).toHaveLength(1);
    expect(sent(updates[0]!)).toMatchObject({ id: '7', name: '招行' });
    expect(calls.some((c) => c.url.includes('/add.do'))).toBe(false);
  });

  it("shows the server's refusal under the code it names and stays open", async () => {
    const f = spyFeedback();
    const onSaved = vi.fn();
    answer = () => ({ body: { status: 2, msg: '参数错误：code 股票代码已存在', data: null } });
    render(<StockFormDrawer open record={null} onClose={() => undefined} onSaved={onSaved} />);
    type('stock-form-code', '600519');
    type('stock-form-name', '贵州茅台');
    fireEvent.click(screen.getByTestId('stock-form-ok'));
    expect(await screen.findByText('股票代码已存在')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
    expect(f.message.success).not.toHaveBeenCalled();
  });
});

describe('the index drawer', () => {
  it('keeps a lot range out of order from the server', async () => {
    spyFeedback();
    const onSaved = vi.fn();
    render(<IndexFormDrawer open record={null} onClose={() => undefined} onSaved={onSaved} />);
    type('index-form-code', '000300');
    type('index-form-name', '沪深300');
    type('index-form-margin', '1000');
    type('index-form-fee', '10');
    type('index-form-point', '300');
    type('index-form-min', '5');
    type('index-form-max', '2');
    fireEvent.click(screen.getByTestId('index-form-ok'));
    await waitFor(() => expect(screen.getByTestId('index-form').querySelector('.ant-form-item-explain-error')).toBeTruthy());
    expect(calls.some((c) => c.url.includes('/admin/index/addIndex.do'))).toBe(false);
    expect(onSaved).not.toHaveBeenCalled();
  });
});
