import type { FastifyReply } from 'fastify';

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
 * with back-pressure. The reply is taken over (hijacked): route() then sends no envelope.
 */
export async function sendCsv(
  reply: FastifyReply,
  filename: string,
  header: string[],
  batches: AsyncIterable<unknown[][]>,
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
  try {
    await write(`\uFEFF${csvLine(header)}`);
    for await (const rows of batches) await write(rows.map(csvLine).join(''));
    res.end();
  } catch (e) {
    reply.request.log.warn({ err: e }, 'csv export cut short');
    res.destroy();
  }
}

/** The date part of a file name: 20260101. */
export const stamp = (d = new Date()) => d.toISOString().slice(0, 10).replaceAll('-', '');
