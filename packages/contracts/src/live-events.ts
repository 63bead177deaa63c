import type { PermissionKey } from './permissions.js';

/** Header badge counters by status code (spec §4). */
export const BadgeStatus = { WITHDRAW: 2, BUY_GP: 19, BUY_DZ: 20, REAL_NAME: 21, CONTRACT: 22 } as const;
export type BadgeCode = (typeof BadgeStatus)[keyof typeof BadgeStatus];

export interface LiveEventDef {
  /** Staff need `query` on this permission to receive the event (and to read its counter). */
  permission: PermissionKey;
  /** The list page where the event's record lives (notice links, badge buttons). */
  page: string;
  /** The header counter the event moves (the console bumps it; the server counts it): a badge's code as a string, or a name. */
  counter?: string;
  /** Set when the counter is one of the spec's header badge buttons (its status code). */
  badge?: BadgeCode;
  /** A sound the console plays. */
  sound?: 'withdraw' | 'message';
  /** A notice the console shows: i18n keys `realtime.<name>Title` / `realtime.<name>Desc`. */
  notice?: { name: string; level: 'info' | 'warning'; persistent: boolean };
  /** A pending count went down: the console asks `/admin/system/count.do` again (coalesced). */
  recount?: true;
}

/**
 * THE live-event table (spec §4 "Socket events and header counters"): one row per event that the hub routes to staff.
 * The socket's event types, server routing (who receives it), the header counters and their keys
 * (`/admin/system/count.do`: which counter it moves and who may read that counter), the console's effects (badge
 * bump, sound, notice and its link) and the header badge buttons are all derived from these rows, so a domain adds
 * its event here once. KICKOUT_ANOTHER is not routed (it reaches only the session being ended).
 */
export const LIVE_EVENTS = {
  WITHDRAW_REQUEST: { permission: 'withdrawallist', page: '/capital/withdrawallist', counter: '2', badge: 2, sound: 'withdraw' },
  BUY_GP_REQUEST: { permission: 'financing', page: '/position/buyList', counter: '19', badge: 19 },
  BUY_DZ_REQUEST: { permission: 'financing', page: '/position/dzList', counter: '20', badge: 20 },
  REAL_CHANGE: { permission: 'userlist', page: '/userlist/index', counter: '21', badge: 21 },
  IS_CONTRACT: { permission: 'contract', page: '/contractsettings/list', counter: '22', badge: 22 },
  IDVERIFY_SUBMIT: { permission: 'userlist', page: '/userlist/index', counter: 'idVerify' },
  RECHARGE: { permission: 'rechargelist', page: '/capital/rechargelist', counter: 'recharge' },
  RECHARGE_FAILURE: {
    permission: 'rechargelist',
    page: '/capital/rechargelist',
    notice: { name: 'rechargeFailure', level: 'warning', persistent: true },
  },
  CREATEORDER: {
    permission: 'rechargelist',
    page: '/capital/rechargelist',
    notice: { name: 'createOrder', level: 'info', persistent: false },
  },
  // Not in the spec's list: a request left its pending queue (paid, rejected, cancelled, reviewed), so every console
  // that shows the queue's counter asks for the counts again (issue 27).
  WITHDRAW_SETTLED: { permission: 'withdrawallist', page: '/capital/withdrawallist', recount: true },
  RECHARGE_SETTLED: { permission: 'rechargelist', page: '/capital/rechargelist', recount: true },
  REAL_REVIEWED: { permission: 'userlist', page: '/userlist/index', recount: true },
  // a buy left the buy list (approved, rejected, cancelled): consoles showing badge 19 count again
  BUY_GP_SETTLED: { permission: 'financing', page: '/position/buyList', recount: true },
  // a block-trade request left /position/dzList: consoles showing badge 20 count again (issue 22)
  BUY_DZ_SETTLED: { permission: 'financing', page: '/position/dzList', recount: true },
  // a signed contract was reviewed: consoles showing badge 22 count again (issue 24)
  CONTRACT_REVIEWED: { permission: 'contract', page: '/contractsettings/list', recount: true },
  // Not in the spec's list: the force-close job closed a user's positions at the line (issue 21).
  FORCE_CLOSED: {
    permission: 'financing',
    page: '/position/financing',
    notice: { name: 'forceClosed', level: 'warning', persistent: true },
  },
} as const satisfies Record<string, LiveEventDef>;

/**
 * Events a domain adds beyond the spec's list, each declared in the domain's own contract file: for the type by
 * declaration merging, at run time by `defineLiveEvents` in the same file (the server's hub and the console both import
 * it), so a new domain adds no row here:
 *
 *   declare module './live-events.js' { interface DomainLiveEvents { PROBE_PINGED: true } }
 *   defineLiveEvents({ PROBE_PINGED: { permission: 'probe', page: '/probe/index', notice: {...} } });
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface DomainLiveEvents {}

export type RoutedEventType = keyof typeof LIVE_EVENTS | Extract<keyof DomainLiveEvents, string>;
/** The spec's events (the domains' are added by defineLiveEvents and found by liveEvent / isRoutedEvent). */
export const ROUTED_EVENTS = Object.keys(LIVE_EVENTS) as (keyof typeof LIVE_EVENTS)[];

/** Every event's row known now: the spec's table, then the domains' (defineLiveEvents). */
const events: Record<string, LiveEventDef> = { ...LIVE_EVENTS };

/** Declares a domain's live events at run time (its contract file, beside its `DomainLiveEvents` lines). */
export function defineLiveEvents<T extends Partial<Record<Extract<keyof DomainLiveEvents, string>, LiveEventDef>>>(defs: T): T {
  for (const [type, def] of Object.entries(defs)) {
    if (Object.hasOwn(LIVE_EVENTS, type)) throw new Error(`${type} is an event of the spec's table`);
    events[type] = def as LiveEventDef;
  }
  return defs;
}

/** Every event type of the console socket: the routed ones, and the kick-out of a session signed in elsewhere. */
export type SocketEventType = RoutedEventType | 'KICKOUT_ANOTHER';
export const SOCKET_EVENTS = [...ROUTED_EVENTS, 'KICKOUT_ANOTHER'] as SocketEventType[] as [SocketEventType, ...SocketEventType[]];

/** Counter keys of the header: badge status codes as strings, plus named counters — those the rows move, in order. */
export type CounterKey = {
  [K in keyof typeof LIVE_EVENTS]: (typeof LIVE_EVENTS)[K] extends { counter: infer C extends string } ? C : never;
}[keyof typeof LIVE_EVENTS];
export const COUNTER_KEYS = [
  ...new Set(ROUTED_EVENTS.flatMap((t) => ((LIVE_EVENTS[t] as LiveEventDef).counter ? [(LIVE_EVENTS[t] as LiveEventDef).counter!] : []))),
] as [CounterKey, ...CounterKey[]];

export const isRoutedEvent = (type: string): type is RoutedEventType => Object.hasOwn(events, type);

/** The row of an event: the spec's table, or the domain's that declared it. */
export const liveEvent = (type: RoutedEventType): LiveEventDef => events[type]!;

/** Every event type the socket may carry now: the routed ones, the domains', and the kick-out. */
export const isSocketEvent = (type: string): type is SocketEventType => type === 'KICKOUT_ANOTHER' || isRoutedEvent(type);

/** Which permission a counter needs: the permission of the event that moves it. */
export const COUNTER_PERMISSION = Object.fromEntries(
  ROUTED_EVENTS.flatMap((t) => {
    const def: LiveEventDef = LIVE_EVENTS[t];
    return def.counter ? [[def.counter, def.permission]] : [];
  }),
) as Record<CounterKey, PermissionKey>;

/** The events that have a header badge button, in the spec's order of status codes. */
export const BADGE_EVENTS = ROUTED_EVENTS.filter((t) => (LIVE_EVENTS[t] as LiveEventDef).badge != null).sort(
  (a, b) => (LIVE_EVENTS[a] as LiveEventDef).badge! - (LIVE_EVENTS[b] as LiveEventDef).badge!,
);
