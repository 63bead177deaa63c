import type { SocketMessage } from '@stock-admin/contracts';

/**
 * The console's one socket, as features see it. The socket owner (features/realtime/useLiveNotices)
 * feeds the bus: `opened(send)` each time the link is up (again), `closed()` when it drops, and
 * `dispatch(msg)` for each frame. Features never create a socket: they send through `send()` (false
 * while the link is down), hear every (re)connect through `onOpen()` — the moment to send their
 * subscriptions again — and take the frames of their own command through `on(cmd, …)`.
 */
type Send = (msg: SocketMessage) => boolean;

export class SocketBus {
  private sender: Send | null = null;
  private readonly openListeners = new Set<() => void>();
  private readonly closeListeners = new Set<() => void>();
  private readonly handlers = new Map<number, Set<(msg: SocketMessage) => void>>();
  private readonly eventListeners = new Set<(msg: SocketMessage) => void>();

  /** True while frames can be sent. */
  get isOpen(): boolean {
    return this.sender !== null;
  }

  // ---- the socket owner ----

  /** The link is open (a first connect or a reconnect): features send their subscriptions again. */
  opened(send: Send): void {
    this.sender = send;
    for (const l of [...this.openListeners]) l();
  }

  /** The link dropped (it will reconnect or was stopped). */
  closed(): void {
    if (!this.sender) return;
    this.sender = null;
    for (const l of [...this.closeListeners]) l();
  }

  /** A frame arrived: true when a feature handles its command (the owner then leaves it alone). */
  dispatch(msg: SocketMessage): boolean {
    const hs = this.handlers.get(msg.cmd);
    if (!hs || hs.size === 0) return false;
    for (const h of [...hs]) h(msg);
    return true;
  }

  /** A live event (a request arrived, a record was settled…) after its effects: open lists that show it refresh. */
  event(msg: SocketMessage): void {
    for (const l of [...this.eventListeners]) l(msg);
  }

  // ---- features ----

  send(msg: SocketMessage): boolean {
    return this.sender ? this.sender(msg) : false;
  }

  /** Called on every (re)connect; returns the unsubscribe. */
  onOpen(listener: () => void): () => void {
    this.openListeners.add(listener);
    return () => this.openListeners.delete(listener);
  }

  onClose(listener: () => void): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  /** Every live event the console receives; returns the unsubscribe. */
  onEvent(listener: (msg: SocketMessage) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /** Frames with this `cmd`; returns the unsubscribe. */
  on(cmd: number, handler: (msg: SocketMessage) => void): () => void {
    let hs = this.handlers.get(cmd);
    if (!hs) this.handlers.set(cmd, (hs = new Set()));
    hs.add(handler);
    return () => hs.delete(handler);
  }
}

/** The bus of the signed-in console's socket. */
export const socketBus = new SocketBus();
