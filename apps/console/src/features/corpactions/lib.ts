/**
 * The exchange writes a dividend per 10 shares (10派5元); the API takes it per share. Exact decimal shifts of a
 * number as typed (never a float).
 */
export function perShare(per10: string): string {
  const [i = '0', f = ''] = per10.trim().split('.');
  const digits = `${i.padStart(2, '0')}${f}`;
  const whole = digits.slice(0, digits.length - f.length - 1).replace(/^0+(?=\d)/, '');
  const frac = digits.slice(digits.length - f.length - 1).replace(/0+$/, '');
  return frac ? `${whole || '0'}.${frac}` : whole || '0';
}

export function per10(perShareText: string): string {
  const [i = '0', f = ''] = perShareText.trim().split('.');
  const whole = `${i}${f.slice(0, 1).padEnd(1, '0')}`.replace(/^0+(?=\d)/, '');
  const rest = f.slice(1).replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : whole;
}
