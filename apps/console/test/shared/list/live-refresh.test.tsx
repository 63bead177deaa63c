import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { socketBus } from '../../../src/lib/socketBus';
import { LIVE_REFRESH_INTERVAL_MS, type PageVisibility } from '../../../src/lib/liveThrottle';
import { FakePage } from '../../helpers';
import { useLiveRefresh } from '../../../src/shared/list/useLiveRefresh';

/**
 * Issue 51: an open list under a steady stream of live events reloads at most once every 2 s, and once more within 2 s
 * after the stream stops (never starved); a hidden browser tab reloads nothing until it is shown, then once.
 */
function List({ refresh, page }: { refresh: () => void; page: PageVisibility }) {
  useLiveRefresh(['BUY_GP_REQUEST'], refresh, page);
  return null;
}

const event = (type = 'BUY_GP_REQUEST') => socketBus.event({ cmd: 0, type } as never);

describe('live refresh of an open list', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('an event every 100 ms for 10 s: 4–6 reloads during the stream, the last within 2 s after it stops', async () => {
    const refresh = vi.fn();
    const page = new FakePage();
    render(<List refresh={refresh} page={page} />);
    const times: number[] = [];
    refresh.mockImplementation(() => times.push(Date.now()));
    const start = Date.now();
    for (let i = 0; i < 100; i++) {
      event();
      await act(() => vi.advanceTimersByTimeAsync(100));
    }
    const during = times.length;
    expect(during).toBeGreaterThanOrEqual(4);
    expect(during).toBeLessThanOrEqual(6);
    // never two reloads closer than the interval
    times.slice(1).forEach((t, i) => expect(t - times[i]!).toBeGreaterThanOrEqual(LIVE_REFRESH_INTERVAL_MS));
    const stopped = Date.now();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(times.length).toBe(during + 1);
    expect(times.at(-1)! - stopped).toBeLessThanOrEqual(2000);
    expect(times[0]! - start).toBeLessThanOrEqual(500); // the first event is not held back
    // an event that is not the list's changes nothing
    event('WITHDRAW_REQUEST');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(times.length).toBe(during + 1);
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
