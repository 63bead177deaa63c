import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { changeLang } from '../../../src/app/i18n';
import { BatchResultModal } from '../../../src/shared/components/BatchResultModal';
import { batchCounts, batchRows, orderSubject } from '../../../src/shared/batch';
import { order } from './fixtures';

const selected = [order(1), order(2, { userName: '', phone: '13900000002', userId: 8, stockName: '贵州茅台', code: '600519' }), order(3)];
const results = [
  { id: 2, ok: false, msg: '该委托已处理（已撤单）' },
  { id: 1, ok: true, msg: '已通过' },
  { id: 99, ok: false, msg: '委托不存在' },
];

describe('batch review results', () => {
  it('joins the server’s per-id results with the selection, in the selection’s order', () => {
    const rows = batchRows(results, selected.map(orderSubject), 'not reported');
    expect(rows.map((r) => [r.id, r.ok, r.msg])).toEqual([
      [1, true, '已通过'],
      [2, false, '该委托已处理（已撤单）'],
      [3, false, 'not reported'], // selected, not in the answer: failed
      [99, false, '委托不存在'], // in the answer, not selected: listed last
    ]);
    expect(rows[1]).toMatchObject({ ref: 'B202611240002', who: '13900000002 (ID 8)', what: '贵州茅台 600519', status: null });
    expect(batchCounts(rows)).toEqual({ ok: 1, failed: 3 });
  });

  beforeEach(async () => {
    await changeLang('zh-CN');
  });

  it('renders each order’s outcome and the counts (zh-CN and en-US)', async () => {
    const rows = batchRows(results, selected.map(orderSubject), '服务器未返回该笔结果');
    const { rerender } = render(<BatchResultModal rows={rows} approve onClose={() => undefined} />);
    const modal = await screen.findByTestId('batch-result', undefined, { timeout: 8000 });
    expect(within(modal).getByTestId('batch-ok').textContent).toBe('成功 1');
    expect(within(modal).getByTestId('batch-failed').textContent).toBe('失败 3');
    expect(within(modal).getByTestId('batch-row-1').textContent).toContain('成功');
    expect(within(modal).getByTestId('batch-row-2').textContent).toContain('失败');
    const line2 = within(modal).getByTestId('batch-row-2').closest('tr')!;
    expect(line2.textContent).toContain('该委托已处理（已撤单）');
    expect(line2.textContent).toContain('B202611240002');
    expect(within(modal).getByTestId('batch-row-3').closest('tr')!.textContent).toContain('服务器未返回该笔结果');
    expect(screen.getByText('批量通过结果')).toBeTruthy();
    expect(within(modal).queryByTestId('batch-status-1')).toBeNull(); // orders report no state after

    await changeLang('en-US');
    rerender(<BatchResultModal rows={rows} approve={false} onClose={() => undefined} />);
    expect(screen.getByTestId('batch-ok').textContent).toBe('1 succeeded');
    expect(screen.getByTestId('batch-failed').textContent).toBe('3 failed');
    expect(screen.getByText('Batch rejection')).toBeTruthy();
    await changeLang('zh-CN');
  });
});
