/**
 * The platform's time zone (DESIGN §3): its days, "today", the withdrawal window, job schedules and local
 * times in filters. SQL statements spell it out too (`AT TIME ZONE 'Asia/Shanghai'`), where a parameter
 * would cost them their plan.
 */
export const PLATFORM_TIME_ZONE = 'Asia/Shanghai';
