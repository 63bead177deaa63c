import { definePermission } from './permissions.js';
import { defineLiveEvents } from './live-events.js';

// The daily close's permission and live event (issue 50), apart from its schemas for the reason approvals.live.ts gives.
declare module './permissions.js' {
  interface DomainPermissions {
    dailyclose: true;
  }
}
declare module './live-events.js' {
  interface DomainLiveEvents {
    DAY_CLOSED: true;
  }
}
definePermission('dailyclose');
defineLiveEvents({
  // a day was closed (by the job or an operator): finance sees it, and the list reads itself again
  DAY_CLOSED: { permission: 'dailyclose', page: '/close/index', notice: { name: 'dayClosed', level: 'info', persistent: false } },
});
