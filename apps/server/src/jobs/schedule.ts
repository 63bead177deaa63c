import { Cron } from 'croner';
import { PLATFORM_TIME_ZONE } from '../lib/timezone.js';

/** Cron expressions are read in the platform's timezone (DESIGN §3: Asia/Shanghai). */
export const JOB_TIMEZONE = PLATFORM_TIME_ZONE;

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const EVERY = /^@every\s+(\d{1,6})(s|m|h|d)$/;

/** Milliseconds of an `@every 15m` schedule, or null for a cron expression. */
function intervalMs(schedule: string): number | null {
  const m = EVERY.exec(schedule.trim());
  return m ? Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS] : null;
}

/** Throws a readable error when the schedule is neither `@every <n>s|m|h|d` nor a valid cron expression. */
export function validateSchedule(schedule: string): void {
  const ms = intervalMs(schedule);
  if (ms != null) {
    if (ms < 1000) throw new Error('interval below one second');
    return;
  }
  if (schedule.trim().startsWith('@every')) throw new Error('use @every <n>s|m|h|d');
  const c = new Cron(schedule.trim(), { timezone: JOB_TIMEZONE, paused: true });
  if (!c.nextRun()) throw new Error('the expression never fires');
}

/** The first time after `from` the schedule fires (null when a cron expression never fires again). */
export function nextRunAfter(schedule: string, from: Date = new Date()): Date | null {
  const ms = intervalMs(schedule);
  if (ms != null) return new Date(from.getTime() + ms);
  return new Cron(schedule.trim(), { timezone: JOB_TIMEZONE, paused: true }).nextRun(from);
}
