import { sql } from 'drizzle-orm';
import { exReferenceCents, type ExRightsTerms } from '@stock-admin/contracts/exrights';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { centsText } from './cents.js';
import type { Quote } from './store.js';

/**
 * Quotes going ex-rights (issue 62). A corporate action's stock goes ex on its ex-date: its previous close becomes the
 * exchange's reference price (前收盘 adjusted), so the day's change and limit bands are right. The quote service does it
 * on the instance that ticks, right after the tick that rolled the stock into the ex-date (or, for an action entered
 * late, the tick after it is known), and stores the adjusted quote and a `quote_ex_rights` row in one transaction: a
 * new leader neither repeats nor loses one, and the corporate-actions run waits for that row before it adjusts
 * positions — the price and the positions go ex together.
 */

export interface PendingExRights extends ExRightsTerms {
  actionId: number;
  gid: string;
  exDate: string;
}

/**
 * Actions whose quote has not gone ex yet, from two months back to two weeks ahead (an ex-date that comes while
 * they are held is taken at the roll's tick); cancelled ones never go ex.
 */
export async function loadPendingExRights(db: Db, tradingDay: string): Promise<PendingExRights[]> {
  if (!tradingDay) return [];
  // named as the terms are, so the rows are the pending actions themselves
  return rows<PendingExRights>(
    await db.execute(sql`
      SELECT ca.id AS "actionId", ca.gid, ca.ex_date::text AS "exDate", ca.cash_per_share::text AS "cashPerShare",
             ca.bonus_per10::text AS "bonusPer10", ca.transfer_per10::text AS "transferPer10", ca.split_ratio::text AS "splitRatio"
      FROM corp_actions ca
      WHERE ca.status = 'scheduled' AND ca.ex_date <= ${tradingDay}::date + 14 AND ca.ex_date > ${tradingDay}::date - 60
        AND NOT EXISTS (SELECT 1 FROM quote_ex_rights x WHERE x.action_id = ca.id)
      ORDER BY ca.ex_date, ca.id`),
  );
}

export interface ExRightsDone {
  actionId: number;
  gid: string;
  day: string;
  /** cents; null when the vendor's previous close was ex-rights already */
  close: number | null;
  ref: number;
  /** the factor the quote's prices were scaled by (1 for the vendor's) */
  factor: number;
}

const scale = (v: number | null, f: number) => (v == null ? null : Math.max(Math.round(v * f), 1));

/**
 * Takes the pending actions whose stock's quote is in (or past) the ex-date: the simulated feed's quote is moved to
 * the reference price (every price of the day scaled by it: the walk continues from there); the vendor's already is.
 */
export function applyExRights(book: Map<string, Quote>, pending: readonly PendingExRights[], vendor: boolean): ExRightsDone[] {
  const done: ExRightsDone[] = [];
  for (const p of pending) {
    const q = book.get(p.gid);
    if (!q || !q.tradingDay || q.tradingDay < p.exDate) continue;
    if (vendor) {
      done.push({ actionId: p.actionId, gid: p.gid, day: q.tradingDay, close: null, ref: q.prevClose, factor: 1 });
      continue;
    }
    const close = q.prevClose;
    const ref = exReferenceCents(close, p);
    const f = ref / close;
    q.prevClose = ref;
    q.last = scale(q.last, f)!;
    q.open = scale(q.open, f);
    q.high = scale(q.high, f);
    q.low = scale(q.low, f);
    q.bid = scale(q.bid, f);
    q.ask = scale(q.ask, f);
    done.push({ actionId: p.actionId, gid: p.gid, day: q.tradingDay, close, ref, factor: f });
  }
  return done;
}

/** The rows that record them (in the transaction that saves the adjusted quotes). */
export async function saveExRights(db: Db, done: readonly ExRightsDone[]): Promise<void> {
  if (!done.length) return;
  await db.execute(sql`
    INSERT INTO quote_ex_rights (action_id, gid, day, close_price, ref_price)
    SELECT (d->>'actionId')::int, d->>'gid', (d->>'day')::date, (d->>'close')::numeric, (d->>'ref')::numeric
    FROM jsonb_array_elements(${JSON.stringify(
      done.map((d) => ({ ...d, close: d.close == null ? null : centsText(d.close), ref: centsText(d.ref) })),
    )}::jsonb) AS d
    ON CONFLICT (action_id) DO NOTHING`);
}

/**
 * An ex-date that passed before the quote service started (the demo's history, seeded before it ticks): its row, at the
 * reference price the stored quote's last price gives, and the stored quote moved by the same factor — the price went
 * ex then, as the positions did.
 */
export async function recordPastExRights(db: Db, a: PendingExRights): Promise<void> {
  const [q] = rows<{ last: string }>(await db.execute(sql`SELECT last::text AS last FROM quotes WHERE gid = ${a.gid}`));
  if (!q) return;
  const close = Math.round(Number(q.last) * 100);
  const ref = exReferenceCents(close, a);
  await saveExRights(db, [{ actionId: a.actionId, gid: a.gid, day: a.exDate, close, ref, factor: ref / close }]);
  await db.execute(sql`
    UPDATE quotes SET last = round(last * ${ref}::numeric / ${close}::numeric, 2),
                      prev_close = round(prev_close * ${ref}::numeric / ${close}::numeric, 2)
    WHERE gid = ${a.gid}`);
}
