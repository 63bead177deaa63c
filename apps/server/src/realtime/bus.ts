import { z } from 'zod';
import { MARKET_PHASES, eventData, isSocketEvent, quoteTick, type MarketPhase, type QuoteTick } from '@stock-admin/contracts';
import type { DomainEvent, PrincipalsChanged, SessionsRevoked } from '../app/context.js';

/**
 * What travels between instances: a notice to route, sessions whose sockets must close (and whose
 * cached principals must go), or admins/roles whose cached permissions must be reloaded.
 */
export type BusMessage =
  | {
      kind: 'event';
      event: DomainEvent;
      /** the user's agent and its ancestors, resolved once by the raiser */
      agentIds: number[];
      /** when the event was raised (ms since the epoch, the raiser's clock): the fan-out delay's start */
      raisedAt?: number;
      /** the notice's id, the same on every instance (realtime/replay.ts); absent from a release before it */
      id?: string;
    }
  | ({ kind: 'revoke' } & SessionsRevoked)
  | ({ kind: 'principals' } & PrincipalsChanged)
  /** A domain's cached settings changed: drop them (hooks 'cacheDropped'). */
  | { kind: 'cache'; cache: string }
  /** An admin changed something (hooks 'adminWrote'): their reads stay on the primary for a while. */
  | { kind: 'wrote'; adminId: number }
  /** One tick of the quote service (market domain): the quotes that changed. */
  | { kind: 'quotes'; phase: MarketPhase; stale: boolean; quotes: QuoteTick[] };

const revokeReasons = [
  'logout',
  'kickout',
  'lock',
  'offline',
  'password',
  'expired',
  'deleted',
] as const satisfies readonly SessionsRevoked['reason'][];

export const busMessage = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('event'),
    event: z.object({
      type: z.string().refine(isSocketEvent),
      data: eventData,
      userId: z.number().int().optional(),
      toAdminIds: z.array(z.number().int()).optional(),
    }),
    agentIds: z.array(z.number().int()).max(1000),
    raisedAt: z.number().optional(),
    id: z.string().max(100).optional(),
  }),
  z.object({
    kind: z.literal('revoke'),
    adminId: z.number().int(),
    sessionIds: z.array(z.number().int()).max(100_000),
    reason: z.enum(revokeReasons),
  }),
  z.object({
    kind: z.literal('principals'),
    adminIds: z.array(z.number().int()).max(100_000).optional(),
    roleIds: z.array(z.number().int()).max(100_000).optional(),
  }),
  z.object({ kind: z.literal('cache'), cache: z.string().regex(/^[a-z][\w.-]{0,49}$/) }),
  z.object({ kind: z.literal('wrote'), adminId: z.number().int() }),
  z.object({
    kind: z.literal('quotes'),
    phase: z.enum(MARKET_PHASES),
    stale: z.boolean(),
    quotes: z.array(quoteTick).max(200_000),
  }),
]);

/** `remote` is true when the message was published by another instance. */
export type BusHandler = (msg: BusMessage, remote: boolean) => void;

/**
 * The event bus: `publish` reaches every subscriber on every instance once. Subscribers on the
 * publishing instance are always reached, even when the transport between instances is down.
 */
export interface EventBus {
  readonly kind: 'memory' | 'redis';
  publish(msg: BusMessage): void;
  subscribe(handler: BusHandler): () => void;
  /** False while messages cannot reach other instances (always true for the in-process bus). */
  connected(): boolean;
  /** Asks the broker now (readiness, `/readyz`): true when it answered within `timeoutMs` (the in-process bus: always). */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Base of both buses: local subscribers, called asynchronously so publishers never re-enter. */
export abstract class LocalFanout {
  private handlers = new Set<BusHandler>();
  constructor(protected readonly onHandlerError: (err: unknown) => void) {}

  subscribe(handler: BusHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  protected deliverLocal(msg: BusMessage, remote = false): void {
    queueMicrotask(() => {
      for (const h of this.handlers) {
        try {
          h(msg, remote);
        } catch (err) {
          this.onHandlerError(err);
        }
      }
    });
  }
}

/** The default bus of a single instance. */
export class MemoryBus extends LocalFanout implements EventBus {
  readonly kind = 'memory' as const;
  publish(msg: BusMessage): void {
    this.deliverLocal(msg);
  }
  connected(): boolean {
    return true;
  }
  async ping(): Promise<boolean> {
    return true;
  }
  async close(): Promise<void> {}
}
