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
