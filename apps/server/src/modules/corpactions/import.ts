import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CORP_IMPORT_MAX_ROWS,
  corpActionTerms,
  type corpActionBatchInput,
  type CorpImportReport,
  type CorpImportRow,
} from '@stock-admin/contracts/corpactions';
import type { Lang } from '@stock-admin/contracts';
import type { AppContext } from '../../app/context.js';
import { t } from '../../app/i18n.js';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { assertCsvText, decodeCsv } from '../../http/csv.js';
import { AppError, fail } from '../../http/errors.js';
import { datesProblem, existingOn, insertActions, termsProblem, type StockRef } from './service.js';

/**
 * Importing actions from an announcement file (issue 62): CSV (UTF-8 or GBK) or XLSX, one action per row in the
 * exchange's layout — 代码, 登记日, 除权除息日, 派息 (元/10股, before tax), 送股 and 转增 (股/10股), and optionally 派息日
 * and 拆股 (shares per old share). `checkImport` reads a file and answers each row with what it would enter or
 * why not, writing nothing; `addBatch` enters a checked file's rows together under dual control, checked again.
 */

type Column = 'code' | 'recordDate' | 'exDate' | 'payDate' | 'cash' | 'bonus' | 'transfer' | 'split';
const HEADERS: Record<Column, RegExp> = {
  code: /^(代码|股票代码|证券代码|code)$/i,
  recordDate: /^(登记日|股权登记日|record ?date)$/i,
  exDate: /^(除权除息日|除权日|除息日|ex ?date)$/i,
  payDate: /^(派息日|红利发放日|pay ?date)$/i,
  cash: /^(派息|派息\(元\/10股\)|每10股派息|cash|cash per 10)$/i,
  bonus: /^(送股|每10股送股|bonus|bonus per 10)$/i,
  transfer: /^(转增|每10股转增|transfer|transfer per 10)$/i,
  split: /^(拆股|拆股比例|split|split ratio)$/i,
};
const REQUIRED: Column[] = ['code', 'recordDate', 'exDate', 'cash', 'bonus', 'transfer'];

type Cell = string | number | boolean | Date | null | undefined;

/** A cell as text: an XLSX date is its calendar day, numbers are kept as written (never a float). */
function text(c: Cell): string {
  if (c == null) return '';
  if (c instanceof Date) return c.toISOString().slice(0, 10);
  return String(c).trim();
}

/** 2026-12-10, 2026/12/10 or 20261210 → 2026-12-10 (a real calendar day), else null. */
function day(v: string): string | null {
  const m = /^(\d{4})[-/.]?(\d{1,2})[-/.]?(\d{1,2})$/.exec(v);
  if (!m) return null;
  const d = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  const parsed = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === d ? d : null;
}

/** The sheet's rows as text: the first sheet of an XLSX, or the CSV. */
async function sheetOf(file: { filename: string; data: Uint8Array }): Promise<string[][]> {
  const name = file.filename.toLowerCase();
  const zip = file.data[0] === 0x50 && file.data[1] === 0x4b;
  if (name.endsWith('.xlsx') || zip) {
    try {
      const data = await readSheet(Buffer.from(file.data), { parseNumber: (s: string) => s });
      return (data as Cell[][]).map((r) => r.map(text));
    } catch (e) {
      throw fail('corpaction.import_unreadable', { reason: e instanceof Error ? e.message.slice(0, 120) : 'xlsx' });
    }
  }
  if (!name.endsWith('.csv') && !name.endsWith('.txt')) throw fail('corpaction.import_format');
  assertCsvText(file.data);
  try {
    return parse(decodeCsv(file.data), { relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch (e) {
    throw fail('corpaction.import_unreadable', { reason: e instanceof Error ? e.message.slice(0, 120) : 'csv' });
  }
}

async function stocksByCode(db: Db, codes: string[]): Promise<Map<string, StockRef>> {
  const wanted = [...new Set(codes.filter(Boolean))];
  if (!wanted.length) return new Map();
  const list = rows<StockRef>(
    await db.execute(sql`
      SELECT id, gid, code, name FROM stocks
      WHERE code = ANY(${`{${wanted.map((c) => `"${c.replace(/["\\]/g, '')}"`).join(',')}}`}::text[])
         OR gid = ANY(${`{${wanted.map((c) => `"${c.toLowerCase().replace(/["\\]/g, '')}"`).join(',')}}`}::text[])`),
  );
  const out = new Map<string, StockRef>();
  for (const s of list) {
    out.set(s.gid, s);
    // a bare code names its stock only where one market has it
    out.set(s.code, out.has(s.code) && out.get(s.code)!.id !== s.id ? (null as unknown as StockRef) : s);
  }
  return out;
}

interface RowIn {
  line: number;
  code: string;
  recordDate: string;
  exDate: string;
  payDate: string;
  cash: string;
  bonus: string;
  transfer: string;
  split: string;
}

/** Every row's problems, in the reader's language (field: the column's key), and what it would enter. */
async function judge(ctx: AppContext, lang: Lang, input: RowIn[]) {
  const stocks = await stocksByCode(
    ctx.db,
    input.map((r) => r.code.toLowerCase()),
  );
  const seen = new Map<string, number>();
  const out: (CorpImportRow & { stock: StockRef | null; terms: z.output<typeof corpActionTerms> | null })[] = [];
  for (const r of input) {
    const errors: { field: string; message: string }[] = [];
    const err = (field: string, key: string, params?: Record<string, string | number>) =>
      errors.push({ field, message: t(lang, key, params) });
    const stock = stocks.get(r.code.toLowerCase()) ?? null;
    if (!stock) err('code', 'corpaction.code_not_found', { code: r.code || '—' });
    const recordDate = day(r.recordDate);
    const exDate = day(r.exDate);
    const payDate = r.payDate ? day(r.payDate) : null;
    if (!recordDate) err('recordDate', 'corpaction.invalid_day');
    if (!exDate) err('exDate', 'corpaction.invalid_day');
    if (r.payDate && !payDate) err('payDate', 'corpaction.invalid_day');
    // 派息 is per 10 shares in the file: per share is a tenth of it
    const cashPerShare = r.cash && /^\d{1,9}(\.\d{1,5})?$/.test(r.cash) ? tenth(r.cash) : r.cash;
    const parsed = corpActionTerms.safeParse({
      cashPerShare: zeroIsNone(cashPerShare),
      bonusPer10: zeroIsNone(r.bonus),
      transferPer10: zeroIsNone(r.transfer),
      splitRatio: zeroIsNone(r.split),
    });
    let terms: z.output<typeof corpActionTerms> | null = null;
    if (!parsed.success) {
      const columns: Record<string, string> = { cashPerShare: 'cash', bonusPer10: 'bonus', transferPer10: 'transfer', splitRatio: 'split' };
      for (const i of parsed.error.issues) err(columns[String(i.path[0])] ?? 'cash', 'corpaction.invalid_number', { places: 4 });
    } else {
      terms = parsed.data;
      const p = termsProblem(terms);
      if (p) err(p[0] === 'splitRatio' ? 'split' : 'cash', p[1]);
    }
    if (recordDate && exDate) {
      const d = datesProblem(ctx, { recordDate, exDate, payDate });
      if (d) err(d[0], d[1], d[2]);
    }
    if (stock && exDate) {
      const key = `${stock.id}:${exDate}`;
      if (seen.has(key)) err('exDate', 'corpaction.repeated_in_file', { line: seen.get(key)! });
      else seen.set(key, r.line);
      const there = await existingOn(ctx.db, stock.id, exDate);
      if (there) err('exDate', 'corpaction.duplicate', { code: stock.gid, day: exDate, id: there.id, plan: there.plan });
    }
    out.push({
      line: r.line,
      code: stock?.gid ?? r.code,
      stockName: stock?.name ?? null,
      recordDate: recordDate ?? r.recordDate,
      exDate: exDate ?? r.exDate,
      payDate: payDate ?? (r.payDate || null),
      cashPerShare: terms?.cashPerShare ?? null,
      bonusPer10: terms?.bonusPer10 ?? null,
      transferPer10: terms?.transferPer10 ?? null,
      splitRatio: terms?.splitRatio ?? null,
      errors,
      stock,
      terms,
    });
  }
  return out;
}

const zeroIsNone = (v: string) => (v === '' || /^0+(\.0+)?$/.test(v) ? undefined : v);
/** A tenth of a decimal text, exactly (派 5 元 per 10 shares is 0.5 per share). */
function tenth(v: string): string {
  const [i = '0', f = ''] = v.split('.');
  const digits = `${i.padStart(2, '0')}${f}`;
  const whole = digits.slice(0, -1 - f.length) || '0';
  const frac = digits.slice(-1 - f.length).replace(/0+$/, '');
  return frac ? `${Number(whole)}.${frac}` : String(Number(whole));
}

export async function checkImport(
  ctx: AppContext,
  file: { filename: string; data: Uint8Array },
  lang: Lang = 'zh-CN',
): Promise<CorpImportReport> {
  const sheet = await sheetOf(file);
  const [header, ...body] = sheet;
  if (!header || !body.length) throw fail('corpaction.import_empty');
  if (body.length > CORP_IMPORT_MAX_ROWS) throw fail('corpaction.import_too_many', { max: CORP_IMPORT_MAX_ROWS });
  const at = {} as Record<Column, number>;
  header.forEach((h, i) => {
    const k = (Object.keys(HEADERS) as Column[]).find((c) => HEADERS[c].test(h.trim()));
    if (k && at[k] === undefined) at[k] = i;
  });
  const missing = REQUIRED.filter((c) => at[c] === undefined);
  if (missing.length) throw new AppError(2, 'corpaction.import_header', { columns: missing.join(', ') });
  const cell = (r: string[], c: Column) => (at[c] === undefined ? '' : (r[at[c]] ?? '').trim());
  const input: RowIn[] = body.map((r, i) => ({
    line: i + 2,
    code: cell(r, 'code'),
    recordDate: cell(r, 'recordDate'),
    exDate: cell(r, 'exDate'),
    payDate: cell(r, 'payDate'),
    cash: cell(r, 'cash'),
    bonus: cell(r, 'bonus'),
    transfer: cell(r, 'transfer'),
    split: cell(r, 'split'),
  }));
  const judged = await judge(ctx, lang, input);
  const list = judged.map(({ stock: _s, terms: _t, ...row }) => row);
  const invalid = list.filter((r) => r.errors.length).length;
  return { fileName: file.filename, rows: list, valid: list.length - invalid, invalid };
}

/** A checked file's rows judged again (an API client may send any): the first refused row refuses them all, by line. */
export async function judgeBatch(ctx: AppContext, input: z.output<typeof corpActionBatchInput>, lang: Lang) {
  const judged = await judge(
    ctx,
    lang,
    input.rows.map((r, i) => ({
      line: i + 2,
      code: r.code,
      recordDate: r.recordDate,
      exDate: r.exDate,
      payDate: r.payDate ?? '',
      // the rows carry per-share cash: judged as a file's (per 10) after scaling back
      cash: r.cashPerShare ? times10(r.cashPerShare) : '',
      bonus: r.bonusPer10 ?? '',
      transfer: r.transferPer10 ?? '',
      split: r.splitRatio ?? '',
    })),
  );
  const bad = judged.find((r) => r.errors.length);
  if (bad) throw fail('corpaction.batch_row', { line: bad.line, message: bad.errors.map((e) => e.message).join('; ') });
  return judged;
}

/** A checked file's rows entered together: any row refused refuses them all, naming it. */
export async function addBatch(ctx: AppContext, adminId: number, input: z.output<typeof corpActionBatchInput>, lang: Lang = 'zh-CN') {
  const judged = await judgeBatch(ctx, input, lang);
  const ids = await ctx.db.transaction((tx) =>
    insertActions(
      tx as unknown as Db,
      adminId,
      judged.map((r) => ({
        stock: r.stock!,
        input: { ...r.terms!, recordDate: r.recordDate, exDate: r.exDate, payDate: r.payDate },
      })),
      { kind: 'imported', fileName: input.fileName },
    ),
  );
  ctx.market?.symbolsChanged();
  return ids;
}

function times10(v: string): string {
  const [i = '0', f = ''] = v.split('.');
  const moved = `${i}${f.slice(0, 1).padEnd(1, '0')}`;
  const rest = f.slice(1);
  return rest ? `${Number(moved)}.${rest}` : String(Number(moved));
}
