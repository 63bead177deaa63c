import dayjs, { type Dayjs } from 'dayjs';
import i18n from './i18n';

/** The platform's clock: calendars, schedules and "today" are Shanghai time (DESIGN §3). */
export const PLATFORM_TIME_ZONE = 'Asia/Shanghai';

/**
 * A time zone as the reader says it ("中国标准时间" / "China Standard Time") rather than its IANA id, from the
 * browser's own Intl data; the id itself when the browser does not know it.
 */
export function timeZoneName(zone: string = PLATFORM_TIME_ZONE, lang: string = i18n.language): string {
  try {
    const parts = new Intl.DateTimeFormat(lang, { timeZone: zone, timeZoneName: 'long' }).formatToParts(new Date());
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? zone;
  } catch {
    return zone;
  }
}

/** Today's date on the platform's clock (midnight of it, as a local dayjs), whatever the browser's zone: the date shown beside "today's" figures. */
export function platformToday(now: Date = new Date()): Dayjs {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: PLATFORM_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return dayjs(`${part('year')}-${part('month')}-${part('day')}`);
}
