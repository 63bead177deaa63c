import type { FastifyReply } from 'fastify';
import { writeExportLog, type ExportAudit } from '../../http/oplog.js';

/** One CSV cell: quoted when needed, and never starting like a spreadsheet formula (CSV injection). */
export function csvCell(v: unknown): string {
  if (v == null) return '';
  let s = v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * Streams a CSV download (UTF-8 with BOM so that spreadsheet programs read Chinese) from batches,
 * with back-pressure. The reply is taken over (hijacked): route() then sends no envelope. With
 * `audit`, the export goes to the operation log (filters, row count) before the download ends.
 */
export async function sendCsv(
  reply: FastifyReply,
  filename: string,
  header: string[],
  batches: AsyncIterable<unknown[][]>,
  audit?: Omit<ExportAudit, 'req'>,
): Promise<void> {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'x-request-id': String(reply.request.id),
  });
  const write = (chunk: string) =>
    new Promise<void>((resolve, reject) => {
      if (res.destroyed) return reject(new Error('client went away'));
      if (res.write(chunk)) resolve();
      else res.once('drain', resolve);
    });
  let count = 0;
  try {
    await write(`\uFEFF${csvLine(header)}`);
    for await (const rows of batches) {
      await write(rows.map(csvLine).join(''));
      count += rows.length;
    }
  } catch (e) {
    reply.request.log.warn({ err: e }, 'csv export cut short');
    if (audit) await writeExportLog({ ...audit, req: reply.request }, count, false);
    res.destroy();
    return;
  }
  if (audit) await writeExportLog({ ...audit, req: reply.request }, count, true);
  res.end();
}

/** The date part of a file name: 20260101. */
export const stamp = (d = new Date()) => d.toISOString().slice(0, 10).replaceAll('-', '');
