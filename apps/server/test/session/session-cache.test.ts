import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppHooks, type Principal } from '../../src/app/context.js';
import { SessionCache, TokenCache } from '../../src/modules/session/cache.js';

const T0 = new Date('2026-11-21T10:00:00Z').getTime();

function principal(sessionId: number, over: Partial<Principal> = {}): Principal {
  return {
    sessionId,
    adminId: sessionId * 10,
    username: `a${sessionId}`,
    name: `A${sessionId}`,
    roleId: 1,
    roleName: 'r',
    roleCode: null,
    agentId: null,
    isSuper: false,
    permissions: new Map(),
    avatar: null,
    lang: null,
    expiresAt: T0 + 3600_000,
    ...over,
  } as Principal;
}

/** A lookup whose answers the test releases by hand, counting the calls. */
function manualLoad() {
  const calls: { resolve: (p: Principal | null) => void; reject: (e: Error) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<Principal | null>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  );
  return { load, calls };
}

const flush = () => new Promise((r) => setImmediate(r));

describe('session cache', () => {
  let hooks: AppHooks;
  let cache: SessionCache;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    hooks = new AppHooks();
    cache = new SessionCache(hooks, 5_000, 100, 1_000);
  });
  afterEach(() => vi.useRealTimers());

  it('makes one lookup for many requests of a token that is not cached', async () => {
    const { load, calls } = manualLoad();
    const waiting = Array.from({ length: 50 }, () => cache.resolve('h', load));
    expect(load).toHaveBeenCalledTimes(1);
    calls[0]!.resolve(principal(1));
    const got = await Promise.all(waiting);
    expect(new Set(got).size).toBe(1);
    expect(got[0]!.sessionId).toBe(1);
    // and it is cached now
    await cache.resolve('h', load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('serves an entry in its last second at once while one request refreshes it in the background', async () => {
    const { load, calls } = manualLoad();
    const first = cache.resolve('h', load);
    calls[0]!.resolve(principal(1));
    const p1 = await first;

    vi.setSystemTime(T0 + 3_999); // 1,001 ms left: no refresh yet
    expect(await cache.resolve('h', load)).toBe(p1);
    expect(load).toHaveBeenCalledTimes(1);

    vi.setSystemTime(T0 + 4_200); // 800 ms left
    for (let i = 0; i < 20; i++) expect(await cache.resolve('h', load)).toBe(p1); // not waiting for the pending lookup
    expect(load).toHaveBeenCalledTimes(2);
    const p2 = principal(1, { name: 'renamed' });
    calls[1]!.resolve(p2);
    await flush();

    vi.setSystemTime(T0 + 6_000); // past the first entry's end: the refreshed one serves, no lookup
    expect(await cache.resolve('h', load)).toBe(p2);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('looks up in the foreground once the entry has expired, and never serves past the session end', async () => {
    const { load, calls } = manualLoad();
    const first = cache.resolve('h', load);
    calls[0]!.resolve(principal(1, { expiresAt: T0 + 2_000 }));
    await first;
    vi.setSystemTime(T0 + 2_000); // the session itself ended
    const again = cache.resolve('h', load);
    expect(load).toHaveBeenCalledTimes(2);
    calls[1]!.resolve(null);
    expect(await again).toBeNull();

    const other = cache.resolve('k', load);
    calls[2]!.resolve(principal(2));
    await other;
    vi.setSystemTime(T0 + 2_000 + 5_000);
    const expired = cache.resolve('k', load);
    expect(load).toHaveBeenCalledTimes(4);
    calls[3]!.resolve(principal(2));
    expect((await expired)!.sessionId).toBe(2);
  });

  it('a refresh that finds the session gone removes the entry', async () => {
    const { load, calls } = manualLoad();
    const first = cache.resolve('h', load);
    calls[0]!.resolve(principal(1));
    await first;
    vi.setSystemTime(T0 + 4_500);
    await cache.resolve('h', load);
    calls[1]!.resolve(null); // revoked by another process whose signal was lost
    await flush();
    const next = cache.resolve('h', load);
    expect(load).toHaveBeenCalledTimes(3);
    calls[2]!.resolve(null);
    expect(await next).toBeNull();
  });

  it('a failed refresh rejects no request; the entry then expires and the next lookup reports the failure', async () => {
    const { load, calls } = manualLoad();
    const first = cache.resolve('h', load);
    calls[0]!.resolve(principal(1));
    const p1 = await first;
    vi.setSystemTime(T0 + 4_500);
    expect(await cache.resolve('h', load)).toBe(p1);
    calls[1]!.reject(new Error('db down'));
    await flush();
    expect(await cache.resolve('h', load)).toBe(p1); // still within its TTL: served, a new refresh begins
    expect(load).toHaveBeenCalledTimes(3);
    calls[2]!.reject(new Error('db down'));
    await flush();
    vi.setSystemTime(T0 + 5_000);
    const after = cache.resolve('h', load);
    calls[3]!.reject(new Error('db down'));
    await expect(after).rejects.toThrow('db down');
  });

  it('a revocation drops the entry at once, and a lookup begun before it neither stores nor serves later requests', async () => {
    const { load, calls } = manualLoad();
    const first = cache.resolve('h', load);
    calls[0]!.resolve(principal(1));
    await first;
    hooks.emit('sessionsRevoked', { adminId: 10, sessionIds: [1], reason: 'logout' });
    const afterLogout = cache.resolve('h', load);
    expect(load).toHaveBeenCalledTimes(2);
    calls[1]!.resolve(null);
    expect(await afterLogout).toBeNull();

    // a lookup in flight when a role changes: requests after the change do not join it
    const before = cache.resolve('k', load);
    expect(load).toHaveBeenCalledTimes(3);
    hooks.emit('principalsChanged', { roleIds: [1] });
    const after = cache.resolve('k', load);
    expect(load).toHaveBeenCalledTimes(4);
    calls[3]!.resolve(principal(2, { roleId: 7 }));
    expect((await after)!.roleId).toBe(7);
    calls[2]!.resolve(principal(2)); // read before the change, answered last
    expect((await before)!.roleId).toBe(1);
    // what is cached is the read made after the change
    expect((await cache.resolve('k', load))!.roleId).toBe(7);
    expect(load).toHaveBeenCalledTimes(4);
  });
});

describe('session cache, refreshed in batches', () => {
  type Entry = { id: number; expiresAt: number };
  const entry = (id: number, over: Partial<Entry> = {}): Entry => ({ id, expiresAt: T0 + 3600_000, ...over });
  let live: Map<string, Entry>;
  let batches: string[][];
  let singles: number;
  let cache: TokenCache<Entry>;
  const single = (hash: string) => () => {
    singles++;
    return Promise.resolve(live.get(hash) ?? null);
  };
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    live = new Map(Array.from({ length: 40 }, (_, i) => [`h${i}`, entry(i)]));
    batches = [];
    singles = 0;
    // the sweep is run by hand (its timer is far off): the test decides when
    cache = new TokenCache<Entry>(5_000, 1_000, 1_500, {
      loadMany: (hashes) => {
        batches.push([...hashes]);
        return Promise.resolve(new Map(hashes.flatMap((h) => (live.has(h) ? [[h, live.get(h)!] as const] : []))));
      },
      everyMs: 3_600_000,
      keepMs: 30_000,
    });
  });
  afterEach(() => vi.useRealTimers());

  it('reads every session used lately in one statement before its entry ends, and none alone', async () => {
    for (let i = 0; i < 40; i++) await cache.resolve(`h${i}`, single(`h${i}`));
    expect(singles).toBe(40);
    for (let t = 1; t <= 12; t++) {
      vi.setSystemTime(T0 + t * 1_000);
      await cache.refreshDue();
      // every token keeps being used, one call in 4 s each
      if (t % 4 === 0) for (let i = 0; i < 40; i++) await cache.resolve(`h${i}`, single(`h${i}`));
    }
    expect(singles).toBe(40);
    // entries read at T0 end at T0 + 5 s: read again together at T0 + 4 s (ending at 9 s), 8 s and 12 s
    expect(batches.map((b) => b.length)).toEqual([40, 40, 40]);
    vi.setSystemTime(T0 + 12_900);
    await cache.resolve('h7', single('h7'));
    expect(singles).toBe(40);
  });

  it('a session the batch no longer finds is gone at once: the next call looks it up and is refused', async () => {
    for (let i = 0; i < 3; i++) await cache.resolve(`h${i}`, single(`h${i}`));
    live.delete('h1'); // revoked by another instance whose signal was lost
    vi.setSystemTime(T0 + 4_000);
    await cache.refreshDue();
    expect(await cache.resolve('h0', single('h0'))).toEqual(entry(0));
    expect(singles).toBe(3);
    expect(await cache.resolve('h1', single('h1'))).toBeNull();
    expect(singles).toBe(4);
  });

  it('does not keep refreshing a token nobody used for keepMs', async () => {
    await cache.resolve('h0', single('h0'));
    await cache.resolve('h1', single('h1'));
    for (let t = 4; t <= 40; t += 4) {
      vi.setSystemTime(T0 + t * 1_000);
      await cache.refreshDue();
      await cache.resolve('h0', single('h0'));
    }
    const h1Reads = batches.filter((b) => b.includes('h1')).length;
    expect(h1Reads).toBeGreaterThan(0);
    expect(h1Reads).toBeLessThanOrEqual(8); // 30 s of refreshes at most, then let go
    expect(batches.at(-1)).toEqual(['h0']);
    expect(singles).toBe(2);
  });

  it('a drop while the batch reads stores nothing that was read before it', async () => {
    let release!: (m: Map<string, Entry>) => void;
    const slow = new TokenCache<Entry>(5_000, 1_000, 1_500, {
      loadMany: () => new Promise((r) => (release = r)),
      everyMs: 3_600_000,
    });
    await slow.resolve('h0', single('h0'));
    vi.setSystemTime(T0 + 4_000);
    const reading = slow.refreshDue();
    slow.drop((e) => e.id === 0);
    release(new Map([['h0', entry(0)]]));
    await reading;
    live.delete('h0');
    expect(await slow.resolve('h0', single('h0'))).toBeNull();
  });
});
