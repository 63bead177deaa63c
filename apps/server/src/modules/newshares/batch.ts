import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { SUB_STATUS, type AllotRowResult } from '@stock-admin/contracts';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/migrate.js';
import { fail } from '../../http/errors.js';
import { post } from '../../ledger/index.js';

/**
 * Batch allotment from a parsed CSV (order no, allotted quantity): all or nothing. One set-based SELECT
 * judges every row (exists, pending, quantity ≤ applied, whole lots); any refusal returns the report and
 * writes nothing. Otherwise one UPDATE … FROM unnest moves every row; only placement refunds need ledger
 * posts (public / rush allotments move no money until paid).
 */
export async function batchAllot(
  db: Db,
  issueId: number,
  input: { line: number; orderNo: string; allotted: number }[],
  adminId: number | null,
  now = new Date(),
): Promise<{ applied: boolean; report: AllotRowResult[] }> {
  return db.transaction(async (tx) => {
    // the whole file as one jsonb parameter: one round trip however many rows
    const data = JSON.stringify(input);
    const judged = rows<{ line: number; order_no: string; allotted: number; reason: string | null }>(
      await tx.execute(sql`
        SELECT c.line, c."orderNo" AS order_no, c.allotted,
               CASE WHEN s.id IS NULL THEN 'not_found'
                    WHEN s.status <> ${SUB_STATUS.pending} THEN 'not_pending'
                    WHEN c.allotted < 0 OR c.allotted > s.applied_qty THEN 'above_applied'
                    WHEN c.allotted % i.lot_size <> 0 THEN 'lot'
                    WHEN count(*) OVER (PARTITION BY c."orderNo") > 1 THEN 'duplicate' END AS reason
        FROM jsonb_to_recordset(${data}::jsonb) AS c(line int, "orderNo" text, allotted bigint)
        LEFT JOIN newshare_subscriptions s ON s.order_no = c."orderNo" AND s.issue_id = ${issueId}
        LEFT JOIN newshare_issues i ON i.id = s.issue_id
        ORDER BY c.line`),
    );
    const report: AllotRowResult[] = judged.map((r) => ({
      line: r.line,
      orderNo: r.order_no,
      allotted: Number(r.allotted),
      result: r.reason ? 'failed' : 'ok',
      ...(r.reason ? { reason: r.reason } : {}),
    }));
    if (report.some((r) => r.result === 'failed')) return { applied: false, report };
    const refunds = rows<{ user_id: number; order_no: string; refund: string; moved: number }>(
      await tx.execute(sql`
        WITH c AS (SELECT "orderNo" AS order_no, allotted FROM jsonb_to_recordset(${data}::jsonb) AS c("orderNo" text, allotted bigint)),
        u AS (
          UPDATE newshare_subscriptions s
          SET status = (CASE WHEN c.allotted = 0 THEN ${SUB_STATUS.notAllotted}::int
                            WHEN i.subscribe_type = 'placement' THEN ${SUB_STATUS.paid}::int ELSE ${SUB_STATUS.allotted}::int END)::smallint,
              allotted_qty = c.allotted,
              frozen_amount = CASE WHEN i.subscribe_type = 'placement' THEN ceil(i.issue_price * c.allotted * 100) / 100 ELSE 0 END,
              paid_amount = CASE WHEN i.subscribe_type = 'placement' THEN ceil(i.issue_price * c.allotted * 100) / 100 ELSE 0 END,
              allotted_at = ${now}::timestamptz, paid_at = CASE WHEN i.subscribe_type = 'placement' AND c.allotted > 0 THEN ${now}::timestamptz END,
              updated_at = now()
          FROM c, newshare_issues i
          WHERE s.order_no = c.order_no AND s.issue_id = ${issueId} AND i.id = s.issue_id AND s.status = ${SUB_STATUS.pending}
          RETURNING s.user_id, s.order_no, s.frozen_amount AS after,
                    (SELECT o.frozen_amount FROM newshare_subscriptions o WHERE o.id = s.id) AS before
        )
        SELECT user_id, order_no, (before - after)::numeric(20,2)::text AS refund, (SELECT count(*)::int FROM u) AS moved FROM u`),
    );
    // a row moved by someone else between the check and the update: roll everything back
    if (refunds.length !== input.length) throw fail('newshare.state_changed');
    for (const r of refunds.filter((x) => new Decimal(x.refund).gt(0)))
      await post(tx, r.user_id, [{ type: 'subscription_release', amount: new Decimal(r.refund).toFixed(2), reference: r.order_no, adminId, note: 'unallotted' }]);
    return { applied: true, report };
  });
}
