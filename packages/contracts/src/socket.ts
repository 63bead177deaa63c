import { z } from 'zod';

/** Socket command codes (spec §9). */
export const SocketCmd = { HEARTBEAT: 13 } as const;
export const HEARTBEAT_MS = 30_000;
export const RECONNECT_DELAY_MS = 100;

export const SOCKET_EVENTS = [
  'WITHDRAW_REQUEST',
  'BUY_GP_REQUEST',
  'BUY_DZ_REQUEST',
  'REAL_CHANGE',
  'IS_CONTRACT',
  'IDVERIFY_SUBMIT',
  'RECHARGE',
  'RECHARGE_FAILURE',
  'CREATEORDER',
  'KICKOUT_ANOTHER',
  // Not in the spec's list: a request left its pending queue (paid, rejected, cancelled, reviewed), so
  // every console that shows the queue's counter asks for the counts again (issue 27).
  'WITHDRAW_SETTLED',
  'RECHARGE_SETTLED',
  'REAL_REVIEWED',
  // Not in the spec's list: the force-close job closed a user's positions at the line (issue 21).
  'FORCE_CLOSED',
  // a buy left the buy list (approved, rejected, cancelled): consoles showing badge 19 count again
  'BUY_GP_SETTLED',
  // a block-trade request left /position/dzList: consoles showing badge 20 count again (issue 22)
  'BUY_DZ_SETTLED',
  // a signed contract was reviewed: consoles showing badge 22 count again (issue 24)
  'CONTRACT_REVIEWED',
] as const;
export type SocketEventType = (typeof SOCKET_EVENTS)[number];

/** Header badge counters by status code (spec §4). */
export const BadgeStatus = { WITHDRAW: 2, BUY_GP: 19, BUY_DZ: 20, REAL_NAME: 21, CONTRACT: 22 } as const;
export type BadgeCode = (typeof BadgeStatus)[keyof typeof BadgeStatus];

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
});
export type SocketMessage = z.infer<typeof socketMessage>;
