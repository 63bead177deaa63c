/**
 * Saves a value when it changes, at most once per `intervalMs` (the site style, spec §7/§9):
 * the first change after a quiet period is saved at once, later changes within the interval are
 * coalesced into one call when the interval ends, and an unchanged value is never sent.
 */
export interface CoalescedSaver<T> {
  /** The value known to be stored (e.g. just restored from the server). */
  baseline(value: T): void;
  change(value: T): void;
  /** Sends a pending value now (e.g. before the page unloads). */
  flush(): void;
  dispose(): void;
}

export function createCoalescedSaver<T>(
  save: (value: T) => Promise<unknown>,
  intervalMs = 5000,
  now: () => number = () => Date.now(),
): CoalescedSaver<T> {
  const same = (a: T | undefined, b: T | undefined) => a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b);
  let stored: T | undefined;
  let pending: T | undefined;
  let lastCall = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pending === undefined) return;
    const value = pending;
    pending = undefined;
    if (same(value, stored)) return;
    lastCall = now();
    const previous = stored;
    stored = value;
    save(value).catch(() => {
      // Not stored after all: the next change (or this one again) is sent.
      if (same(stored, value)) stored = previous;
    });
  };

  return {
    baseline(value) {
      stored = value;
    },
    change(value) {
      pending = value;
      if (timer) return;
      if (same(value, stored)) {
        pending = undefined;
        return;
      }
      timer = setTimeout(flush, Math.max(0, lastCall + intervalMs - now()));
    },
    flush,
    dispose() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      pending = undefined;
    },
  };
}
