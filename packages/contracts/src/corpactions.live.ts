import { definePermission } from './permissions.js';
import { defineLiveEvents } from './live-events.js';

// The corporate actions' permission and live event (issue 62), apart from its schemas for the reason approvals.live.ts gives.
declare module './permissions.js' {
  interface DomainPermissions {
    corpactions: true;
  }
}
declare module './live-events.js' {
  interface DomainLiveEvents {
    CORP_ACTIONS_APPLIED: true;
  }
}
definePermission('corpactions');
defineLiveEvents({
  // an ex-date run adjusted positions: the actions list and the run log read themselves again
  CORP_ACTIONS_APPLIED: {
    permission: 'corpactions',
    page: '/corpactions/index',
    notice: { name: 'corpActionsApplied', level: 'info', persistent: false },
  },
});
