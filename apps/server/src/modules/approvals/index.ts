// The approvals domain's public entry (dual control, issue 49): the guards the domains that own guarded endpoints
// define (their approval-guards.ts), the registry an approved request is replayed from, the rules, the badge count.
export { defineGuard } from './guards.js';
export { registerGuard } from './registry.js';
export { pendingFor } from './requests.js';
export { writeRule } from './rules.js';
