import type { MarketPhase } from '@stock-admin/contracts';
import type { FeedSymbol, Quote } from './store.js';

/**
 * A source of quotes. The quote service owns the book (the latest quote of every symbol) and calls
 * `tick` once per interval on the instance that leads; the feed updates the book's quotes in place and
 * returns those that changed.
 */
export interface QuoteFeed {
  readonly source: 'simulated' | 'http';
  tick(now: number, symbols: readonly FeedSymbol[], book: Map<string, Quote>): Promise<TickResult>;
  /** Drops what the feed keeps per symbol for symbols that are gone. */
  forget?(gids: readonly string[]): void;
  /** Scales what the feed keeps of a symbol's price by `factor` (its quote went ex-rights: exrights.ts). */
  rebase?(gid: string, factor: number): void;
}

export interface TickResult {
  phase: MarketPhase;
  tradingDay: string;
  changed: Quote[];
  /** The feed could not refresh its quotes (they are marked stale). */
  stale: boolean;
}

/** The daily price limit in cents around a previous close (half-up to the tick, as the exchanges do). */
export function limitsOf(prevClose: number, pct: number): { up: number; down: number } {
  return { up: Math.round((prevClose * (100 + pct)) / 100), down: Math.round((prevClose * (100 - pct)) / 100) };
}
