/**
 * The exchange's ex-rights reference price (除权除息参考价, issue 62), one formula for the server's quotes and runs
 * and the console's preview: (previous close − cash dividend per share) ÷ (1 + (bonus + transfer) ÷ 10) ÷ split
 * ratio, rounded half-up to the fen. Integer cents in, integer cents out; the terms as decimal text (no zod here: the
 * quote service calls it at every day roll).
 */
export interface ExRightsTerms {
  cashPerShare?: string | null;
  bonusPer10?: string | null;
  transferPer10?: string | null;
  splitRatio?: string | null;
}

/** A decimal text as an exact fraction [numerator, 10^places] (the terms have at most 6 places). */
function fraction(v: string | null | undefined): [bigint, bigint] {
  const s = (v ?? '').trim();
  if (!s) return [0n, 1n];
  const [i, f = ''] = s.split('.');
  return [BigInt(`${i}${f}`), 10n ** BigInt(f.length)];
}

/** How many shares one share becomes: (1 + (bonus + transfer) / 10) × split, as [numerator, denominator]. */
export function shareMultiplier(t: ExRightsTerms): [bigint, bigint] {
  const [bn, bd] = fraction(t.bonusPer10);
  const [tn, td] = fraction(t.transferPer10);
  // 1 + bn/(10·bd) + tn/(10·td)
  const den = 10n * bd * td;
  const num = den + bn * td + tn * bd;
  const [sn, sd] = t.splitRatio && t.splitRatio.trim() ? fraction(t.splitRatio) : [1n, 1n];
  return [num * sn, den * sd];
}

/** The reference price in cents from the previous close in cents (at least 1 fen). */
export function exReferenceCents(prevCloseCents: number, t: ExRightsTerms): number {
  const [cn, cd] = fraction(t.cashPerShare);
  const [mn, md] = shareMultiplier(t);
  // (P/100 − cn/cd) / (mn/md) in cents = (P·cd − 100·cn) · md / (cd · mn)
  const num = (BigInt(prevCloseCents) * cd - 100n * cn) * md;
  const den = cd * mn;
  if (num <= 0n) return 1;
  const q = (2n * num + den) / (2n * den); // half-up
  return Math.max(Number(q), 1);
}

/**
 * The plan in the exchange's short form — 10派5元, 10送3转2, 1拆2, 2合1, joined as announced — or, in English, the same
 * terms said: "¥5 cash, 3 bonus + 2 transfer per 10 shares", "split 1 into 2", "2 into 1".
 */
export function planText(t: ExRightsTerms, lang: 'zh-CN' | 'en-US' = 'zh-CN'): string {
  const per10 = (v: string) => trimZeros(new Decimalish(v).times10());
  const split = (): string | null => {
    if (!t.splitRatio) return null;
    const r = Number.parseFloat(t.splitRatio);
    const n = r >= 1 ? trimZeros(t.splitRatio) : trimZeros(String(Math.round(1e6 / r) / 1e6));
    if (lang === 'en-US') return r >= 1 ? `split 1 into ${n}` : `${n} into 1`;
    return r >= 1 ? `1拆${n}` : `${n}合1`;
  };
  if (lang === 'en-US') {
    const parts = [
      t.cashPerShare ? `¥${per10(t.cashPerShare)} cash` : '',
      t.bonusPer10 ? `${trimZeros(t.bonusPer10)} bonus` : '',
      t.transferPer10 ? `${trimZeros(t.transferPer10)} transfer` : '',
    ].filter(Boolean);
    return [parts.length ? `${parts.join(' + ')} per 10 shares` : '', split() ?? ''].filter(Boolean).join(', ');
  }
  const parts: string[] = [];
  const bonus = t.bonusPer10 ? `送${trimZeros(t.bonusPer10)}` : '';
  const transfer = t.transferPer10 ? `转${trimZeros(t.transferPer10)}` : '';
  const cash = t.cashPerShare ? `派${per10(t.cashPerShare)}元` : '';
  if (bonus || transfer || cash) parts.push(`10${bonus}${transfer}${cash}`);
  const s = split();
  if (s) parts.push(s);
  return parts.join('，');
}

function trimZeros(s: string): string {
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

/** Ten times a decimal text, exactly (the cash per share shown per 10 shares). */
class Decimalish {
  constructor(private readonly v: string) {}
  times10(): string {
    const [i = '0', f = ''] = this.v.trim().split('.');
    const digits = `${i}${f.padEnd(1, '0')}`;
    const whole = digits.slice(0, i.length + 1).replace(/^0+(?=\d)/, '');
    const rest = digits.slice(i.length + 1);
    return rest ? `${whole}.${rest}` : whole;
  }
}
