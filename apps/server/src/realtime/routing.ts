import { isRoutedEvent, liveEvent, type Action, type SocketEventType } from '@stock-admin/contracts';

/**
 * Staff receive an event with the `query` action on its permission (`LIVE_EVENTS` in contracts), the
 * same right that shows the list the notice links to. KICKOUT_ANOTHER is never broadcast: it only
 * reaches the sessions being ended.
 */
export const RECEIVE_ACTION: Action = 'query';
export { isRoutedEvent };

/** What routing needs to know about the admin behind a socket (refreshed while the socket is open). */
export interface ReceiverAcl {
  isSuper: boolean;
  locked: boolean;
  /** Set for agent staff: they only hear about users below their agent. */
  agentId: number | null;
  permissions: ReadonlyMap<string, readonly string[]>;
}

/**
 * True when the admin should receive the event. Platform staff need the event's permission;
 * agent staff need it too and must be the user's agent or one of its ancestors (`agentChain`);
 * an event about no user never reaches agent staff. The super account receives everything.
 */
export function canReceive(acl: ReceiverAcl, type: SocketEventType, userId: number | undefined, agentChain: readonly number[]): boolean {
  if (acl.locked || !isRoutedEvent(type)) return false;
  if (acl.isSuper) return true;
  if (!acl.permissions.get(liveEvent(type).permission)?.includes(RECEIVE_ACTION)) return false;
  if (acl.agentId == null) return true;
  return userId != null && agentChain.includes(acl.agentId);
}
