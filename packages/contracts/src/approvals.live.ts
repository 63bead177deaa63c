import { definePermission } from './permissions.js';
import { defineLiveEvents } from './live-events.js';

// The approvals domain's own permission and live events, declared for both sides. This module runs code on import, so
// the barrel (index.ts) imports it, not approvals.ts: a schema module that runs code, or imports one that does, made the
// console's build keep zod and every schema in the chunk the shell loads (bench/console-size: +93 KB gzip).
declare module './permissions.js' {
  interface DomainPermissions {
    approvals: true;
  }
}
declare module './live-events.js' {
  interface DomainLiveEvents {
    APPROVAL_REQUESTED: true;
    APPROVAL_DECIDED: true;
    APPROVAL_SETTLED: true;
  }
}
definePermission('approvals');
defineLiveEvents({
  // a request waits: whoever may decide hears of it (and the queue's count moves)
  APPROVAL_REQUESTED: {
    permission: 'approvals',
    page: '/approvals/index',
    notice: { name: 'approvalRequested', level: 'info', persistent: false },
  },
  // sent to the maker alone (`toAdminIds`): what became of the request
  APPROVAL_DECIDED: {
    permission: 'approvals',
    page: '/approvals/index',
    notice: { name: 'approvalDecided', level: 'info', persistent: true },
  },
  // a request left the queue (decided, cancelled, expired): consoles showing the queue read it again
  APPROVAL_SETTLED: { permission: 'approvals', page: '/approvals/index', recount: true },
});
