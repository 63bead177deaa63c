/** Runs async jobs one at a time, in order; refuses new ones beyond `limit` waiting. */
export class SerialQueue {
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;
  constructor(
    private readonly limit: number,
    private readonly onError: (err: unknown) => void,
  ) {}
  push(job: () => Promise<void>): boolean {
    if (this.waiting >= this.limit) return false;
    this.waiting++;
    this.tail = this.tail
      .then(job)
      .catch(this.onError)
      .finally(() => this.waiting--);
    return true;
  }
  idle(): Promise<void> {
    return this.tail;
  }
}

/**
 * Hands items on in order, in batches: one batch at a time, each made of what waited while the one before ran (at
 * most `max`; the first starts `gatherMs` after its first item — a microtask when 0, so items pushed in one turn go
 * together). Refuses new items beyond `limit` waiting.
 */
export class BatchQueue<T> {
  private items: T[] = [];
  private running: Promise<void> | null = null;
  constructor(
    private readonly limit: number,
    private readonly max: number,
    private readonly run: (batch: T[]) => Promise<void>,
    private readonly onError: (err: unknown) => void,
    private readonly gatherMs = 0,
  ) {}
  push(item: T): boolean {
    if (this.items.length >= this.limit) return false;
    this.items.push(item);
    this.running ??= this.drain();
    return true;
  }
  idle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }
  private async drain(): Promise<void> {
    await (this.gatherMs > 0 ? new Promise((r) => setTimeout(r, this.gatherMs)) : Promise.resolve());
    while (this.items.length) {
      try {
        await this.run(this.items.splice(0, this.max));
      } catch (err) {
        this.onError(err);
      }
    }
    this.running = null;
  }
}
