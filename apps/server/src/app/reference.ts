import type { AppContext } from './context.js';

/**
 * Read-mostly reference data (risk rules, pay settings, …) read once per instance and kept until a change anywhere
 * drops it: the saving code calls `drop(ctx)`, which the realtime hub relays to every instance through the bus
 * (`cacheDropped`). A bus outage cannot keep a stale copy for long: a copy older than `ttlMs` is read again.
 * Failed loads are not kept. Read outside transactions (the value is the committed one, shared by all callers).
 */
export interface Reference<T> {
  read(ctx: AppContext): Promise<T>;
  /** Drops this instance's copy and tells the others. */
  drop(ctx: AppContext): void;
}

/** Even without a drop signal (a bus outage), a copy is read again after this long. */
export const REFERENCE_TTL_MS = 30_000;

export function reference<T>(name: string, load: (ctx: AppContext) => Promise<T>, ttlMs = REFERENCE_TTL_MS): Reference<T> {
  const copies = new WeakMap<AppContext, { value: Promise<{ v: T; at: number }> | null }>();
  const entryOf = (ctx: AppContext) => {
    let c = copies.get(ctx);
    if (!c) {
      const entry = (c = { value: null as Promise<{ v: T; at: number }> | null });
      copies.set(ctx, entry);
      ctx.hooks.on('cacheDropped', (dropped) => {
        if (dropped === name) entry.value = null;
      });
    }
    return c;
  };
  return {
    async read(ctx) {
      const c = entryOf(ctx);
      const hit = c.value;
      if (hit) {
        const { v, at } = await hit;
        if (Date.now() - at < ttlMs) return v;
        // another caller may have started the next read meanwhile: share it (a drop meanwhile leaves none)
        const next = c.value;
        if (next && next !== hit) return (await next).v;
      }
      const started = Date.now();
      const next = load(ctx).then((v) => ({ v, at: started }));
      c.value = next;
      next.catch(() => {
        if (c.value === next) c.value = null;
      });
      return (await next).v;
    },
    drop(ctx) {
      ctx.hooks.emit('cacheDropped', name);
    },
  };
}
