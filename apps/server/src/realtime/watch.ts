import { MarketCmd, type MarketPhase, type QuoteTick } from '@stock-admin/contracts';
import type { MarketReader } from '../app/context.js';

/** What a socket watches (WATCH) and where its quote frames stand. */
export interface QuoteWatch {
  /** The symbols it shows; quotes of others are not sent to it. */
  readonly gids: ReadonlySet<string>;
  /** The set in one string: sockets showing the same symbols share one frame a tick. */
  readonly key: string;
  /** Quote frames handed to the socket and not yet written out to the network. */
  inFlight: number;
  /** Held while a frame is in flight: the latest quote of each symbol and the phase, sent as one frame once it is written. */
  held?: { phase: MarketPhase; quotes: Map<string, QuoteTick> };
}

/** A socket's watch of `gids` (none when the list is empty). */
export function watchOf(gids: readonly string[]): QuoteWatch | undefined {
  if (!gids.length) return undefined;
  const set = new Set(gids);
  return { gids: set, key: [...set].sort().join(','), inFlight: 0 };
}

/** How the fan-out reaches a socket (realtime/hub.ts): its watch, and a send that reports when the frame is written. */
export interface QuoteSink<C> {
  watchOf(c: C): QuoteWatch | undefined;
  /** False when the frame was not handed over (socket closed or dropped): `written` is then never called. */
  send(c: C, frame: Buffer, written: () => void): boolean;
}

/**
 * One tick to every watching socket (issue 64): the frame of a set of symbols is encoded once and the same bytes go to
 * every socket showing that set; a socket whose last quote frame is still not written out (a slow network) is sent
 * nothing now — the tick's quotes are held, newer replacing older of a symbol, and go as one frame when the last is
 * written, so a slow socket gets the latest prices instead of a queue of stale ones. A tick that only changed the
 * phase reaches every watcher (with no quotes). Returns how many sockets were sent a frame now.
 */
export function fanOutQuotes<C>(conns: Iterable<C>, phase: MarketPhase, quotes: readonly QuoteTick[], sink: QuoteSink<C>): number {
  const byGid = new Map<string, QuoteTick>();
  for (const q of quotes) byGid.set(q.gid, q);
  const encoded = new Map<string, string>();
  const shared = new Map<string, Buffer | null>();
  let n = 0;
  for (const c of conns) {
    const w = sink.watchOf(c);
    if (!w) continue;
    if (w.inFlight > 0 || w.held) {
      hold(w, phase, byGid, quotes.length === 0);
      const held = w.inFlight ? undefined : release(w);
      if (held && sendTracked(c, w, held, sink)) n++;
      continue;
    }
    let frame = shared.get(w.key);
    if (frame === undefined) shared.set(w.key, (frame = frameOf(w.gids, byGid, encoded, phase, quotes.length === 0)));
    if (frame && sendTracked(c, w, frame, sink)) n++;
  }
  return n;
}

function sendTracked<C>(c: C, w: QuoteWatch, frame: Buffer, sink: QuoteSink<C>): boolean {
  w.inFlight++;
  const sent = sink.send(c, frame, () => {
    w.inFlight--;
    // what was held meanwhile, if the socket still watches the same (a new WATCH starts a new watch)
    if (w.inFlight || sink.watchOf(c) !== w) return;
    const held = release(w);
    if (held) sendTracked(c, w, held, sink);
  });
  if (!sent) w.inFlight--;
  return sent;
}

function hold(w: QuoteWatch, phase: MarketPhase, byGid: ReadonlyMap<string, QuoteTick>, phaseOnly: boolean): void {
  const quotes = w.held?.quotes ?? new Map<string, QuoteTick>();
  for (const q of watchedQuotes(w.gids, byGid)) quotes.set(q.gid, q);
  // held when one of its symbols moved or the phase changed; the phase is the newest tick's
  if (quotes.size || phaseOnly || w.held) w.held = { phase, quotes };
}

/** The frame of what a socket held back (none when it held nothing); it holds nothing after. */
function release(w: QuoteWatch): Buffer | undefined {
  if (!w.held) return undefined;
  const { phase, quotes } = w.held;
  w.held = undefined;
  return Buffer.from(
    frameText(
      phase,
      [...quotes.values()].map((q) => JSON.stringify(q)),
    ),
  );
}

/** The frame of one set of symbols, or null when none of them moved (and the tick is not a phase change). */
function frameOf(
  gids: ReadonlySet<string>,
  byGid: ReadonlyMap<string, QuoteTick>,
  encoded: Map<string, string>,
  phase: MarketPhase,
  phaseOnly: boolean,
): Buffer | null {
  const parts: string[] = [];
  for (const q of watchedQuotes(gids, byGid)) {
    let text = encoded.get(q.gid);
    if (text === undefined) encoded.set(q.gid, (text = JSON.stringify(q)));
    parts.push(text);
  }
  return parts.length || phaseOnly ? Buffer.from(frameText(phase, parts)) : null;
}

/** The tick's quotes of these symbols, walking the smaller of the two. */
function* watchedQuotes(gids: ReadonlySet<string>, byGid: ReadonlyMap<string, QuoteTick>): Generator<QuoteTick> {
  for (const gid of gids.size < byGid.size ? gids : byGid.keys()) {
    const q = gids.has(gid) ? byGid.get(gid) : undefined;
    if (q) yield q;
  }
}

function frameText(phase: MarketPhase, quotes: readonly string[]): string {
  return `{"cmd":${MarketCmd.QUOTES},"type":"QUOTES","data":{"phase":${JSON.stringify(phase)},"quotes":[${quotes.join(',')}]}}`;
}

/** The current quotes of the symbols a WATCH added (so a page shows live values at once, not at the next change). */
export function snapshotFrame(market: MarketReader, before: QuoteWatch | undefined, after: QuoteWatch | undefined): string | null {
  if (!after) return null;
  const fresh = [...after.gids]
    .filter((g) => !before?.gids.has(g))
    .map((g) => market.quote(g))
    .filter((q) => q !== undefined);
  return fresh.length ? JSON.stringify({ cmd: MarketCmd.QUOTES, type: 'QUOTES', data: { phase: market.phase(), quotes: fresh } }) : null;
}
