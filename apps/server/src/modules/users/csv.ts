import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext, Principal } from '../../http/context.js';
import { writeExportLog } from '../../http/oplog.js';

/** A text cell: quoted when needed, and defused when a spreadsheet would read it as a formula. */
export function csvText(v: string | null | undefined): string {
  if (v == null) return '';
  let s = String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
/** A number, amount or time cell (written as is). */
export const csvRaw = (v: string | number | boolean | null | undefined): string => (v == null ? '' : String(v));

/**
 * Streams a CSV file (UTF-8 with BOM, so spreadsheet programs read Chinese correctly). The first batch
 * is read before anything is sent, so an early failure still answers with the normal envelope. The
 * export is written to the operation log (module, filters, row count).
 */
export async function streamCsv(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  opts: { admin: Principal; module: string; filename: string; header: string[]; filters: unknown },
  batches: AsyncIterator<string[][]>,
): Promise<void> {
  let next = await batches.next();
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${opts.filename.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(opts.filename)}`,
    'cache-control': 'no-store',
    'x-request-id': String(req.id),
  });
  const write = (s: string) => (raw.write(s) ? Promise.resolve() : new Promise<void>((r) => raw.once('drain', () => r())));
  let count = 0;
  let ok = true;
  try {
    await write(`\uFEFF${opts.header.map(csvText).join(',')}\r\n`);
    while (!next.done) {
      count += next.value.length;
      await write(next.value.map((r) => r.join(',')).join('\r\n') + '\r\n');
      if (raw.destroyed) break;
      next = await batches.next();
    }
  } catch (err) {
    ok = false;
    req.log.error({ err }, 'CSV export failed midway');
  }
  await writeExportLog({ db: ctx.db, admin: opts.admin, module: opts.module, filters: opts.filters, req }, count, ok);
  raw.end();
}
