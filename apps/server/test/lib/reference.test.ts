import { describe, expect, it } from 'vitest';
import { AppHooks, type AppContext } from '../../src/app/context.js';
import { reference } from '../../src/app/reference.js';

/** A context with nothing but its hooks: what reference() uses. */
const ctxWithHooks = () => ({ hooks: new AppHooks() }) as unknown as AppContext;

describe('reference data (app/reference.ts)', () => {
  it('reads once, serves the copy, and reads again after a drop', async () => {
    const ctx = ctxWithHooks();
    let loads = 0;
    const ref = reference('test-a', async () => ++loads);
    expect(await ref.read(ctx)).toBe(1);
    expect(await ref.read(ctx)).toBe(1);
    ref.drop(ctx);
    expect(await ref.read(ctx)).toBe(2);
    ctx.hooks.emit('cacheDropped', 'other'); // another domain's drop leaves this copy
    expect(await ref.read(ctx)).toBe(2);
  });

  it('reads an expired copy again, once for the callers that find it expired together', async () => {
    const ctx = ctxWithHooks();
    let loads = 0;
    const ref = reference('test-b', async () => ++loads, 0);
    expect(await ref.read(ctx)).toBe(1);
    const [a, b] = await Promise.all([ref.read(ctx), ref.read(ctx)]);
    expect([a, b]).toEqual([2, 2]);
    expect(loads).toBe(2);
  });

  it('answers a caller whose expired copy was dropped while it waited (no shared read left)', async () => {
    const ctx = ctxWithHooks();
    let loads = 0;
    const ref = reference('test-c', async () => ++loads, 0);
    await ref.read(ctx);
    const reading = ref.read(ctx); // awaits the expired copy
    ref.drop(ctx);
    expect(await reading).toBe(2);
  });

  it('keeps no failed read', async () => {
    const ctx = ctxWithHooks();
    let fail = true;
    const ref = reference('test-d', async () => {
      if (fail) throw new Error('down');
      return 'up';
    });
    await expect(ref.read(ctx)).rejects.toThrow('down');
    fail = false;
    expect(await ref.read(ctx)).toBe('up');
  });
});
