/**
 * Exact money arithmetic for previews (DESIGN §3 Money): amounts are decimal strings with at most two
 * decimals; here they become integer cents (BigInt) and back. Never a float.
 */

const AMOUNT = /^([+-]?)(\d+)(?:\.(\d{0,2}))?$/;

/** `"1,234.5"` → `123450n`; null when the text is not an amount with at most two decimals. */
export function toCents(value: string | number | null | undefined): bigint | null {
  if (value === null || value === undefined) return null;
  const raw = String(value).trim().replace(/,/g, '');
  const m = AMOUNT.exec(raw);
  if (!m) return null;
  const cents = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0') || '0');
  return m[1] === '-' ? -cents : cents;
}

/** `123450n` → `"1234.50"` (the wire format). */
export function fromCents(cents: bigint): string {
  const neg = cents < 0n;
  const abs = neg ? -cents : cents;
  const int = abs / 100n;
  const frac = String(abs % 100n).padStart(2, '0');
  return `${neg ? '-' : ''}${int}.${frac}`;
}

// Display text of an amount (two decimals, thousands separators): formatMoney in shared/money.ts.

/** A rate as a fraction (`"0.350000"`) → a percentage text (`"35%"`, `"12.5%"`), exact. */
export function formatRate(value: string | null | undefined, empty = '-'): string {
  if (value === null || value === undefined || value === '') return empty;
  const m = /^(\d+)(?:\.(\d{0,6}))?$/.exec(String(value).trim());
  if (!m) return String(value);
  const micro = BigInt(m[1]!) * 1_000_000n + BigInt((m[2] ?? '').padEnd(6, '0') || '0'); // 1e-6 units
  // percent = micro / 10_000
  const int = micro / 10_000n;
  const frac = String(micro % 10_000n)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return `${int}${frac ? `.${frac}` : ''}%`;
}

/** A percentage typed by the operator (`"35"`, `"12.5"`) → the wire fraction (`"0.35"`, `"0.125"`); null when invalid or above 100. */
export function percentToRate(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || String(value).trim() === '') return null;
  const m = /^(\d{1,3})(?:\.(\d{0,4}))?$/.exec(String(value).trim());
  if (!m) return null;
  const micro = BigInt(m[1]!) * 10_000n + BigInt((m[2] ?? '').padEnd(4, '0') || '0');
  if (micro > 1_000_000n) return null;
  const int = micro / 1_000_000n;
  const frac = String(micro % 1_000_000n)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return frac ? `${int}.${frac}` : String(int);
}

/** The wire fraction (`"0.350000"`) → the percentage shown in a form (`"35"`). */
export function rateToPercent(value: string | null | undefined): string {
  const t = formatRate(value, '');
  return t.endsWith('%') ? t.slice(0, -1) : '';
}

export interface Balances {
  /** equity */
  userAmt: string;
  /** free cash */
  enableAmt: string;
  /** held */
  frozenAmt: string;
}

export interface AdjustPreview {
  before: Balances;
  after: Balances;
  /** A debit larger than the free cash: the server will refuse it. */
  insufficient: boolean;
}

/**
 * Balances before and after a manual credit (direction 0) or debit (1) of `amount`: the ledger moves
 * free cash and equity by the amount; held money does not change. Null when an input is not an amount
 * or the amount is not positive.
 */
export function previewAdjust(before: Balances, amount: string, direction: 0 | 1): AdjustPreview | null {
  const amt = toCents(amount);
  const equity = toCents(before.userAmt);
  const free = toCents(before.enableAmt);
  const held = toCents(before.frozenAmt);
  if (amt === null || amt <= 0n || equity === null || free === null || held === null) return null;
  const delta = direction === 0 ? amt : -amt;
  const after = { userAmt: fromCents(equity + delta), enableAmt: fromCents(free + delta), frozenAmt: fromCents(held) };
  return {
    before: { userAmt: fromCents(equity), enableAmt: fromCents(free), frozenAmt: fromCents(held) },
    after,
    insufficient: free + delta < 0n || equity + delta < 0n,
  };
}

/** Balance of an agent after a credit or debit (agents have one balance). */
export function previewAgentAdjust(
  balance: string,
  amount: string,
  direction: 0 | 1,
): { before: string; after: string; insufficient: boolean } | null {
  const amt = toCents(amount);
  const b = toCents(balance);
  if (amt === null || amt <= 0n || b === null) return null;
  const after = direction === 0 ? b + amt : b - amt;
  return { before: fromCents(b), after: fromCents(after), insufficient: after < 0n };
}

/** The sum of amounts (a batch's total, for its confirmation): `["1.10", "2.25"]` → `"3.35"`; unreadable ones count 0. */
export const sumAmounts = (values: readonly (string | null | undefined)[]): string =>
  fromCents(values.reduce<bigint>((sum, v) => sum + (toCents(v) ?? 0n), 0n));
