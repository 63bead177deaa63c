import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Lang, ReconDetail, ReconItem, ReconSummary } from '@stock-admin/contracts';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { onePage } from '../../db/paging.js';
import { fail } from '../../http/errors.js';
import { t } from '../../app/i18n.js';
import { reconItems, reconStatements } from './tables.js';

const SUMMARY = sql`
  SELECT s.id, s.channel_id, coalesce(c.display_name, '#' || s.channel_id) AS channel_name, s.day::text, s.status, s.file_name,
         s.lines, s.uploaded_by, s.uploaded_at, s.reopened_by, s.reopened_at, s.reopen_reason,
         count(*) FILTER (WHERE i.kind = 'matched')::int AS matched,
         count(*) FILTER (WHERE i.kind = 'statement_only')::int AS statement_only,
         count(*) FILTER (WHERE i.kind = 'platform_only')::int AS platform_only,
         count(*) FILTER (WHERE i.kind = 'amount_diff')::int AS amount_diff,
         count(*) FILTER (WHERE i.kind = 'duplicate')::int AS duplicate,
         count(*) FILTER (WHERE i.kind = 'reversal')::int AS reversal,
         count(*) FILTER (WHERE i.kind <> 'matched' AND i.resolved_at IS NULL)::int AS open
  FROM recon_statements s LEFT JOIN pay_channels c ON c.id = s.channel_id LEFT JOIN recon_items i ON i.statement_id = s.id`;

interface SummaryRow {
  id: number;
  channel_id: number;
  channel_name: string;
  day: string;
  status: 'open' | 'reconciled';
  file_name: string;
  lines: number;
  uploaded_by: string;
  uploaded_at: Date | string;
  matched: number;
  statement_only: number;
  platform_only: number;
  amount_diff: number;
  duplicate: number;
  reversal: number;
  open: number;
  reopened_by: string | null;
  reopened_at: Date | string | null;
  reopen_reason: string | null;
}

const summaryOf = (r: SummaryRow): ReconSummary => ({
  channelId: r.channel_id,
  channelName: r.channel_name,
  day: r.day,
  status: r.status,
  fileName: r.file_name,
  lines: r.lines,
  matched: r.matched,
  statementOnly: r.statement_only,
  platformOnly: r.platform_only,
  amountDiff: r.amount_diff,
  duplicate: r.duplicate,
  reversal: r.reversal,
  open: r.open,
  uploadedBy: r.uploaded_by,
  uploadedAt: new Date(r.uploaded_at).toISOString(),
  reopenedBy: r.reopened_by,
  reopenedAt: r.reopened_at ? new Date(r.reopened_at).toISOString() : null,
  reopenReason: r.reopen_reason,
});

export async function reconList(db: Db, q: { channelId?: number; status?: ReconSummary['status']; pageNum: number; pageSize: number }) {
  const where = and(
    q.channelId ? eq(reconStatements.channelId, q.channelId) : undefined,
    q.status ? eq(reconStatements.status, q.status) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(reconStatements).where(where);
  const page = await onePage(
    db
      .select({ id: reconStatements.id })
      .from(reconStatements)
      .where(where)
      .orderBy(desc(reconStatements.day), reconStatements.channelId)
      .$dynamic(),
    q,
  );
  const ids = `{${page.map((p) => p.id).join(',')}}`;
  const list = page.length
    ? rows<SummaryRow>(
        await db.execute(
          sql`${SUMMARY} WHERE s.id = ANY(${ids}::bigint[]) GROUP BY s.id, c.display_name ORDER BY s.day DESC, s.channel_id`,
        ),
      )
    : [];
  return { list: list.map(summaryOf), total: total!.n, pageNum: q.pageNum, pageSize: q.pageSize };
}

const iso = (v: Date | null) => (v ? v.toISOString() : null);

async function statementRow(db: Db, channelId: number, day: string): Promise<SummaryRow> {
  const [s] = rows<SummaryRow>(
    await db.execute(sql`${SUMMARY} WHERE s.channel_id = ${channelId} AND s.day = ${day} GROUP BY s.id, c.display_name`),
  );
  if (!s) throw fail('recon.not_found', { day });
  return s;
}

const itemsOf = (db: Db, statementId: number) =>
  db
    .select()
    .from(reconItems)
    .where(eq(reconItems.statementId, statementId))
    .orderBy(sql`CASE ${reconItems.kind} WHEN 'matched' THEN 1 ELSE 0 END`, reconItems.line, reconItems.id);

export async function reconDetail(db: Db, channelId: number, day: string): Promise<ReconDetail> {
  const s = await statementRow(db, channelId, day);
  const items = await itemsOf(db, s.id);
  return {
    ...summaryOf(s),
    items: items.map((i): ReconItem => ({
      id: i.id,
      kind: i.kind,
      direction: i.direction,
      line: i.line,
      statementTime: iso(i.stTime),
      statementReference: i.stReference,
      statementAmount: i.stAmount,
      duplicateOf: i.duplicateOf,
      orderNo: i.orderNo,
      platformAmount: i.platformAmount,
      platformTime: iso(i.platformTime),
      userId: i.userId,
      resolvedAt: iso(i.resolvedAt),
      resolvedBy: i.resolvedBy,
      note: i.note,
    })),
  };
}

/** The export's columns, in the reader's language. */
export const reconCsvHeader = (lang: Lang): string[] =>
  [
    'kind',
    'direction',
    'line',
    'time',
    'reference',
    'amount',
    'duplicateOf',
    'orderNo',
    'platformAmount',
    'platformTime',
    'userId',
    'resolvedBy',
    'resolvedAt',
    'note',
  ].map((k) => t(lang, `recon.csv.${k}`));

/**
 * A channel-day's items as export rows (one batch: a statement holds at most RECON_MAX_LINES lines). The bank's
 * reference is kept as the file gave it; the CSV writer neutralises a cell a spreadsheet would read as a formula.
 */
export async function* reconExportRows(db: Db, channelId: number, day: string, lang: Lang): AsyncGenerator<unknown[][]> {
  const s = await statementRow(db, channelId, day);
  const items = await itemsOf(db, s.id);
  yield items.map((i) => [
    t(lang, `recon.kind.${i.kind}`),
    t(lang, `recon.direction.${i.direction}`),
    i.line,
    i.stTime,
    i.stReference,
    i.stAmount,
    i.duplicateOf,
    i.orderNo,
    i.platformAmount,
    i.platformTime,
    i.userId,
    i.resolvedBy,
    i.resolvedAt,
    i.note,
  ]);
}
