/**
 * Synthetic A-share listings for benchmarks only (the demo uses real ones: modules/products/demo-listings.ts):
 * valid codes spread over every board, e.g. 20,000 symbols for a large feed.
 */
const RANGES = [
  { market: 'sh', board: 'main', from: 600000, to: 605999 },
  { market: 'sz', board: 'main', from: 1, to: 3999 },
  { market: 'sz', board: 'chinext', from: 300000, to: 301999 },
  { market: 'sh', board: 'star', from: 688000, to: 689999 },
  { market: 'bj', board: 'bj', from: 830000, to: 839999 },
] as const;

export function syntheticStocks(n: number) {
  const out: { code: string; name: string; market: string; board: string; gid: string }[] = [];
  const total = RANGES.reduce((a, r) => a + r.to - r.from + 1, 0);
  if (n > total) throw new Error(`at most ${total} synthetic symbols`);
  for (const r of RANGES) {
    const share = Math.ceil((n * (r.to - r.from + 1)) / total);
    for (let k = 0; k < share && out.length < n; k++) {
      const code = String(r.from + k).padStart(6, '0');
      out.push({ code, name: `合成${r.market}${code}`, market: r.market, board: r.board, gid: `${r.market}${code}` });
    }
  }
  return out;
}
