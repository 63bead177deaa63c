import type { FastifyReply } from 'fastify';
import { PLATFORM_TIME_ZONE } from '../lib/timezone.js';
import { writeExportLog, type ExportAudit } from './oplog.js';
import { AppError } from './errors.js';
import { Status } from '@stock-admin/contracts';

// A plain decimal number (ids, amounts as decimal strings, negative for debits): written as it is.
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV cell: quoted when needed, and never read by a spreadsheet as a formula (CSV injection): a text
 * starting with = + - @ or a control character gets a leading apostrophe, a plain number does not.
 */
export function csvCell(v: unknown): string {
  if (v == null) return '';
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  let s = v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v);
  if (/^[=+\-@\t\r]/.test(s) && !PLAIN_NUMBER.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

// the platform's day, as in its lists' date filters and daily totals, not the UTC one: an export made at
// 07:00 in Shanghai is named for that day
const FILE_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: PLATFORM_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The date part of a file name: 20260101. */
export const stamp = (d = new Date()) => FILE_DAY.format(d).replaceAll('-', '');

export interface CsvDownload {
  filename: string;
  header: string[];
  /** The export's operation-log row (filters, row count, whether it completed). */
  audit?: Omit<ExportAudit, 'req'>;
}

/**
 * Streams a CSV download (UTF-8 with BOM, so that spreadsheet programs read Chinese) from batches of
 * rows, with back-pressure. The first batch is read before anything is sent, so that a failure there
 * still answers with the envelope; then the reply is taken over (hijacked: route() sends no envelope).
 * A failure midway, or the client going away, cuts the download off: the client sees it incomplete,
 * never a short file that looks whole. The operation-log row is written before the download ends.
 */
export async function sendCsv(reply: FastifyReply, file: CsvDownload, batches: AsyncIterable<unknown[][]>): Promise<void> {
  const rows = batches[Symbol.asyncIterator]();
  let next = await rows.next();
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/csv; charset=utf-8',
    // an ASCII name for old clients, the real one (Chinese, say) for the others (RFC 6266)
    'content-disposition': `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
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
  let ok = true;
  try {
    await write(`\uFEFF${csvLine(file.header)}`);
    while (!next.done) {
      await write(next.value.map(csvLine).join(''));
      count += next.value.length;
      next = await rows.next();
    }
  } catch (err) {
    ok = false;
    reply.request.log.warn({ err }, 'CSV export cut short');
    await rows.return?.().catch(() => undefined);
  }
  if (file.audit) await writeExportLog({ ...file.audit, req: reply.request }, count, ok);
  if (ok) res.end();
  else res.destroy();
}

// C0 controls but tab, line feed and carriage return, and DEL: no CSV cell a person writes holds one, and
// PostgreSQL cannot store NUL at all (issue 36: a NUL in an upload reached the database and answered 500)
// eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * Every uploaded CSV file passes here before it is parsed: a line holding a control character refuses the
 * whole file (status 2), naming that line as an editor numbers it (the header is line 1).
 */
export function assertCsvText(data: Uint8Array): void {
  const text = Buffer.from(data).toString('utf8');
  if (!CONTROL.test(text)) return;
  const lines = text.split(/\r\n|\n|\r/);
  const row = lines.findIndex((l) => CONTROL.test(l)) + 1;
  throw new AppError(Status.INVALID, 'csv_control_char', { row });
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });
const GBK = new TextDecoder('gbk');

/** An uploaded CSV's text: UTF-8 (with or without BOM) when it decodes as such, else GBK (what Chinese banks and exchanges export). */
export function decodeCsv(data: Uint8Array): string {
  try {
    return UTF8.decode(data).replace(/^\uFEFF/, '');
  } catch {
    return GBK.decode(data);
  }
}
