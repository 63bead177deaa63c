/**
 * The rules of new-share and new-bond issues that do not depend on the wire format: kinds and
 * subscription types, the subscription status machine, lot sizes and the phase of an issue on the
 * Shanghai calendar. Kept apart from the schemas and endpoints in newshares.ts because the server's
 * jobs and services and the console's screens use them on their own.
 */

export const ISSUE_KINDS = ['share', 'bond'] as const;
export type IssueKind = (typeof ISSUE_KINDS)[number];
/** public: pay after allotment; placement: money frozen at application, unallotted part refunded; rush: listing-day. */
export const SUBSCRIBE_TYPES = ['public', 'placement', 'rush'] as const;
export type SubscribeType = (typeof SUBSCRIBE_TYPES)[number];

export const SUB_STATUS = {
  pending: 1,
  notAllotted: 2,
  allotted: 3,
  paid: 4,
  converted: 5,
  forfeited: 6,
  cancelled: 7,
} as const;
export type SubStatus = (typeof SUB_STATUS)[keyof typeof SUB_STATUS];
/** Which status may move to which; every transition is one conditional UPDATE on the `from` status. */
export const SUB_TRANSITIONS: Readonly<Record<SubStatus, readonly SubStatus[]>> = {
  1: [2, 3, 7],
  2: [],
  3: [4, 6],
  4: [5],
  5: [],
  6: [],
  7: [],
};
export const canMove = (from: SubStatus, to: SubStatus): boolean => SUB_TRANSITIONS[from].includes(to);

/** Bonds: face value 100, applied in lots of 10. Shares: lots of 100 (main boards) – the issue carries its lot. */
export const BOND_FACE_VALUE = '100';
export const BOND_LOT = 10;
export const SHARE_LOT = 100;

export const ISSUE_PHASES = ['upcoming', 'subscribing', 'allotment', 'listed'] as const;
export type IssuePhase = (typeof ISSUE_PHASES)[number];

/** Today in Asia/Shanghai as YYYY-MM-DD (the issue dates are Shanghai calendar days). */
export function shanghaiDay(now: Date): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

/** The phase tag of an issue from its dates, judged on the Shanghai calendar. */
export function issuePhase(issue: { subscribeDate: string; listingDate: string }, now: Date): IssuePhase {
  const today = shanghaiDay(now);
  if (today < issue.subscribeDate) return 'upcoming';
  if (today === issue.subscribeDate) return 'subscribing';
  if (today < issue.listingDate) return 'allotment';
  return 'listed';
}
