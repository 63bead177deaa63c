/**
 * Scheduled tasks (定时任务). A domain registers its jobs with `registerJob({ key, name, schedule, run })`
 * in a module of its own and adds one import line here; the runner (main.ts) and the task endpoints
 * see every job imported here.
 */
export { registerJob, registeredJobs, jobByKey, type JobDef } from './registry.js';
export { startJobRunner, type JobRunner } from './runner.js';
import './session-cleanup.js';
import '../modules/channels/jobs.js';
import '../modules/trading/jobs.js';
import '../modules/newshares/jobs.js';
import '../modules/messages/jobs.js';
