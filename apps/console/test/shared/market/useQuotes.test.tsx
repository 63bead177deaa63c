import { Activity, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { SocketBus } from '../../../src/lib/socketBus';
import { QuoteHub } from '../../../src/shared/market/quoteHub';
import { applyTicks, mergeQuotes, useLiveRows, type QuoteFields } from '../../../src/shared/market/useQuotes';
import { tick } from './helpers';

type Row = QuoteFields & { id: number; name: string };
const row = (id: number, gid: string): Row => ({
  id,
  name: `n${id}`,
  gid,
  last: '9.00',
  prevClose: '9.00',
  change: '0.00',
  changePct: '0.00',
  turnover: '100.00',
  stale: false,
});

function setup(schedule: (fn: () => void) => void = (fn) => fn()) {
  const bus = new SocketBus();
  const hub = new QuoteHub(bus, undefined, schedule);
  const watched: string[][] = [];
  bus.opened((m) => (watched.push((m.data as { gids: string[] }).gids), true));
  const quotes = (data: unknown) => act(() => void bus.dispatch({ cmd: 15, type: 'QUOTES', data }));
  return { hub, watched, quotes };
}

function Table({ rows, hub }: { rows: Row[]; hub: QuoteHub }) {
  const live = useLiveRows(rows, hub);
  return (
    <ul>
      {live.map((r) => (
        <li key={r.id} data-testid={`row-${r.gid}`}>
          {r.name} {r.last} {r.change} {r.changePct} {r.turnover} {r.stale ? 'stale' : 'fresh'}
        </li>
      ))}
    </ul>
  );
}

describe('merging quotes into rows', () => {
  it('replaces the live columns of the rows that have a tick, and leaves the others as they are', () => {
    const rows = [row(1, 'sh600000'), row(2, 'sz000001')];
    const merged = mergeQuotes(rows, { sh600000: tick('sh600000', { last: '9.90', change: '0.90', changePct: '10.00', stale: true }) });
    expect(merged[0]).toEqual({
      ...rows[0],
      last: '9.90',
      prevClose: '10.00',
      change: '0.90',
      changePct: '10.00',
      turnover: '10500.00',
      stale: true,
    });
    expect(merged[1]).toBe(rows[1]);
  });

  it('keeps the latest tick per symbol, only for watched symbols', () => {
    const a = applyTicks({}, [tick('sh600000', { last: '1.00' }), tick('sz000001')], new Set(['sh600000']));
    expect(Object.keys(a)).toEqual(['sh600000']);
    const b = applyTicks(a, [tick('sh600000', { last: '2.00' })]);
    expect(b.sh600000!.last).toBe('2.00');
  });
});

describe('useLiveRows', () => {
  it('watches the rows shown and merges QUOTES into them in place, at most once a second', async () => {
    vi.useFakeTimers();
    try {
      const { hub, watched, quotes } = setup();
      render(<Table rows={[row(1, 'sh600000'), row(2, 'sz000001')]} hub={hub} />);
      expect(watched).toEqual([['sh600000', 'sz000001']]);
      expect(screen.getByTestId('row-sh600000').textContent).toBe('n1 9.00 0.00 0.00 100.00 fresh');
      quotes({ phase: 'open', quotes: [tick('sh600000', { last: '9.45', change: '0.45', changePct: '5.00', turnover: '2000.00' })] });
      expect(screen.getByTestId('row-sh600000').textContent).toBe('n1 9.45 0.45 5.00 2000.00 fresh');
      expect(screen.getByTestId('row-sz000001').textContent).toBe('n2 9.00 0.00 0.00 100.00 fresh');
      // the next ticks within the second wait for it, and show together (the latest of each symbol)
      quotes({ phase: 'open', quotes: [tick('sh600000', { last: '9.40', change: '0.40', changePct: '4.00', turnover: '2000.00' })] });
      quotes({
        phase: 'open',
        quotes: [tick('sh600000', { last: '9.45', change: '0.45', changePct: '5.00', turnover: '2000.00', stale: true })],
      });
      expect(screen.getByTestId('row-sh600000').textContent).toBe('n1 9.45 0.45 5.00 2000.00 fresh');
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(screen.getByTestId('row-sh600000').textContent).toBe('n1 9.45 0.45 5.00 2000.00 stale');
    } finally {
      vi.useRealTimers();
    }
  });

  it('follows the rows (a new page watches its own symbols, in one frame) and watches nothing once unmounted', async () => {
    const { hub, watched } = setup(queueMicrotask);
    const settle = () => act(async () => undefined);
    const view = render(<Table rows={[row(1, 'sh600000')]} hub={hub} />);
    await settle();
    view.rerender(<Table rows={[row(3, 'sh600003')]} hub={hub} />);
    await settle();
    view.unmount();
    await settle();
    expect(watched).toEqual([['sh600000'], ['sh600003'], []]);
  });

  it('watches only while its tab is the active one (the shell hides other tabs with <Activity>)', () => {
    const { hub, watched, quotes } = setup();
    let show: (v: boolean) => void = () => undefined;
    function Shell() {
      const [active, setActive] = useState(true);
      show = setActive;
      return (
        <Activity mode={active ? 'visible' : 'hidden'}>
          <Table rows={[row(1, 'sh600000')]} hub={hub} />
        </Activity>
      );
    }
    render(<Shell />);
    expect(watched).toEqual([['sh600000']]);
    quotes({ phase: 'open', quotes: [tick('sh600000', { last: '9.30' })] });
    act(() => show(false));
    expect(watched).toEqual([['sh600000'], []]);
    act(() => show(true));
    expect(watched).toEqual([['sh600000'], [], ['sh600000']]);
    // the ticks received before the tab was hidden are still shown
    expect(screen.getByTestId('row-sh600000').textContent).toContain('9.30');
  });
});
