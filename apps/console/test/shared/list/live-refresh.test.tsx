import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { socketBus } from '../../../src/lib/socketBus';
import type { PageVisibility } from '../../../src/lib/liveThrottle';
import { FakePage } from '../../helpers';
import { LIST_RELOAD_MS, useLiveRefresh } from '../../../src/shared/list/useLiveRefresh';

/**
 * Issues 51 and 64: an open list under a steady stream of live events reloads at most once every 5 s (2 s before issue
 * 64), and once more within 5 s after the stream stops (never starved), the first event of a quiet spell at once; what
 * the list patches itself reloads nothing; a hidden browser tab reloads nothing until it is shown, then once.
 */
function List({ refresh, page }: { refresh: () => void; page: PageVisibility }) {
  useLiveRefresh(['BUY_GP_REQUEST'], refresh, page);
  return null;
}

const event = (type = 'BUY_GP_REQUEST') => socketBus.event({ cmd: 0, type } as never);

describe('live refresh of an open list', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('an event every 100 ms for 20 s: 4–5 reloads during the stream, the last within 5 s after it stops', async () => {
    const refresh = vi.fn();
    const page = new FakePage();
    render(<List refresh={refresh} page={page} />);
    const times: number[] = [];
    refresh.mockImplementation(() => times.push(Date.now()));
    const start = Date.now();
    for (let i = 0; i < 200; i++) {
      event();
      await act(() => vi.advanceTimersByTimeAsync(100));
    }
    const during = times.length;
    expect(during).toBeGreaterThanOrEqual(4);
    expect(during).toBeLessThanOrEqual(5);
    // never two reloads closer than the pace
    times.slice(1).forEach((t, i) => expect(t - times[i]!).toBeGreaterThanOrEqual(LIST_RELOAD_MS));
    const stopped = Date.now();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(times.length).toBe(during + 1);
    expect(times.at(-1)! - stopped).toBeLessThanOrEqual(LIST_RELOAD_MS);
    expect(times[0]! - start).toBeLessThanOrEqual(500); // the first event is not held back
    // an event that is not the list's changes nothing
    event('WITHDRAW_REQUEST');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(times.length).toBe(during + 1);
  });

  it('an event the list patches itself (claimed) reloads nothing (issue 64)', async () => {
    const refresh = vi.fn();
    const claimed: unknown[] = [];
    function Patched() {
      useLiveRefresh(['BUY_GP_REQUEST', 'BUY_GP_SETTLED'], refresh, new FakePage(), {
        claim: (msg) => msg.type === 'BUY_GP_SETTLED' && !!claimed.push(msg),
      });
      return null;
    }
    render(<Patched />);
    for (let i = 0; i < 20; i++) {
      event('BUY_GP_SETTLED');
      await act(() => vi.advanceTimersByTimeAsync(500));
    }
    expect(claimed).toHaveLength(20);
    expect(refresh).not.toHaveBeenCalled();
    event();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('a hidden tab reloads nothing however many events come, and once when shown again', async () => {
    const refresh = vi.fn();
    const page = new FakePage();
    render(<List refresh={refresh} page={page} />);
    page.set('hidden');
    for (let i = 0; i < 50; i++) {
      event();
      await act(() => vi.advanceTimersByTimeAsync(200));
    }
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(refresh).not.toHaveBeenCalled();
    page.set('visible');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(refresh).toHaveBeenCalledTimes(1);
    // shown with nothing new: no reload
    page.set('hidden');
    page.set('visible');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('an event while hidden that is followed by a reconnect still reloads only once when shown', async () => {
    const refresh = vi.fn();
    const page = new FakePage();
    const { unmount } = render(<List refresh={refresh} page={page} />);
    page.set('hidden');
    event();
    socketBus.closed();
    socketBus.opened(() => true);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(refresh).not.toHaveBeenCalled();
    page.set('visible');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(refresh).toHaveBeenCalledTimes(1);
    unmount();
    socketBus.closed();
  });
});
