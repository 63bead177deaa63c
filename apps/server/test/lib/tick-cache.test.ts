import { describe, expect, it } from 'vitest';
import { TickCache } from '../../src/lib/tickCache.js';

// The admin's position lists (modules/trading/listCache.ts) go through this cache: one computation per quote tick
// shared by every caller, never an answer from before a change of the rows.
function setup() {
  let now = 0;
  let calls = 0;
  const cache = new TickCache<string>({ maxAgeMs: 1_000, maxEntries: 2, now: () => now });
  const compute = (v: string) => () => {
    calls++;
    return new Promise<string>((r) => setTimeout(() => r(v), 5));
  };
  return { cache, compute, calls: () => calls, at: (t: number) => (now = t) };
}

describe('TickCache', () => {
  it('callers asking the same thing at once share one computation', async () => {
    const { cache, compute, calls } = setup();
    const all = await Promise.all(Array.from({ length: 50 }, () => cache.get('k', { data: '1', tick: 1 }, compute('a'))));
    expect(new Set(all)).toEqual(new Set(['a']));
    expect(calls()).toBe(1);
  });

  it('after a quote tick the last answer is served at once while one new computation runs', async () => {
    const { cache, compute, calls } = setup();
    await cache.get('k', { data: '1', tick: 1 }, compute('a'));
    expect(await cache.get('k', { data: '1', tick: 2 }, compute('b'))).toBe('a');
    expect(await cache.get('k', { data: '1', tick: 2 }, compute('c'))).toBe('a'); // the refresh is under way
    expect(calls()).toBe(2);
    await new Promise((r) => setTimeout(r, 20));
    expect(await cache.get('k', { data: '1', tick: 2 }, compute('d'))).toBe('b');
    expect(calls()).toBe(2);
  });

  it('an answer older than maxAgeMs is refreshed the same way', async () => {
    const { cache, compute, calls, at } = setup();
    await cache.get('k', { data: '1', tick: 1 }, compute('a'));
    at(999);
    expect(await cache.get('k', { data: '1', tick: 1 }, compute('b'))).toBe('a');
    expect(calls()).toBe(1);
    at(1_000);
    expect(await cache.get('k', { data: '1', tick: 1 }, compute('b'))).toBe('a');
    await new Promise((r) => setTimeout(r, 20));
    expect(await cache.get('k', { data: '1', tick: 1 }, compute('c'))).toBe('b');
  });

  it('after the rows changed the old answer is never served: the caller waits for a new one', async () => {
    const { cache, compute } = setup();
    await cache.get('k', { data: '1', tick: 1 }, compute('before'));
    expect(await cache.get('k', { data: '2', tick: 1 }, compute('after'))).toBe('after');
    // a refresh started before the change does not overwrite the newer answer
    const { cache: c2, compute: comp2 } = setup();
    await c2.get('k', { data: '1', tick: 1 }, comp2('a'));
    void c2.get('k', { data: '1', tick: 2 }, () => new Promise((r) => setTimeout(() => r('late'), 30)));
    expect(await c2.get('k', { data: '2', tick: 2 }, comp2('fresh'))).toBe('fresh');
    await new Promise((r) => setTimeout(r, 50));
    expect(await c2.get('k', { data: '2', tick: 2 }, comp2('x'))).toBe('fresh');
  });

  it('a failure is not kept, and at most maxEntries keys are (least recently used dropped)', async () => {
    const { cache, compute, calls } = setup();
    await expect(cache.get('k', { data: '1', tick: 1 }, () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', { data: '1', tick: 1 }, compute('ok'))).toBe('ok');
    await cache.get('x', { data: '1', tick: 1 }, compute('x'));
    await cache.get('k', { data: '1', tick: 1 }, compute('k2')); // k used again: x is now the oldest
    await cache.get('y', { data: '1', tick: 1 }, compute('y'));
    const before = calls();
    expect(await cache.get('k', { data: '1', tick: 1 }, compute('k3'))).toBe('ok');
    expect(await cache.get('x', { data: '1', tick: 1 }, compute('x2'))).toBe('x2');
    expect(calls()).toBe(before + 1);
  });
});
