import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CorpImportReport, UserInfo } from '@stock-admin/contracts';
import { changeLang } from '../../../src/app/i18n';
import { requestEnv } from '../../../src/lib/request';
import { setUserInfo } from '../../../src/lib/session';
import { ImportModal } from '../../../src/features/corpactions/components/ImportModal';
import { per10, perShare } from '../../../src/features/corpactions/lib';
import { fakeFetch, ok, spyFeedback, type FakeCall } from '../../helpers';

const superUser = {
  id: 1,
  name: 's',
  username: 'super',
  avatar: '',
  isSuper: true,
  agentId: null,
  role: { id: 1, name: 'super', permissions: [] },
} as unknown as UserInfo;

const row = (line: number, errors: { field: string; message: string }[] = []) => ({
  line,
  code: 'sh600036',
  stockName: '招商银行',
  recordDate: '2026-12-03',
  exDate: '2026-12-04',
  payDate: null,
  cashPerShare: '0.5',
  bonusPer10: line === 3 ? '10' : null,
  transferPer10: null,
  splitRatio: null,
  errors,
});
let calls: FakeCall[];
let report: CorpImportReport;

beforeEach(async () => {
  await changeLang('zh-CN');
  spyFeedback();
  act(() => setUserInfo(superUser));
  const f = fakeFetch((c) => {
    if (c.url.includes('/admin/corpaction/importCheck.do')) return ok(report);
    if (c.url.includes('/admin/corpaction/addBatch.do')) return ok({ added: 2 });
    if (c.url.includes('/admin/approval/ruleList.do')) return ok([]);
    return ok(null);
  });
  calls = f.calls;
  requestEnv.fetch = f.fn;
});
afterEach(() => {
  act(() => setUserInfo(null));
});

const open = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ImportModal open onClose={() => undefined} onDone={() => undefined} />
    </QueryClientProvider>,
  );
const pick = () => {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['代码,登记日'], '分红公告.csv', { type: 'text/csv' })] } });
};

describe('importing announcements', () => {
  it('shows each row’s problems under its column and enters nothing while any row is wrong', async () => {
    report = {
      fileName: '分红公告.csv',
      rows: [row(2), row(3, [{ field: 'exDate', message: '2026-12-05 不是交易日' }])],
      valid: 1,
      invalid: 1,
    };
    open();
    pick();
    await screen.findByText('共 2 行：1 行可导入，1 行有问题');
    expect(screen.getByText(/除权除息日：2026-12-05 不是交易日/)).toBeTruthy();
    expect(screen.getByText('10送10派5元')).toBeTruthy();
    expect((screen.getByTestId('corp-import-ok') as HTMLButtonElement).disabled).toBe(true);
    expect(calls.some((c) => c.url.includes('addBatch'))).toBe(false);
  });

  it('enters every row of a clean file together, per-share cash as checked', async () => {
    report = { fileName: '分红公告.csv', rows: [row(2), row(3)], valid: 2, invalid: 0 };
    open();
    pick();
    const submit = await screen.findByTestId('corp-import-ok');
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(submit);
    await waitFor(() => expect(calls.some((c) => c.url.includes('addBatch'))).toBe(true));
    const body = JSON.parse(String(calls.find((c) => c.url.includes('addBatch'))!.init.body));
    expect(body).toEqual({
      fileName: '分红公告.csv',
      rows: [
        { code: 'sh600036', recordDate: '2026-12-03', exDate: '2026-12-04', cashPerShare: '0.5' },
        { code: 'sh600036', recordDate: '2026-12-03', exDate: '2026-12-04', cashPerShare: '0.5', bonusPer10: '10' },
      ],
    });
  });
});

describe('cash per 10 shares ↔ per share', () => {
  it('shifts the decimal exactly, never through a float', () => {
    expect([perShare('5'), perShare('1.2'), perShare('0.35'), perShare('12.3456'), perShare('10')]).toEqual([
      '0.5',
      '0.12',
      '0.035',
      '1.23456',
      '1',
    ]);
    expect([per10('0.5'), per10('0.12'), per10('1.23456'), per10('1')]).toEqual(['5', '1.2', '12.3456', '10']);
  });
});
