import type { AppContext, DomainEvent } from '../app/context.js';

/**
 * The one way domain code raises a live notice. Call it after the change has committed: the hub
 * routes it to the staff whose role has the event's permission and to the agents above the user,
 * on every instance (through the bus).
 */
export function notify(ctx: AppContext, event: DomainEvent): void {
  ctx.hooks.emit('notify', event);
}
