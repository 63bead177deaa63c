import { z } from 'zod';

/** Socket command codes (spec §9). */
export const SocketCmd = { HEARTBEAT: 13 } as const;
export const HEARTBEAT_MS = 30_000;
export const RECONNECT_DELAY_MS = 100;

// The event types (SOCKET_EVENTS) and the badge codes (BadgeStatus) come from the live-event table (live-events.ts).

export const eventData = z
  .object({
    id: z.union([z.number(), z.string()]).optional(),
    userId: z.number().int().optional(),
    userName: z.string().optional(),
    phone: z.string().optional(),
    amount: z.string().optional(),
    reason: z.string().optional(),
  })
  .passthrough();
export type EventData = z.infer<typeof eventData>;

export const socketMessage = z.object({
  cmd: z.number().int(),
  type: z.string().optional(),
  msgType: z.string().optional(),
  data: z.unknown().optional(),
  /** A routed notice's id, the same from every instance: a reconnecting console drops one it already has. */
  id: z.string().optional(),
  /** The server's clock (ms) on a notice or a heartbeat reply: a reconnect asks for the notices since then (`?since=`). */
  at: z.number().optional(),
});
export type SocketMessage = z.infer<typeof socketMessage>;
