import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAnnouncer } from '../../src/lib/announce';

/**
 * Issue 65: the live region reads the socket's notices without a flood — a burst waits until it pauses (or 5 s after
 * its first notice) and is read as one summary; a lone notice is read in full.
 */
describe('the polite live region’s announcer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const make = () => {
    const said: string[] = [];
    const a = createAnnouncer({
      publish: (t) => said.push(t),
      summary: (n, counts) => `${n}: ${counts.map(([t, c]) => `${t}×${c}`).join(', ')}`,
      timers: { setTimeout, clearTimeout, now: () => Date.now() },
    });
    return { a, said };
  };

  it('reads a lone notice in full once the stream is quiet', () => {
    const { a, said } = make();
    a.say('buy', 'buy: 13800000001 ¥1,000.00');
    vi.advanceTimersByTime(1400);
    expect(said).toEqual([]);
    vi.advanceTimersByTime(200);
    expect(said).toEqual(['buy: 13800000001 ¥1,000.00']);
  });

  it('reads a burst of 30 as one summary, counted by title', () => {
    const { a, said } = make();
    for (let i = 0; i < 30; i++) {
      a.say(i % 3 ? 'buy' : 'withdraw');
      vi.advanceTimersByTime(100);
    }
    vi.advanceTimersByTime(2000);
    expect(said).toEqual(['30: withdraw×10, buy×20']);
  });

  it('never holds a steady stream back more than 5 s', () => {
    const { a, said } = make();
    for (let i = 0; i < 80; i++) {
      a.say('buy');
      vi.advanceTimersByTime(100);
    }
    // 8 s of notices every 100 ms: read at 5 s, then the rest when it stops
    vi.advanceTimersByTime(2000);
    expect(said.length).toBe(2);
    expect(said[0]).toMatch(/^50: buy×50$/);
    expect(said[1]).toBe('30: buy×30');
  });

  it('reads nothing after it is disposed', () => {
    const { a, said } = make();
    a.say('buy');
    a.dispose();
    vi.advanceTimersByTime(10_000);
    expect(said).toEqual([]);
  });

  it('calls the browser’s own timers as the window’s (a detached call is an Illegal invocation there)', () => {
    vi.useRealTimers();
    const real = globalThis.setTimeout;
    const said: string[] = [];
    // a browser's setTimeout refuses any `this` but the window (Chromium: "Illegal invocation")
    vi.stubGlobal('setTimeout', function (this: unknown, fn: () => void, ms: number) {
      if (this !== undefined && this !== globalThis) throw new TypeError('Illegal invocation');
      return real(fn, ms);
    });
    try {
      const a = createAnnouncer({ publish: (t) => said.push(t), summary: () => '' });
      expect(() => a.say('buy')).not.toThrow();
      a.dispose();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
