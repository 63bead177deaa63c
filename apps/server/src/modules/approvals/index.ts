// The approvals domain's public entry (dual control, issue 49): the gate app.ts installs as ctx.approvals.
export { approvalGate, pendingFor } from './requests.js';
export { writeRule } from './rules.js';
