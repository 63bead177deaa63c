import Decimal from 'decimal.js';
import { RECON_WINDOW_MINUTES } from '@stock-admin/contracts';
import type { StatementLine } from './reconcile-parse.js';
import type { reconItems } from './tables.js';

/** A confirmed deposit or a paid withdrawal of the channel on the day. */
export interface Movement {
  orderNo: string;
  amount: Decimal;
  time: Date;
  userId: number;
  direction: 'in' | 'out';
}

export type NewItem = Omit<typeof reconItems.$inferInsert, 'statementId'>;

const statementSide = (l: StatementLine) => ({
  direction: l.direction,
  line: l.line,
  stTime: l.time,
  stReference: l.reference,
  stAmount: l.amount.toFixed(2),
});

/**
 * The lists of a statement against the platform's movements, in an order that can never pair one movement twice nor
 * pair a line with an order it does not name (issue 66):
 * 1. a negative line is a `reversal` — never a receipt or a payout, whatever its amount;
 * 2. a line repeating an earlier line's reference is a `duplicate` of it (the first one is the line that counts);
 * 3. a line and a movement of the same direction pair by reference (the platform's order number) — amounts that differ
 *    make an `amount_diff`;
 * 4. the rest pair by equal amount within the time window, nearest first — except a line whose reference is a platform
 *    order number (`orderNos`: any order, of any channel or day), which names its order and so matches no other;
 * 5. what is left is in the statement only or on the platform only.
 */
export function matchStatement(lines: StatementLine[], movements: Movement[], orderNos: ReadonlySet<string>): NewItem[] {
  const out: NewItem[] = [];
  const free = new Set(movements);
  const pair = (l: StatementLine, m: Movement, kind: 'matched' | 'amount_diff') => {
    free.delete(m);
    out.push({
      ...statementSide(l),
      kind,
      orderNo: m.orderNo,
      platformAmount: m.amount.toFixed(2),
      platformTime: m.time,
      userId: m.userId,
    });
  };
  const firstLine = new Map<string, number>();
  const byOrder = new Map(movements.map((m) => [`${m.direction}:${m.orderNo}`, m]));
  const rest: StatementLine[] = [];
  for (const l of lines) {
    if (l.amount.isNegative()) {
      out.push({ ...statementSide(l), kind: 'reversal' });
      continue;
    }
    const first = firstLine.get(l.reference);
    if (first !== undefined) {
      out.push({ ...statementSide(l), kind: 'duplicate', duplicateOf: first });
      continue;
    }
    firstLine.set(l.reference, l.line);
    const m = byOrder.get(`${l.direction}:${l.reference}`);
    if (m) pair(l, m, m.amount.eq(l.amount) ? 'matched' : 'amount_diff');
    else rest.push(l);
  }
  const window = RECON_WINDOW_MINUTES * 60_000;
  for (const l of rest) {
    let best: Movement | undefined;
    if (!orderNos.has(l.reference))
      for (const m of free) {
        if (m.direction !== l.direction || !m.amount.eq(l.amount)) continue;
        const gap = Math.abs(m.time.getTime() - l.time.getTime());
        if (gap <= window && (!best || gap < Math.abs(best.time.getTime() - l.time.getTime()))) best = m;
      }
    if (best) pair(l, best, 'matched');
    else out.push({ ...statementSide(l), kind: 'statement_only' });
  }
  for (const m of free)
    out.push({
      kind: 'platform_only',
      direction: m.direction,
      orderNo: m.orderNo,
      platformAmount: m.amount.toFixed(2),
      platformTime: m.time,
      userId: m.userId,
    });
  return out;
}
