import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { RiskWarning } from '@stock-admin/contracts';
import { changeLang } from '../../../src/app/i18n';
import { WARNING_CARDS_SHOWN, WarningCards } from '../../../src/features/trading/components/WarningsPanel';

/**
 * The users near their force-close line on a phone: a block per user with every figure of the desk's seven columns
 * (its table ran off the alert's edge at 390 px), picking a user as the table does, the worst five first.
 */
const warning = (userId: number, ratioPct: string): RiskWarning => ({
  userId,
  userName: `用户${userId}`,
  phone: `1361022${String(userId).padStart(4, '0')}`,
  freeCash: '1200.5',
  margins: '30000',
  pnl: '-2777.4',
  line: '3000',
  ratioPct,
});

describe('WarningCards', () => {
  it('shows each user with every figure, labelled, and picks the user', async () => {
    await act(() => changeLang('zh-CN'));
    const onPick = vi.fn();
    render(<WarningCards list={[warning(7, '92.58'), warning(9, '101.20')]} onPick={onPick} />);
    const card = within(screen.getByTestId('warning-card-7'));
    const text = screen.getByTestId('warning-card-7').textContent ?? '';
    for (const part of [
      '用户7 #7',
      '92.58%',
      '浮动盈亏',
      '-2,777.40',
      '强平线',
      '-3,000.00',
      '可用资金',
      '1,200.50',
      '占用保证金',
      '30,000.00',
      '手机号',
      '13610220007',
    ])
      expect(text).toContain(part);
    expect(card.getByRole('progressbar', { name: '已达强平线' })).toBeTruthy();
    fireEvent.click(card.getByRole('button', { name: '用户7 #7' }));
    expect(onPick).toHaveBeenCalledWith(7);
  });

  it('shows the worst five and the others on asking, in both languages', async () => {
    await act(() => changeLang('en-US'));
    const list = Array.from({ length: 7 }, (_, i) => warning(i + 1, String(120 - i)));
    render(<WarningCards list={list} onPick={() => undefined} />);
    expect(screen.getAllByTestId(/^warning-card-/)).toHaveLength(WARNING_CARDS_SHOWN);
    const more = screen.getByRole('button', { name: 'Show all 7 users' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(screen.getAllByTestId(/^warning-card-/)).toHaveLength(7);
    expect(screen.getByTestId('warning-card-7').textContent).toContain('Force-close line');
    fireEvent.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(screen.getAllByTestId(/^warning-card-/)).toHaveLength(WARNING_CARDS_SHOWN);
    await act(() => changeLang('zh-CN'));
    expect(screen.getByRole('button', { name: '显示全部 7 位用户' })).toBeTruthy();
  });
});
