/**
 * Password strength (spec §5): every occurrence of a character scores 5 divided by how many times that
 * character has occurred so far (the first `a` 5, the second 2.5, …), plus 10 for each character class
 * beyond the first among digits, lower case, upper case and other. The result is truncated to an integer.
 */
export function scorePassword(pass: string | null | undefined): number {
  if (!pass) return 0;
  let score = 0;
  const seen = new Map<string, number>();
  for (const ch of pass) {
    const n = (seen.get(ch) ?? 0) + 1;
    seen.set(ch, n);
    score += 5 / n;
  }
  const classes = [/\d/, /[a-z]/, /[A-Z]/, /[^0-9a-zA-Z]/].filter((re) => re.test(pass)).length;
  score += (classes - 1) * 10;
  return Math.trunc(score);
}

/** 0 too weak, 1 low, 2 medium, 3 strong (the register page's meter; medium or better passes). */
export function passwordLevel(score: number): 0 | 1 | 2 | 3 {
  if (score >= 80) return 3;
  if (score >= 60) return 2;
  if (score >= 30) return 1;
  return 0;
}
