/**
 * Answers of a costly read shared by the callers who ask the same thing at about the same time, for lists whose
 * order moves with every quote (positions by unrealised P/L: one sort of a subtree's open positions per quote
 * tick, not one per request). Each call says what the answer depends on:
 *
 * - `data`: the version of the rows read (a change of any of them): an answer for another version is never served;
 *   the caller waits for a new one (an operator sees their change, and every instance sees everyone's).
 * - `tick`: the version of the quotes. An answer of an older tick, or older than `maxAgeMs`, is still served at once
 *   while one new computation runs for everyone (stale while revalidating): prices lag at most one tick, and no
 *   caller waits for the sort.
 *
 * Callers asking the same key while it is computed share that one computation; a failure is not kept.
 */
export class TickCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly o: {
      maxAgeMs: number;
      /** Keys kept at most (least recently used dropped first). */
      maxEntries: number;
      now?: () => number;
    },
  ) {}

  get(key: string, stamp: { data: string; tick: number }, compute: () => Promise<T>): Promise<T> {
    const now = (this.o.now ?? Date.now)();
    const e = this.entries.get(key);
    if (e && e.data === stamp.data) {
      this.entries.delete(key); // most recently used last
      this.entries.set(key, e);
      const fresh = e.tick === stamp.tick && now - e.at < this.o.maxAgeMs;
      if (!fresh && !e.refreshing) this.refresh(key, e, stamp, compute, now);
      return e.value;
    }
    return this.start(key, stamp, compute, now).value;
  }

  private start(key: string, stamp: { data: string; tick: number }, compute: () => Promise<T>, now: number): Entry<T> {
    const entry: Entry<T> = { value: compute(), data: stamp.data, tick: stamp.tick, at: now, refreshing: false };
    this.entries.delete(key);
    this.entries.set(key, entry);
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    while (this.entries.size > this.o.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }

  private refresh(key: string, stale: Entry<T>, stamp: { data: string; tick: number }, compute: () => Promise<T>, now: number): void {
    stale.refreshing = true;
    compute().then(
      (value) => {
        if (this.entries.get(key) !== stale) return; // replaced meanwhile (the data changed)
        this.entries.set(key, { value: Promise.resolve(value), data: stamp.data, tick: stamp.tick, at: now, refreshing: false });
      },
      () => {
        stale.refreshing = false; // served as it is; the next caller tries again
      },
    );
  }
}

interface Entry<T> {
  value: Promise<T>;
  data: string;
  tick: number;
  at: number;
  refreshing: boolean;
}
