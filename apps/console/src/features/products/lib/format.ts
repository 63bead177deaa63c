/**
 * A rate (a fraction as a decimal string, '0.001') as a percentage without floats: '0.1%'. Anything
 * that is not a plain non-negative decimal is shown as given ('-' when absent).
 */
export function ratePercent(rate: string | null | undefined): string {
  const s = (rate ?? '').trim();
  const m = /^(\d+)(?:\.(\d*))?$/.exec(s);
  if (!m) return s || '-';
  const frac = (m[2] ?? '').padEnd(2, '0');
  const int = `${m[1]}${frac.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const rest = frac.slice(2).replace(/0+$/, '');
  return `${int}${rest ? `.${rest}` : ''}%`;
}
