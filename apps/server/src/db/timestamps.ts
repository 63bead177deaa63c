/**
 * A timestamp read as text (the list statements and drizzle's driver return PostgreSQL's own text, for
 * exactness) as the ISO string the API answers with, the same as `new Date(v).toISOString()`.
 *
 * Why not always that: V8 parses PostgreSQL's form (`2026-11-21 19:40:04.224123+00`) with its slow
 * legacy parser, ≈ 1 µs a value, and a list page has dozens (4 % of the server's time on a user list,
 * bench/user-list). A UTC value with a 4-digit year, the form a session in UTC returns, is rewritten
 * instead (milliseconds cut, as Date does); anything else (another zone, a year of more than 4 digits, BC,
 * infinity) goes through Date.
 */
export function isoTimestamp(v: Date | string): string;
export function isoTimestamp(v: Date | string | null | undefined): string | null;
export function isoTimestamp(v: Date | string | null | undefined): string | null {
  if (v == null) return null;
  if (typeof v === 'string' && isUtcText(v)) {
    const ms = v.length === 22 ? '000' : (v.slice(20, -3) + '00').slice(0, 3);
    return `${v.slice(0, 10)}T${v.slice(11, 19)}.${ms}Z`;
  }
  return new Date(v).toISOString();
}

/** `YYYY-MM-DD HH:MM:SS[.f{1,6}]+00` */
function isUtcText(v: string): boolean {
  const n = v.length;
  if (n !== 22 && (n < 24 || n > 29)) return false;
  if (v.charCodeAt(n - 3) !== 43 /* + */ || v.charCodeAt(n - 2) !== 48 || v.charCodeAt(n - 1) !== 48) return false;
  if (v[4] !== '-' || v[7] !== '-' || v[10] !== ' ' || v[13] !== ':' || v[16] !== ':') return false;
  if (n > 22 && v[19] !== '.') return false;
  for (const i of DIGITS) if (!isDigit(v.charCodeAt(i))) return false;
  for (let i = 20; i < n - 3; i++) if (!isDigit(v.charCodeAt(i))) return false;
  return true;
}

const DIGITS = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18];
const isDigit = (c: number) => c >= 48 && c <= 57;
