/**
 * Scheduled tasks (定时任务). A domain declares its jobs with `defineJob({ key, name, schedule, run })` and
 * lists them in its manifest (`jobs` of `modules/<domain>/index.ts`); `modules/index.ts` installs them, and
 * the runner (the tasks domain's runner.ts, started by main.ts) and the task endpoints see every job installed.
 */
export { defineJob, registerJob, registeredJobs, jobByKey, type JobDef } from './registry.js';
export { embeddedBackupJob } from './backup.js';
