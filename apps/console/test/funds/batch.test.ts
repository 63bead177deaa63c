import { describe, expect, it } from 'vitest';
import type { WithdrawItem } from '@stock-admin/contracts';
import { batchCounts, batchResultRows, isReviewable } from '../../src/features/funds/lib/batch';

const item = (id: number, amount: string): WithdrawItem =>
  ({ id, orderNo: `W${id}`, phone: `1380000000${id}`, realName: `U${id}`, amount, status: 0 }) as WithdrawItem;

describe('batch results', () => {
  it('lists each selected row with its own outcome, in the order selected', () => {
    const rows = batchResultRows(
      {
        results: [
          { id: 2, ok: false, status: 1, msg: '该提现已打款，不能再次处理' },
          { id: 1, ok: true, status: 2, msg: '操作成功' },
        ],
      },
      [item(1, '100.00'), item(2, '2500.50')],
    );
    expect(rows).toEqual([
      { id: 1, orderNo: 'W1', phone: '13800000001', realName: 'U1', amount: '100.00', ok: true, status: 2, msg: '操作成功' },
      {
        id: 2,
        orderNo: 'W2',
        phone: '13800000002',
        realName: 'U2',
        amount: '2500.50',
        ok: false,
        status: 1,
        msg: '该提现已打款，不能再次处理',
      },
    ]);
    expect(batchCounts(rows)).toEqual({ ok: 1, failed: 1 });
  });

  it('counts an id the server did not report as failed, and keeps ids it reported beyond the selection', () => {
    const rows = batchResultRows({ results: [{ id: 9, ok: true, status: 1, msg: 'ok' }] }, [item(3, '1.00')]);
    expect(rows[0]).toMatchObject({ id: 3, ok: false, status: null, msg: '' });
    expect(rows[1]).toMatchObject({ id: 9, ok: true, status: 1, orderNo: '' });
    expect(batchCounts(rows)).toEqual({ ok: 1, failed: 1 });
  });

  it('only pending requests are reviewable', () => {
    expect(isReviewable({ status: 0 })).toBe(true);
    for (const s of [1, 2, 3]) expect(isReviewable({ status: s })).toBe(false);
  });
});
