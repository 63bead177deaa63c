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
