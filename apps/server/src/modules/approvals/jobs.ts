import { defineJob } from '../../jobs/registry.js';
import { sweepRequests } from './requests.js';

/** Requests not decided in time expire (the maker is told); claims left by a process that died are released. */
export const approvalSweepJob = defineJob({
  key: 'approval-sweep',
  name: { zh: '复核申请过期处理', en: 'Approval expiry' },
  schedule: '@every 1m',
  run: (ctx) => sweepRequests(ctx),
});
