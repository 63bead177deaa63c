import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import {
  MARKETS,
  STOCK_IMPORT_MAX_ROWS,
  productRate,
  stockBoardOf,
  stockMarketOf,
  type Lang,
  type StockImportData,
  type StockMarket,
} from '@stock-admin/contracts';
import { rows as resultRows } from '../../db/rows.js';
import type { Db } from '../../db/client.js';
import { stocks } from './tables.js';
import { fail } from '../../http/errors.js';
import { t } from '../../app/i18n.js';
import { stockFacts } from './stocks.js';
import { assertCsvText } from '../../http/csv.js';
import './messages.js';

/** One checked line of the file: what it will write, or why it cannot. */
interface Checked {
  row: number;
  code: string;
  problem?: { field: string; reason: string; params?: Record<string, string | number> };
  value?: { market: StockMarket; code: string; name: string; spreadRate?: string; shown?: boolean };
}

const BOOL: Record<string, boolean> = { true: true, false: false, '1': true, '0': false, 是: true, 否: false, yes: true, no: false };

/** Reads the CSV (UTF-8, BOM allowed); a file that is not CSV, or lacks the header, is refused whole. */
function readRecords(data: Uint8Array): Record<string, string>[] {
  assertCsvText(data);
  let lines: string[][];
  try {
    lines = parse(Buffer.from(data), { bom: true, skip_empty_lines: true, trim: true, relax_column_count: true }) as string[][];
  } catch (e) {
    throw fail('stock.import_bad_file', { detail: (e as Error).message.slice(0, 200) });
  }
  const header = (lines[0] ?? []).map((c) => c.trim());
  if (!['code', 'name', 'market'].every((c) => header.includes(c))) throw fail('stock.import_no_header');
  if (lines.length < 2) throw fail('stock.import_empty');
  if (lines.length - 1 > STOCK_IMPORT_MAX_ROWS) throw fail('stock.import_too_many', { max: STOCK_IMPORT_MAX_ROWS });
  return lines.slice(1).map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ''])));
}

function checkLine(rec: Record<string, string>, row: number, seen: Map<string, number>): Checked {
  const code = rec.code ?? '';
  const bad = (field: string, reason: string, params?: Record<string, string | number>): Checked => ({
    row,
    code,
    problem: { field, reason, params },
  });
  const name = rec.name ?? '';
  if (!code) return bad('code', 'reason.required');
  if (!name) return bad('name', 'reason.required');
  if (name.length > 50) return bad('name', 'reason.too_big', { max: 50 });
  const market = (rec.market || stockMarketOf(code) || '') as StockMarket;
  if (!(MARKETS as readonly string[]).includes(market)) return bad('market', 'reason.invalid_market');
  const board = stockBoardOf(market, code);
  if ('problem' in board) return bad('code', `reason.${board.problem}`);
  let spreadRate: string | undefined;
  if (rec.spreadRate) {
    const r = productRate.safeParse(rec.spreadRate);
    if (!r.success) return bad('spreadRate', 'reason.invalid_rate');
    spreadRate = r.data;
  }
  let shown: boolean | undefined;
  if (rec.shown) {
    shown = BOOL[rec.shown.toLowerCase()];
    if (shown === undefined) return bad('shown', 'reason.invalid_bool');
  }
  const key = `${market}${code}`;
  const first = seen.get(key);
  if (first !== undefined) return bad('code', 'reason.duplicate_in_file', { row: first });
  seen.set(key, row);
  return { row, code, value: { market, code, name, spreadRate, shown } };
}

/**
 * Imports stocks from a CSV: every line is checked first; when any line fails nothing is written and the
 * report says which and why; otherwise all lines are added or updated (same market and code: name,
 * spread rate and shown are replaced) in one transaction.
 */
export async function importStocks(db: Db, data: Uint8Array, lang: Lang): Promise<StockImportData> {
  const records = readRecords(data);
  const seen = new Map<string, number>();
  // line 1 is the header
  const checked = records.map((rec, i) => checkLine(rec, i + 2, seen));
  const failed = checked.filter((c) => c.problem);
  const reasonText = (c: Checked) => {
    const p = c.problem!;
    return `${p.field} ${t(lang, p.reason, p.params)}`;
  };
  if (failed.length) {
    return {
      applied: false,
      added: 0,
      updated: 0,
      failed: failed.length,
      rows: checked.map((c) => ({
        row: c.row,
        code: c.code,
        result: c.problem ? 'failed' : 'skipped',
        reason: c.problem ? reasonText(c) : null,
      })),
    };
  }
  return db.transaction(async (tx) => {
    const report: StockImportData['rows'] = [];
    let added = 0;
    let updated = 0;
    for (const c of checked) {
      const v = c.value!;
      const facts = stockFacts(v.market, v.code, v.name);
      const [r] = resultRows<{ inserted: boolean }>(
        await tx.execute(sql`
          INSERT INTO ${stocks} (code, name, market, gid, board, pinyin, st, spread_rate, shown)
          VALUES (${facts.code}, ${v.name}, ${facts.market}, ${facts.gid}, ${facts.board}, ${facts.pinyin}, ${facts.st},
                  ${v.spreadRate ?? '0'}, ${v.shown ?? true})
          ON CONFLICT (gid) DO UPDATE SET name = EXCLUDED.name, pinyin = EXCLUDED.pinyin, st = EXCLUDED.st,
            spread_rate = ${v.spreadRate === undefined ? sql`${stocks}.spread_rate` : sql`EXCLUDED.spread_rate`},
            shown = ${v.shown === undefined ? sql`${stocks}.shown` : sql`EXCLUDED.shown`}, updated_at = now()
          RETURNING (xmax = 0) AS inserted`),
      );
      if (r?.inserted) added++;
      else updated++;
      report.push({ row: c.row, code: c.code, result: r?.inserted ? 'added' : 'updated', reason: null });
    }
    return { applied: true, added, updated, failed: 0, rows: report };
  });
}
