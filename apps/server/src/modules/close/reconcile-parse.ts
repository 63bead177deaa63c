import Decimal from 'decimal.js';
import { parse } from 'csv-parse/sync';
import { RECON_DAY_TOLERANCE_MINUTES, RECON_MAX_LINES, Status, zTime } from '@stock-admin/contracts';
import { assertCsvText, decodeCsv } from '../../http/csv.js';
import { AppError } from '../../http/errors.js';
import { dayStart } from './statement.js';

/** One line of a channel's statement. */
export interface StatementLine {
  /** as an editor numbers it: the header is line 1 */
  line: number;
  time: Date;
  reference: string;
  /** negative only for a reversal: a negative amount under a direction the file states */
  amount: Decimal;
  direction: 'in' | 'out';
}

// the columns by their header, in either language; a file without a recognised header is read in this order
const COLUMNS: Record<keyof Omit<StatementLine, 'line'>, RegExp> = {
  time: /^(time|交易时间|时间|日期时间)$/i,
  reference: /^(reference|ref|流水号|参考号|交易流水号|订单号)$/i,
  amount: /^(amount|金额|交易金额)$/i,
  direction: /^(direction|方向|收支|收支方向|借贷)$/i,
};
const DIRECTIONS: Record<string, 'in' | 'out'> = {
  in: 'in',
  credit: 'in',
  收: 'in',
  收入: 'in',
  入: 'in',
  入账: 'in',
  贷: 'in',
  out: 'out',
  debit: 'out',
  付: 'out',
  支: 'out',
  支出: 'out',
  出: 'out',
  出账: 'out',
  借: 'out',
};
const AMOUNT = /^\d{1,15}(\.\d{1,2})?$/;

const refuse = (row: number, field: 'time' | 'reference' | 'amount' | 'direction' | 'csv') =>
  new AppError(Status.INVALID, `recon.bad_${field}`, { row });

/**
 * Reads a channel's statement: control characters refuse the file naming their line (before anything is decoded),
 * then each line must hold a time, a reference, a non-zero amount and a direction — the first bad one refuses the
 * file naming its line and field. Blank lines are skipped.
 *
 * Signs are kept (issue 66): a file without a direction column says the direction by the sign (-800.00 is money
 * out); a file with one that writes a negative amount means a reversal of that direction, kept negative — it was
 * read as a receipt before, a bank's returned deposit counted as money in.
 */
export function parseStatement(data: Uint8Array): StatementLine[] {
  assertCsvText(data);
  const text = decodeCsv(data);
  let records: string[][];
  try {
    records = parse(text, { relax_column_count: true, skip_empty_lines: false, trim: true }) as string[][];
  } catch (e) {
    const line = (e as { lines?: number }).lines ?? 1;
    throw refuse(line, 'csv');
  }
  const header = records[0] ?? [];
  const at = Object.fromEntries(
    Object.entries(COLUMNS).map(([k, re], i) => {
      const found = header.findIndex((h) => re.test(h));
      return [k, found >= 0 ? found : i];
    }),
  ) as Record<keyof typeof COLUMNS, number>;
  const hasHeader = header.some((h) => Object.values(COLUMNS).some((re) => re.test(h)));
  const body = hasHeader ? records.slice(1) : records;
  const first = hasHeader ? 2 : 1;
  if (body.length > RECON_MAX_LINES) throw new AppError(Status.INVALID, 'recon.too_many_lines', { max: RECON_MAX_LINES });
  const out: StatementLine[] = [];
  body.forEach((cells, i) => {
    const line = first + i;
    if (cells.every((c) => c === '')) return;
    // local times are the platform's (Asia/Shanghai); banks write 2026/11/27 too
    const when = zTime().safeParse((cells[at.time] ?? '').replace(/\//g, '-'));
    if (!when.success) throw refuse(line, 'time');
    const time = new Date(when.data);
    const reference = (cells[at.reference] ?? '').slice(0, 64);
    if (!reference) throw refuse(line, 'reference');
    const raw = (cells[at.amount] ?? '').replace(/,/g, '');
    const negative = /^-/.test(raw);
    const size = raw.replace(/^[-+]/, '');
    if (!AMOUNT.test(size) || new Decimal(size).isZero()) throw refuse(line, 'amount');
    const word = (cells[at.direction] ?? '').toLowerCase();
    if (word === '') {
      out.push({ line, time, reference, amount: new Decimal(size), direction: negative ? 'out' : 'in' });
      return;
    }
    const direction = DIRECTIONS[word];
    if (!direction) throw refuse(line, 'direction');
    out.push({ line, time, reference, amount: negative ? new Decimal(size).neg() : new Decimal(size), direction });
  });
  if (!out.length) throw new AppError(Status.INVALID, 'recon.empty');
  return out;
}

/**
 * Every line's time inside the statement's day in Shanghai, give or take the bank's cut-off tolerance: a line outside
 * it (a file of another day, a month-old line) refuses the file naming the line — it was matched before, and a
 * wrong day's file could read as reconciled.
 */
export function assertLinesInDay(lines: StatementLine[], day: string): void {
  const slack = RECON_DAY_TOLERANCE_MINUTES * 60_000;
  const from = dayStart(day).getTime() - slack;
  const to = from + 24 * 3_600_000 + 2 * slack;
  const off = lines.find((l) => l.time.getTime() < from || l.time.getTime() >= to);
  if (off)
    throw new AppError(Status.INVALID, 'recon.bad_day', {
      row: off.line,
      day,
      minutes: RECON_DAY_TOLERANCE_MINUTES,
    });
}
