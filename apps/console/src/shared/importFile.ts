import { STOCK_CSV_COLUMNS, type StockImportData } from '@stock-admin/contracts';
import { RequestError } from '../lib/request';

/**
 * The stock CSV import (contracts `stockImport`): the file checks made before uploading, the template
 * offered for download, and the report the server answers — in `data` of a success, or of the status-1
 * refusal when any line failed (then nothing was written).
 */

/** The server's multipart limit per file (apps/server http/body.ts MAX_UPLOAD_BYTES). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export type FileProblem = 'notCsv' | 'tooBig' | 'empty';

export function importFileProblem(file: Pick<File, 'name' | 'size'>): FileProblem | null {
  if (!/\.csv$/i.test(file.name)) return 'notCsv';
  if (file.size === 0) return 'empty';
  return file.size > IMPORT_MAX_BYTES ? 'tooBig' : null;
}

/** A template with the header (code,name,market,spreadRate,shown) and two example lines, UTF-8 with BOM. */
export const IMPORT_TEMPLATE = `\uFEFF${STOCK_CSV_COLUMNS.join(',')}\n600519,贵州茅台,sh,0.001,true\n300750,宁德时代,sz,,\n`;

/** The report of an import the server refused line by line (status 1 with the report in `data`), else null. */
export function refusedReport(err: unknown): StockImportData | null {
  if (!(err instanceof RequestError) || err.kind !== 'status') return null;
  // the server answers in the shape of its contract (checked there): a refusal of another kind has no report. A plain
  // check, not the schema: products.ts's schemas (and zod) would otherwise come with every page that shows quotes
  const d = err.data as Partial<StockImportData> | null | undefined;
  return d && typeof d.applied === 'boolean' && Array.isArray(d.rows) ? (d as StockImportData) : null;
}

/** The rows the report table shows: every row of an applied import; the failed ones of a refused one unless `all`. */
export function reportRows(report: StockImportData, all: boolean): StockImportData['rows'] {
  return report.applied || all ? report.rows : report.rows.filter((r) => r.result === 'failed');
}
