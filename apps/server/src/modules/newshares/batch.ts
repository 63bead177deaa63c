import Decimal from 'decimal.js';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { ALLOT_MAX_ROWS, SUB_STATUS, type AllotRowResult, type BatchAllotData } from '@stock-admin/contracts';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { fail } from '../../http/errors.js';
import { postBatch } from '../fundrecords/index.js';
import { notifyUsers } from '../messages/index.js';
import { subNotice } from './notices.js';
import { assertCsvText } from '../../http/csv.js';
import { takeFromIssue } from './service.js';

/** One line of an allotment file: the subscription by order no, or by the user's phone within the issue. */
export interface AllotLine {
  line: number;
  orderNo?: string;
  phone?: string;
  allotted: number;
}

/**
 * Batch allotment (all or nothing). One set-based SELECT resolves and judges every row (found, one pending
 * record for a phone, pending, quantity ≤ applied, whole lots, not twice in the file); any refusal returns
 * the report and writes nothing. Otherwise one UPDATE … FROM moves every row; only placement refunds need
 * ledger posts (public / rush allotments move no money until paid), and each outcome is one station message
 * to all the users it concerns.
 */
export async function batchAllot(
  db: Db,
  issueId: number,
  input: AllotLine[],
  adminId: number | null,
  now = new Date(),
): Promise<{ applied: boolean; report: AllotRowResult[] }> {
  return db.transaction(async (tx) => {
    // the whole file as one jsonb parameter: one round trip however many rows
    const data = JSON.stringify(
      input.map((r) => ({ line: r.line, orderNo: r.orderNo ?? null, phone: r.phone ?? null, allotted: r.allotted })),
    );
    const judged = rows<{
      line: number;
      id: number | null;
      order_no: string | null;
      phone: string | null;
      allotted: number;
      reason: string | null;
    }>(
      await tx.execute(sql`
        WITH c AS (SELECT * FROM jsonb_to_recordset(${data}::jsonb) AS c(line int, "orderNo" text, phone text, allotted bigint)),
        m AS (
          SELECT c.*, CASE WHEN c."orderNo" IS NOT NULL
                   THEN (SELECT array_agg(s.id) FROM newshare_subscriptions s WHERE s.order_no = c."orderNo" AND s.issue_id = ${issueId})
                   ELSE (SELECT array_agg(s.id) FROM newshare_subscriptions s JOIN users u ON u.id = s.user_id
                         WHERE u.phone = c.phone AND s.issue_id = ${issueId} AND s.status = ${SUB_STATUS.pending}) END AS ids
          FROM c)
        SELECT m.line, s.id, coalesce(s.order_no, m."orderNo") AS order_no, m.phone, m.allotted,
               CASE WHEN m.ids IS NULL THEN 'not_found'
                    WHEN cardinality(m.ids) > 1 THEN 'ambiguous'
                    WHEN s.status <> ${SUB_STATUS.pending} THEN 'not_pending'
                    WHEN m.allotted < 0 OR m.allotted > s.applied_qty THEN 'above_applied'
                    WHEN m.allotted % i.lot_size <> 0 THEN 'lot'
                    WHEN count(*) OVER (PARTITION BY s.id) > 1 THEN 'duplicate' END AS reason
        FROM m
        LEFT JOIN newshare_subscriptions s ON cardinality(m.ids) = 1 AND s.id = m.ids[1]
        LEFT JOIN newshare_issues i ON i.id = s.issue_id
        ORDER BY m.line`),
    );
    const report: AllotRowResult[] = judged.map((r) => ({
      line: r.line,
      ...(r.order_no ? { orderNo: r.order_no } : {}),
      ...(r.phone ? { phone: r.phone } : {}),
      allotted: Number(r.allotted),
      result: r.reason ? 'failed' : 'ok',
      ...(r.reason ? { reason: r.reason } : {}),
    }));
    if (report.some((r) => r.result === 'failed')) return { applied: false, report };
    const moves = JSON.stringify(judged.map((r) => ({ id: r.id, allotted: Number(r.allotted) })));
    const moved = rows<{ user_id: number; order_no: string; refund: string; outcome: 'allotted' | 'placed' | 'notAllotted' }>(
      await tx.execute(sql`
        WITH c AS (SELECT id, allotted FROM jsonb_to_recordset(${moves}::jsonb) AS c(id int, allotted bigint)),
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
          WHERE s.id = c.id AND i.id = s.issue_id AND s.status = ${SUB_STATUS.pending}
          RETURNING s.user_id, s.order_no, s.frozen_amount AS after, c.allotted, i.subscribe_type,
                    (SELECT o.frozen_amount FROM newshare_subscriptions o WHERE o.id = s.id) AS before
        )
        SELECT user_id, order_no, (before - after)::numeric(20,2)::text AS refund,
               CASE WHEN allotted = 0 THEN 'notAllotted' WHEN subscribe_type = 'placement' THEN 'placed' ELSE 'allotted' END AS outcome
        FROM u`),
    );
    // a row moved by someone else between the check and the update: roll everything back
    if (moved.length !== input.length) throw fail('newshare.state_changed');
    await takeFromIssue(
      tx,
      issueId,
      judged.reduce((n, r) => n + Number(r.allotted), 0),
    );
    // every refund in one batch post (a file may hold 100,000 of them)
    await postBatch(
      tx,
      moved
        .filter((x) => new Decimal(x.refund).gt(0))
        .map((r) => ({
          userId: r.user_id,
          entry: {
            type: 'subscription_release' as const,
            amount: new Decimal(r.refund).toFixed(2),
            reference: r.order_no,
            adminId,
            note: 'unallotted',
          },
        })),
    );
    const [issue] = rows<{ kind: string; name: string; code: string; pay_deadline: string }>(
      await tx.execute(sql`SELECT kind, name, code, pay_deadline::text FROM newshare_issues WHERE id = ${issueId}`),
    );
    const facts = { kind: issue!.kind, name: issue!.name, code: issue!.code, payDeadline: issue!.pay_deadline };
    for (const outcome of ['allotted', 'placed', 'notAllotted'] as const)
      await notifyUsers(
        tx,
        moved.filter((r) => r.outcome === outcome).map((r) => r.user_id),
        subNotice(outcome, facts),
      );
    return { applied: true, report };
  });
}

/**
 * Reads an allotment CSV (UTF-8, BOM allowed): a header naming `allotted` and `orderNo` or `phone`, then
 * one subscription per line. A file that is not CSV, lacks the header, is empty or too long is refused
 * whole; a line with a bad quantity, or naming neither, is a failed row of the report.
 */
export function readAllotFile(data: Uint8Array): { lines: AllotLine[]; bad: AllotRowResult[] } {
  assertCsvText(data);
  let cells: string[][];
  try {
    cells = parse(Buffer.from(data), { bom: true, skip_empty_lines: true, trim: true, relax_column_count: true }) as string[][];
  } catch (e) {
    throw fail('newshare.allot_bad_file', { detail: (e as Error).message.slice(0, 200) });
  }
  const header = (cells[0] ?? []).map((c) => c.trim());
  const col = (name: string) => header.indexOf(name);
  if (col('allotted') < 0 || (col('orderNo') < 0 && col('phone') < 0)) throw fail('newshare.allot_no_header');
  if (cells.length < 2) throw fail('newshare.allot_empty');
  if (cells.length - 1 > ALLOT_MAX_ROWS) throw fail('newshare.allot_too_many', { max: ALLOT_MAX_ROWS });
  const lines: AllotLine[] = [];
  const bad: AllotRowResult[] = [];
  cells.slice(1).forEach((r, k) => {
    const line = k + 2;
    const orderNo = col('orderNo') >= 0 ? r[col('orderNo')] || undefined : undefined;
    const phone = col('phone') >= 0 ? r[col('phone')] || undefined : undefined;
    const raw = r[col('allotted')] ?? '';
    const ids = { ...(orderNo ? { orderNo } : {}), ...(phone ? { phone } : {}) };
    if (!orderNo && !phone) bad.push({ line, ...ids, result: 'failed', reason: 'no_key' });
    else if (!/^\d{1,12}$/.test(raw)) bad.push({ line, ...ids, result: 'failed', reason: 'bad_quantity' });
    else lines.push({ line, orderNo, phone: orderNo ? undefined : phone, allotted: Number(raw) });
  });
  return { lines, bad };
}

/** The CSV allotment as the console calls it: the file's own refusals and the database's, in one report. */
export async function allotFromFile(db: Db, issueId: number, data: Uint8Array, adminId: number | null): Promise<BatchAllotData> {
  const { lines, bad } = readAllotFile(data);
  const judged = await (bad.length ? judgeOnly(db, issueId, lines) : batchAllot(db, issueId, lines, adminId));
  const report = [...judged.report, ...bad].sort((a, b) => a.line - b.line);
  const applied = judged.applied && bad.length === 0;
  const ok = report.filter((r) => r.result === 'ok');
  return {
    applied,
    allotted: applied ? ok.filter((r) => (r.allotted ?? 0) > 0).length : 0,
    notAllotted: applied ? ok.filter((r) => r.allotted === 0).length : 0,
    failed: report.length - ok.length,
    rows: report,
  };
}

/** Judges the readable lines without writing (the file already has bad lines): a rolled-back batchAllot. */
async function judgeOnly(db: Db, issueId: number, lines: AllotLine[]): Promise<{ applied: false; report: AllotRowResult[] }> {
  const rollback = new Error('judge only');
  let report: AllotRowResult[] = [];
  try {
    await db.transaction(async (tx) => {
      report = (await batchAllot(tx, issueId, lines, null)).report;
      throw rollback;
    });
  } catch (e) {
    if (e !== rollback) throw e;
  }
  return { applied: false, report };
}
