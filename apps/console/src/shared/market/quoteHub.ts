import { GID_PATTERN, MarketCmd, WATCH_MAX, isQuotesFrame, type MarketPhase, type QuoteTick } from '@stock-admin/contracts';
import { socketBus, type SocketBus } from '../../lib/socketBus';
import { browserPage, type PageVisibility } from '../../lib/liveThrottle';

/**
 * Live quotes over the console's socket (contracts market.ts): the one registry of what the console
 * shows. Pages `watch(gids, listener)` while they are on screen (React `<Activity>` unmounts the effects
 * of a tab that is not the active one, so a hidden tab's watch is gone); the hub tells the server the
 * union as one WATCH frame `{cmd: 14, data: {gids}}` — sent again after every (re)connect, an empty set
 * when nothing is shown, and an empty set while the browser tab is hidden (`visibilityState`). QUOTES
 * frames (`cmd: 15`) go to the watchers of their symbols. No polling anywhere.
 */
export type QuoteListener = (ticks: QuoteTick[], phase: MarketPhase) => void;

interface Watcher {
  gids: ReadonlySet<string>;
  listener: QuoteListener;
}

export class QuoteHub {
  private readonly watchers = new Map<number, Watcher>();
  private nextId = 1;
  /** The set this connection was last told (comma-joined); null: nothing sent since it opened. */
  private sent: string | null = null;
  private pending = false;
  private currentPhase: MarketPhase | null = null;
  private readonly phaseListeners = new Set<() => void>();
  private readonly off: (() => void)[] = [];

  constructor(
    private readonly bus: SocketBus,
    private readonly doc: PageVisibility | undefined,
    /** Coalesces the watch changes of one render (a page unmounting and the next mounting) into one frame. */
    // (a wrapper: the browser's queueMicrotask throws "Illegal invocation" when called as a method)
    private readonly schedule: (fn: () => void) => void = (fn) => queueMicrotask(fn),
  ) {
    this.off.push(
      bus.onOpen(() => {
        this.sent = null;
        this.flush();
      }),
      bus.onClose(() => {
        this.sent = null;
      }),
      bus.on(MarketCmd.QUOTES, (m) => this.receive(m.data)),
    );
    const onVisibility = () => this.changed();
    doc?.addEventListener('visibilitychange', onVisibility);
    this.off.push(() => doc?.removeEventListener('visibilitychange', onVisibility));
  }

  /** Test seam: detach from the bus and the document. */
  dispose(): void {
    for (const f of this.off.splice(0)) f();
  }

  /** The symbols to watch now: every watcher's (valid gids, sorted, at most WATCH_MAX), none while the tab is hidden. */
  wanted(): string[] {
    if (this.doc && this.doc.visibilityState !== 'visible') return [];
    const all = new Set<string>();
    for (const w of this.watchers.values()) for (const g of w.gids) if (GID_PATTERN.test(g)) all.add(g);
    return [...all].sort().slice(0, WATCH_MAX);
  }

  /** Watches symbols until the returned function is called. */
  watch(gids: readonly string[], listener: QuoteListener): () => void {
    const id = this.nextId++;
    this.watchers.set(id, { gids: new Set(gids), listener });
    this.changed();
    return () => {
      if (this.watchers.delete(id)) this.changed();
    };
  }

  get phase(): MarketPhase | null {
    return this.currentPhase;
  }

  /** For `useSyncExternalStore`: called when the phase of the last QUOTES frame changes. */
  subscribePhase = (listener: () => void): (() => void) => {
    this.phaseListeners.add(listener);
    return () => this.phaseListeners.delete(listener);
  };

  private changed(): void {
    if (this.pending) return;
    this.pending = true;
    this.schedule(() => {
      this.pending = false;
      this.flush();
    });
  }

  /** Sends WATCH when what should be watched differs from what this connection was told. */
  flush(): void {
    if (!this.bus.isOpen) return;
    const gids = this.wanted();
    const key = gids.join(',');
    // A fresh connection watches nothing: no need to say so.
    if (this.sent === null ? gids.length === 0 : this.sent === key) return;
    if (this.bus.send({ cmd: MarketCmd.WATCH, data: { gids } })) this.sent = key;
  }

  /** A QUOTES frame: each watcher gets the ticks of its own symbols. Malformed frames are dropped. */
  receive(data: unknown): void {
    if (!isQuotesFrame(data)) return;
    const { phase, quotes } = data;
    if (phase !== this.currentPhase) {
      this.currentPhase = phase;
      for (const l of [...this.phaseListeners]) l();
    }
    for (const w of [...this.watchers.values()]) {
      const mine = quotes.filter((q) => w.gids.has(q.gid));
      if (mine.length) w.listener(mine, phase);
    }
  }
}

/** The console's hub, fed by the socket owner through `socketBus`. */
export const quoteHub = new QuoteHub(socketBus, browserPage);
