import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { Tag } from 'antd';
import type { WithdrawItem } from '@stock-admin/contracts';
import { isReviewable, withdrawSubject } from '../../../src/features/funds/lib/batch';
import { withdrawLabel } from '../../../src/features/funds/lib/status';
import { batchCounts, batchRows } from '../../../src/shared/batch';
import { BatchResultModal } from '../../../src/shared/components/BatchResultModal';
import '../../../src/app/i18n';

const item = (id: number, amount: string): WithdrawItem =>
  ({ id, orderNo: `W${id}`, phone: `1380000000${id}`, realName: `U${id}`, amount, status: 0 }) as WithdrawItem;

describe('withdrawal batch results (the shared batch table)', () => {
  const results = [
    { id: 2, ok: false, status: 1, msg: '该提现已打款，不能再次处理' },
    { id: 1, ok: true, status: 2, msg: '操作成功' },
  ];

  it('lists each selected request with its own outcome and its status after, in the order selected', () => {
    const rows = batchRows(results, [item(1, '100.00'), item(2, '2500.50')].map(withdrawSubject));
    expect(rows).toEqual([
      { id: 1, ref: 'W1', who: 'U1 13800000001', what: '100.00', ok: true, status: 2, msg: '操作成功' },
      { id: 2, ref: 'W2', who: 'U2 13800000002', what: '2,500.50', ok: false, status: 1, msg: '该提现已打款，不能再次处理' },
    ]);
    expect(batchCounts(rows)).toEqual({ ok: 1, failed: 1 });
  });

  it('counts an id the server did not report as failed, and keeps ids it reported beyond the selection', () => {
    const rows = batchRows([{ id: 9, ok: true, status: 1, msg: 'ok' }], [item(3, '1.00')].map(withdrawSubject), '未返回');
    expect(rows[0]).toMatchObject({ id: 3, ok: false, status: null, msg: '未返回' });
    expect(rows[1]).toMatchObject({ id: 9, ok: true, status: 1, ref: '#9' });
    expect(batchCounts(rows)).toEqual({ ok: 1, failed: 1 });
  });

  it('shows the status after in the queue’s words', async () => {
    const rows = batchRows(results, [item(1, '100.00'), item(2, '2500.50')].map(withdrawSubject));
    render(
      <BatchResultModal
        rows={rows}
        title="批量驳回结果"
        onClose={() => undefined}
        renderStatus={(s) => <Tag>{withdrawLabel(Number(s), 'zh-CN')}</Tag>}
      />,
    );
    const modal = await screen.findByTestId('batch-result', undefined, { timeout: 8000 });
    expect(within(modal).getByTestId('batch-status-1').textContent).toBe(withdrawLabel(2, 'zh-CN'));
    expect(within(modal).getByTestId('batch-status-2').textContent).toBe(withdrawLabel(1, 'zh-CN'));
    expect(within(modal).getByTestId('batch-row-2').closest('tr')!.textContent).toContain('该提现已打款');
  });

  it('only pending requests are reviewable', () => {
    expect(isReviewable({ status: 0 })).toBe(true);
    for (const s of [1, 2, 3]) expect(isReviewable({ status: s })).toBe(false);
  });
});
