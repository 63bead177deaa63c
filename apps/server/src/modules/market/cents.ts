/**
 * The quote service keeps prices, bids, asks and turnover as integer cents (fen): safe integers far beyond
 * any day of the market (2^53 cents ≈ 9·10^13 yuan). This is their decimal text with two decimals, by
 * integer arithmetic — exact, and fast for a tick of thousands of quotes.
 */
export function centsText(c: number): string {
  const a = Math.abs(c);
  const whole = Math.floor(a / 100);
  const frac = a - whole * 100;
  return `${c < 0 ? '-' : ''}${whole}.${frac < 10 ? '0' : ''}${frac}`;
}
