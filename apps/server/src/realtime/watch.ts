import { MarketCmd, type MarketPhase, type QuoteTick } from '@stock-admin/contracts';
import type { MarketReader } from '../app/context.js';

/** What the watch frames need of a connection: the symbols it shows (WATCH). */
interface Watching {
  watch?: Set<string>;
}

/**
 * One QUOTES frame per watching socket with only its symbols; each quote is encoded once however many
 * sockets show it. A tick that only changed the phase reaches every watcher (with no quotes).
 */
export function* quoteFrames<C extends Watching>(
  conns: Iterable<C>,
  phase: MarketPhase,
  quotes: readonly QuoteTick[],
): Generator<[C, string]> {
  const byGid = new Map<string, QuoteTick>();
  for (const q of quotes) byGid.set(q.gid, q);
  const encoded = new Map<string, string>();
  const head = `{"cmd":${MarketCmd.QUOTES},"type":"QUOTES","data":{"phase":${JSON.stringify(phase)},"quotes":[`;
  for (const c of conns) {
    const watch = c.watch;
    if (!watch?.size) continue;
    const parts: string[] = [];
    for (const gid of watch.size < byGid.size ? watch : byGid.keys()) {
      if (!watch.has(gid)) continue;
      const q = byGid.get(gid);
      if (!q) continue;
      let text = encoded.get(gid);
      if (text === undefined) encoded.set(gid, (text = JSON.stringify(q)));
      parts.push(text);
    }
    if (parts.length || !quotes.length) yield [c, `${head}${parts.join(',')}]}}`];
  }
}

/** The current quotes of the symbols a WATCH added (so a page shows live values at once, not at the next change). */
export function snapshotFrame(market: MarketReader, before: Set<string> | undefined, after: Set<string> | undefined): string | null {
  if (!after) return null;
  const fresh = [...after]
    .filter((g) => !before?.has(g))
    .map((g) => market.quote(g))
    .filter((q) => q !== undefined);
  return fresh.length ? JSON.stringify({ cmd: MarketCmd.QUOTES, type: 'QUOTES', data: { phase: market.phase(), quotes: fresh } }) : null;
}
