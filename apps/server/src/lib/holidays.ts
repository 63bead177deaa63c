/** `QUOTE_HOLIDAYS` (comma-separated YYYY-MM-DD): the real dates, and what is not one (config.ts refuses those). */
export function parseHolidays(text: string): { days: string[]; bad: string[] } {
  const days: string[] = [];
  const bad: string[] = [];
  for (const raw of text.split(',')) {
    const d = raw.trim();
    if (!d) continue;
    const ms = /^\d{4}-\d{2}-\d{2}$/.test(d) ? Date.parse(`${d}T00:00:00Z`) : NaN;
    const ok = !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === d;
    (ok ? days : bad).push(d);
  }
  return { days, bad };
}
