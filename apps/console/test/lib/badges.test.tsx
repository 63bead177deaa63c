import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { badges, useBadge } from '../../src/lib/badges';

function Show({ k }: { k: 2 | 'recharge' }) {
  return <span data-testid="n">{useBadge(k)}</span>;
}

describe('badge store', () => {
  it('bump / set / reset / seed, driven from outside React', () => {
    badges.clear();
    badges.bump(2);
    badges.bump(2);
    expect(badges.get(2)).toBe(2);
    badges.set(19, 5);
    expect(badges.get(19)).toBe(5);
    badges.reset(19);
    expect(badges.get(19)).toBe(0);
    badges.bump('idVerify');
    badges.seed({ '2': 7, '21': '3', recharge: 4, unknown: 9, '22': -1 });
    expect([badges.get(2), badges.get(21), badges.get('recharge'), badges.get('idVerify'), badges.get(22)]).toEqual([7, 3, 4, 1, 0]);
    badges.seed(null);
    expect(badges.get(2)).toBe(7);
  });

  it('re-renders readers', () => {
    badges.clear();
    render(<Show k="recharge" />);
    expect(screen.getByTestId('n').textContent).toBe('0');
    act(() => badges.bump('recharge', 3));
    expect(screen.getByTestId('n').textContent).toBe('3');
  });

  it('re-renders a reader only when its own counter moves (a busy platform bumps some counter every second)', () => {
    badges.clear();
    let renders = 0;
    function Counted() {
      renders += 1;
      return <span data-testid="c">{useBadge(19)}</span>;
    }
    render(<Counted />);
    const first = renders;
    act(() => {
      badges.bump(2);
      badges.bump('recharge');
      badges.seed({ '21': 4 });
    });
    expect(renders).toBe(first);
    act(() => badges.bump(19));
    expect(renders).toBe(first + 1);
    expect(screen.getByTestId('c').textContent).toBe('1');
  });
});
