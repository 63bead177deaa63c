import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCoalescedSaver } from '../../src/lib/coalesce';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('site style saver: on change, at most one call per 5 s', () => {
  it('does not save the baseline or an unchanged value', async () => {
    const save = vi.fn(async () => undefined);
    const s = createCoalescedSaver(save, 5000);
    s.baseline({ a: 1 });
    s.change({ a: 1 });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(save).not.toHaveBeenCalled();
  });

  it('saves the first change at once and coalesces the next ones into one call 5 s later', async () => {
    const save = vi.fn(async (_v: { a: number }) => undefined);
    const s = createCoalescedSaver(save, 5000);
    s.baseline({ a: 0 });
    s.change({ a: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenLastCalledWith({ a: 1 });
    s.change({ a: 2 });
    s.change({ a: 3 });
    await vi.advanceTimersByTimeAsync(4999);
    expect(save).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith({ a: 3 });
  });

  it('is not a timer: nothing happens while nothing changes', async () => {
    const save = vi.fn(async () => undefined);
    const s = createCoalescedSaver(save, 5000);
    s.baseline({ a: 0 });
    s.change({ a: 1 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('retries with the next change after a failed save', async () => {
    const save = vi.fn(async () => {
      throw new Error('x');
    });
    const s = createCoalescedSaver(save, 5000);
    s.baseline({ a: 0 });
    s.change({ a: 1 });
    await vi.advanceTimersByTimeAsync(0);
    s.change({ a: 1 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('flush sends a pending value now', async () => {
    const save = vi.fn(async () => undefined);
    const s = createCoalescedSaver(save, 5000);
    s.baseline({ a: 0 });
    s.change({ a: 1 });
    await vi.advanceTimersByTimeAsync(0);
    s.change({ a: 2 });
    s.flush();
    expect(save).toHaveBeenCalledTimes(2);
  });
});
