import type { DomainEvent } from '../app/context.js';

/** How long a routed notice is kept for a console that reconnects (a restart, a network blip, an instance replaced). */
export const REPLAY_WINDOW_MS = 120_000;
/** At most this many notices are kept, the newest, whatever the window. */
export const REPLAY_MAX = 5_000;
/**
 * Instances' clocks differ a little, and a notice raised on one may arrive here after a later one raised elsewhere:
 * a reconnect gets a little more than it asked for, and the console drops by id what it already has.
 */
export const REPLAY_SKEW_MS = 5_000;

export interface Stamped {
  /** The same on every instance: given by the raiser and carried on the bus. */
  id: string;
  /** When it was raised, on the raiser's clock (ms since the epoch). */
  at: number;
  event: DomainEvent;
  agentIds: readonly number[];
}

/**
 * The routed notices this instance heard in the last REPLAY_WINDOW_MS. Every instance hears every notice on the bus,
 * so whichever one a console reconnects to can send it what it missed while it was away (`?since=`), the way a
 * server-sent event stream answers Last-Event-ID. It is not a queue: nothing is acknowledged or kept past the window.
 */
export class ReplayBuffer {
  private items: Stamped[] = [];
  private head = 0;

  constructor(
    private readonly windowMs = REPLAY_WINDOW_MS,
    private readonly max = REPLAY_MAX,
    private readonly now: () => number = Date.now,
  ) {}

  push(item: Stamped): void {
    this.items.push(item);
    this.trim();
  }

  /** The notices raised at or after `since − REPLAY_SKEW_MS`, oldest first. */
  since(since: number): Stamped[] {
    this.trim();
    const from = since - REPLAY_SKEW_MS;
    const out: Stamped[] = [];
    for (let i = this.head; i < this.items.length; i++) if (this.items[i]!.at >= from) out.push(this.items[i]!);
    return out;
  }

  get size(): number {
    return this.items.length - this.head;
  }

  private trim(): void {
    const oldest = this.now() - this.windowMs;
    while (this.head < this.items.length && (this.items.length - this.head > this.max || this.items[this.head]!.at < oldest)) this.head++;
    // drop the consumed front now and then rather than shifting on every push
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
  }
}

let seq = 0;
const instance = `${process.pid.toString(36)}${Math.floor(Math.random() * 36 ** 6).toString(36)}`;

/** A new notice id: this process and a counter, unique across instances. */
export const noticeId = (): string => `${instance}-${(++seq).toString(36)}`;

/**
 * The id of a notice published without one (by an instance of the release before this one, during a rolling
 * upgrade): derived from what every instance received alike, so that they all name it the same.
 */
export function derivedNoticeId(event: DomainEvent, raisedAt: number | undefined): string {
  const d = event.data as { id?: unknown };
  return `d-${raisedAt ?? 0}-${event.type}-${event.userId ?? ''}-${typeof d?.id === 'string' || typeof d?.id === 'number' ? d.id : ''}`;
}
