import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReconDetail, ReconSummary, UserInfo } from '@stock-admin/contracts';
import { changeLang } from '../../../src/app/i18n';
import { requestEnv } from '../../../src/lib/request';
import { setUserInfo } from '../../../src/lib/session';
import Reconcile from '../../../src/features/close/pages/Reconcile';
import { fakeFetch, ok, spyFeedback, type FakeCall } from '../../helpers';
import { renderRoute } from '../../renderRoute';

/**
 * 对账 upload (issue 63: the close feature had no console test): a channel's statement of a day is sent as the file it
 * is with the channel and the day; a file the server refuses names its line and column, the dialog stays open and
 * nothing is listed; an accepted one is listed with its counts and opens its lists.
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

const summary: ReconSummary = {
  channelId: 7,
  channelName: '招商银行对公',
  day: '2026-12-01',
  status: 'open',
  fileName: 'cmb-20261201.csv',
  lines: 4,
  matched: 2,
  statementOnly: 1,
  platformOnly: 0,
  amountDiff: 1,
  duplicate: 0,
  reversal: 0,
  open: 2,
  uploadedBy: 'finance',
  uploadedAt: '2026-12-02T01:00:00.000Z',
  reopenedBy: null,
  reopenedAt: null,
  reopenReason: null,
};
const detail: ReconDetail = { ...summary, items: [] };
let calls: FakeCall[];
let listed: ReconSummary[];
let refuse: string | null;
let feedback: ReturnType<typeof spyFeedback>;

beforeEach(async () => {
  await changeLang('zh-CN');
  feedback = spyFeedback();
  act(() => setUserInfo(admin));
  listed = [];
  refuse = null;
  const f = fakeFetch((c) => {
    if (c.url.includes('/admin/channel/list'))
      return ok({ list: [{ id: 7, displayName: '招商银行对公' }], total: 1, pageNum: 1, pageSize: 1000 });
    if (c.url.includes('/admin/reconcile/list.do')) return ok({ list: listed, total: listed.length, pageNum: 1, pageSize: 20 });
    if (c.url.includes('/admin/reconcile/upload.do')) {
      if (refuse) return { body: { status: 2, msg: refuse, data: null } };
      listed = [summary];
      return ok(detail);
    }
    if (c.url.includes('/admin/reconcile/detail.do')) return ok(detail);
    return ok(null);
  });
  calls = f.calls;
  requestEnv.fetch = f.fn;
});
afterEach(() => {
  act(() => setUserInfo(null));
});

const renderPage = () => renderRoute(<Reconcile />, { route: '/close/reconcile', permission: 'dailyclose' });

async function upload(csv: string) {
  fireEvent.click(await screen.findByTestId('recon-upload'));
  await waitFor(() => expect(document.getElementById('recon-upload-ok')).toBeTruthy());
  const dialog = document.getElementById('recon-upload-ok')!.closest('.ant-modal')!;
  const select = dialog.querySelector('.ant-select-selector')!;
  await waitFor(() => expect(calls.some((c) => c.url.includes('/admin/channel/list'))).toBe(true));
  fireEvent.mouseDown(select);
  fireEvent.click(await screen.findByTitle('招商银行对公 #7'));
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [new File([csv], 'cmb-20261201.csv', { type: 'text/csv' })] } });
  await screen.findByText('cmb-20261201.csv');
  fireEvent.click(document.getElementById('recon-upload-ok')!);
}
const uploads = () => calls.filter((c) => c.url.includes('/admin/reconcile/upload.do'));

describe('对账 upload', () => {
  it('refuses a bad file with its line and column, keeps the dialog open and lists nothing', async () => {
    refuse = '第 3 行第 3 列（金额）：不是金额：abc';
    renderPage();
    await upload('交易时间,流水号,金额,收支\n2026-12-01 10:00:00,A1,100.00,收\n2026-12-01 11:00:00,A2,abc,收\n');
    await waitFor(() => expect(uploads()).toHaveLength(1));
    await waitFor(() =>
      expect([...feedback.message.error.mock.calls, ...feedback.notification.error.mock.calls].flat().map(String).join(' ')).toContain(
        '第 3 行第 3 列',
      ),
    );
    expect(feedback.message.success).not.toHaveBeenCalled();
    expect(document.getElementById('recon-upload-ok')).toBeTruthy(); // still open
    expect(screen.queryByTestId('recon-open-7-2026-12-01')).toBeNull();
  });

  it('sends the file with its channel and day, then lists it with its counts', async () => {
    renderPage();
    await upload('交易时间,流水号,金额,收支\n2026-12-01 10:00:00,A1,100.00,收\n');
    await waitFor(() => expect(uploads()).toHaveLength(1));
    const body = uploads()[0]!.init.body as FormData;
    expect(body.get('channelId')).toBe('7');
    expect(body.get('day')).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect((body.get('file') as File).name).toBe('cmb-20261201.csv');
    await waitFor(() => expect(feedback.message.success).toHaveBeenCalled());
    expect(await screen.findByTestId('recon-open-7-2026-12-01')).toBeTruthy();
    // the day's lists open at once (its detail asked for)
    await waitFor(() => expect(calls.some((c) => c.url.includes('/admin/reconcile/detail.do'))).toBe(true));
  });
});
