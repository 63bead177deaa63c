/**
 * THE display formatting of numbers (DESIGN §6 Numbers, issue 39): money (`formatMoney`, `formatYuan`, `formatSigned`),
 * percentages (`formatPct`), quantities and counts (`formatCount`), stock codes (`formatCode`) and file sizes; prices
 * and quote changes in shared/market/quoteFormat, times in shared/format. Pages never format numbers by hand (lint).
 * Amounts arrive as decimal strings and are formatted as text — never converted to a float — so
 * `"12345678901234567.89"` prints exactly. Nothing here does arithmetic on money.
 */

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** Adds one unit to the last digit of a digit string ("199" → "200", "99" → "100"). */
function incrementDigits(d: string): string {
  const out = d.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] === '9') out[i] = '0';
    else {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
  }
  return `1${out.join('')}`;
}

const group = (int: string) => int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * `"1234567.5"` → `"1,234,567.50"`; more than `decimals` digits are rounded half up (on the text).
 * Empty input gives `empty`; text that is not a decimal is returned unchanged.
 */
export function formatMoney(value: string | number | null | undefined, opts: { decimals?: number; empty?: string } = {}): string {
  const decimals = opts.decimals ?? 2;
  const empty = opts.empty ?? '-';
  if (value === null || value === undefined) return empty;
  const raw = String(value).trim();
  if (raw === '') return empty;
  const m = DECIMAL.exec(raw);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return raw;
  const sign = m[1] === '-' ? '-' : '';
  let int = (m[2] || '0').replace(/^0+(?=\d)/, '');
  let frac = m[3] ?? '';
  if (frac.length > decimals) {
    const roundUp = frac.charCodeAt(decimals) >= 53; // '5'
    frac = frac.slice(0, decimals);
    if (roundUp) {
      const joined = incrementDigits(int + frac);
      int = joined.slice(0, joined.length - decimals) || '0';
      frac = joined.slice(joined.length - decimals);
    }
  }
  frac = frac.padEnd(decimals, '0');
  const zero = /^0*$/.test(int) && /^0*$/.test(frac);
  return `${zero ? '' : sign}${group(int)}${decimals ? `.${frac}` : ''}`;
}

/** A whole count with thousands separators (`12345` → `"12,345"`). */
export function formatCount(value: number | string | null | undefined, empty = '-'): string {
  if (value === null || value === undefined || value === '') return empty;
  const s = String(value);
  return /^-?\d+$/.test(s) ? s.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : s;
}

/**
 * Money with the currency sign (the one form of a total, a confirmation or a message): `"¥1,234.50"`; a loss keeps
 * its minus before the sign, `"-¥6,850.17"` (never `"¥-6,850.17"`); `signed`, a gain its plus, `"+¥27,440.00"`. Empty → `"-"`.
 */
export function formatYuan(value: string | number | null | undefined, opts: { decimals?: number; signed?: boolean } = {}): string {
  const text = formatMoney(value, opts);
  if (text === '-' || !/\d/.test(text)) return text;
  if (text.startsWith('-')) return `-¥${text.slice(1)}`;
  // a gain writes its + (issue 65: a P/L is never told by its colour alone)
  return opts.signed && /[1-9]/.test(text) ? `+¥${text}` : `¥${text}`;
}

/** A gain or a loss with its sign and separators: `"+27,440.00"`, `"-7,140.00"`, `"0.00"`. */
export function formatSigned(value: string | number | null | undefined): string {
  const text = formatMoney(value);
  return !text.startsWith('-') && /[1-9]/.test(text) ? `+${text}` : text;
}

/**
 * A percentage of two decimals as given (`"13.6"` → `"13.60%"`), `signed` writes the `+` of a rise. Empty → `"-"`.
 */
export function formatPct(value: string | number | null | undefined, opts: { signed?: boolean } = {}): string {
  const text = formatMoney(value);
  if (text === '-' || !/\d/.test(text)) return text;
  const plus = opts.signed && !text.startsWith('-') && /[1-9]/.test(text) ? '+' : '';
  return `${plus}${text}%`;
}

/**
 * A stock's code in its one display form, with the market (`sh600066`, `sz300017`, `bj920964`): the gid when the
 * record has one, else the bare code with the market its number belongs to.
 */
export function formatCode(r: { gid?: string | null; code?: string | null } | string | null | undefined): string {
  if (r == null) return '-';
  const raw = (typeof r === 'string' ? r : (r.gid ?? r.code ?? '')).trim();
  if (!raw) return '-';
  if (/^(sh|sz|bj)\d{6}$/i.test(raw)) return raw.toLowerCase();
  if (!/^\d{6}$/.test(raw)) return raw;
  // Shanghai 6xxxxx (and B shares 900xxx), Shenzhen 0/2/3xxxxx, Beijing 4/8xxxxx and 920xxx
  const market = /^(6|900)/.test(raw) ? 'sh' : /^[023]/.test(raw) ? 'sz' : 'bj';
  return `${market}${raw}`;
}

/** A file's size: `"512 B"`, `"12.3 KB"`, `"4.5 MB"`. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${formatMoney(String(Math.round((bytes / 1024) * 10) / 10), { decimals: 1 })} KB`;
  return `${formatMoney(String(Math.round((bytes / 1024 / 1024) * 10) / 10), { decimals: 1 })} MB`;
}

/** True when the text is a decimal amount with at most two decimals (the server's money format). */
export const isAmount = (v: string) => /^\d{1,18}(\.\d{1,2})?$/.test(v.trim());

/** True when a decimal string is greater than zero (text comparison, no float). */
export const isPositiveAmount = (v: string) => isAmount(v) && /[1-9]/.test(v);

/** Shown by antd Image when a picture (QR code, receipt) cannot be loaded: a grey frame with a cross. */
export const IMAGE_FALLBACK =
  "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='40' height='40' viewBox='0 0 40 40'><rect width='40' height='40' fill='%23f5f5f5' stroke='%23d9d9d9'/><path d='M14 14l12 12M26 14L14 26' stroke='%23bfbfbf' stroke-width='2'/></svg>";
