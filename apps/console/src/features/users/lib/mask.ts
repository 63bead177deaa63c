/**
 * Masking of identity data on lists (DESIGN §5: card numbers masked on lists). The server already
 * masks ID numbers on the list and card numbers for agent staff; the console masks again whatever it
 * shows in a table, so a full number never sits on a list even when the server sent one.
 */

/** Keeps the first `head` and last `tail` characters: `"110105199001011234"` → `"110***********1234"`. */
export function maskMiddle(value: string | null | undefined, head: number, tail: number, empty = '-'): string {
  if (value === null || value === undefined) return empty;
  const v = String(value).replace(/\s+/g, '');
  if (v === '') return empty;
  if (v.includes('*')) return v; // already masked
  if (v.length <= head + tail) return v.length <= 2 ? '*'.repeat(v.length) : `${v[0]}${'*'.repeat(v.length - 2)}${v[v.length - 1]}`;
  return `${v.slice(0, head)}${'*'.repeat(v.length - head - tail)}${v.slice(v.length - tail)}`;
}

/** ID number: first 3 and last 4 characters (the server's list format). */
export const maskIdNumber = (v: string | null | undefined, empty = '-') => maskMiddle(v, 3, 4, empty);

/** Bank card: the first and last 4 digits (`"6222 **** **** 1234"`); an already masked number keeps its last 4. */
export function maskCardNo(v: string | null | undefined, empty = '-'): string {
  if (v === null || v === undefined || String(v).trim() === '') return empty;
  const digits = String(v).replace(/[\s-]/g, '');
  if (digits.includes('*')) return `**** **** **** ${digits.replace(/\*/g, '').slice(-4)}`; // already masked
  if (digits.length <= 8) return maskMiddle(digits, 0, 4, empty);
  return `${digits.slice(0, 4)} **** **** ${digits.slice(-4)}`;
}

/** Phone: `"13812345678"` → `"138****5678"` (used where the phone is not the operator's search key). */
export const maskPhone = (v: string | null | undefined, empty = '-') => maskMiddle(v, 3, 4, empty);
