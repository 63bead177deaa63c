export default {
  realtime: {
    invalidMessage: 'Malformed message!',
    unsupported: 'Your device does not support WebSocket!',
    kickoutTitle: 'Notice',
    kickout: 'Your session has ended. Please sign in again!',
    rechargeFailureTitle: 'Deposit rejected',
    rechargeFailureDesc: 'The deposit of {{amount}} by {{user}} was rejected',
    forceClosedTitle: 'Positions force-closed',
    forceClosedDesc: "{{user}}'s positions were closed at the force-close line (P/L {{amount}})",
    createOrderTitle: 'New deposit order',
    createOrderDesc: '{{user}} created a deposit order of {{amount}}',
    announceOne: '{{title}}: {{desc}}',
    announceMany_one: '{{count}} new notice: {{list}}',
    announceMany_other: '{{count}} new notices: {{list}}',
    announceSep: ', ',
    view: 'View record',
  },
};
