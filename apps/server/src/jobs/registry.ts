import type { AppContext } from '../app/context.js';
import { validateSchedule } from './schedule.js';

/**
 * A scheduled task. `run` does the work and may return a small JSON summary (counts) kept with the
 * run; a thrown error marks the run failed with its message. The runner makes sure one run of a job
 * happens at a time across the whole cluster.
 */
export interface JobDef {
  /** Stable id: lower case letters, digits, `_ . -`. */
  key: string;
  name: { zh: string; en: string };
  /** Cron expression (Asia/Shanghai) or `@every 30s|15m|2h|1d`; operators may override it. */
  schedule: string;
  run(ctx: AppContext): Promise<unknown>;
}

const jobs = new Map<string, JobDef>();

/** A job as a domain declares it (`jobs` of its manifest); `registerJob` checks and installs it. */
export const defineJob = (def: JobDef): JobDef => def;

/** Installs a job (once, from the domain list).  Throws on a duplicate key or a bad schedule. */
export function registerJob(def: JobDef): JobDef {
  if (!/^[a-z0-9][a-z0-9_.-]{0,63}$/.test(def.key)) throw new Error(`job key "${def.key}" is not valid`);
  if (jobs.has(def.key)) throw new Error(`job ${def.key} registered twice`);
  validateSchedule(def.schedule);
  jobs.set(def.key, def);
  return def;
}

export const registeredJobs = (): JobDef[] => [...jobs.values()];
export const jobByKey = (key: string): JobDef | undefined => jobs.get(key);
