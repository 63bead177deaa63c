import { saveBlob, saveCsvText } from '../lib/download';
import { toCsv } from './csv';
import type { Cell, Row, SheetData } from 'write-excel-file/universal';

/**
 * A report made in the page, saved as CSV or as an Excel workbook from the same rows. An amount is a cell of its own
 * kind: its decimal string in the CSV, a number with two decimals (and thousands separators) in the workbook, so that
 * a finance team can sum it there; the string is the server's, exact to the cent.
 */
export interface AmountCell {
  amount: string;
}
export type SheetCell = string | number | null | undefined | AmountCell;
export type SheetRow = readonly SheetCell[];
export interface Sheet {
  /** the workbook's sheet name and the file's base name */
  name: string;
  /** lines above the table: title, status, as of */
  title: readonly string[];
  rows: readonly SheetRow[];
}

/** An amount cell; a figure the statement does not hold (an older statement's) is an empty cell. */
export const amount = (v: string | undefined): AmountCell | null => (v === undefined ? null : { amount: v });
const isAmount = (c: SheetCell): c is AmountCell => typeof c === 'object' && c !== null;

export function sheetCsvText(s: Sheet): string {
  return toCsv(
    s.title,
    s.rows.map((r) => r.map((c) => (isAmount(c) ? c.amount : c))),
  );
}

export const saveSheetCsv = (s: Sheet): void => saveCsvText(`${s.name}.csv`, sheetCsvText(s));

/** The workbook as a Blob; the writer (and its zip) loads only when a workbook is asked for. */
export async function sheetXlsxBlob(s: Sheet): Promise<Blob> {
  const { default: writeXlsx } = await import('write-excel-file/universal');
  const cell = (c: SheetCell): Cell =>
    c == null || c === '' ? null : isAmount(c) ? { value: Number(c.amount), type: Number, format: '#,##0.00' } : c;
  const data: SheetData = [
    ...s.title.map((line, i): Row => [{ value: line, fontWeight: i === 0 ? 'bold' : undefined }]),
    [],
    ...s.rows.map((r) => r.map(cell)),
  ];
  // sheet names: at most 31 characters, none of : \ / ? * [ ]
  return writeXlsx(data, { sheet: s.name.replace(/[:\\/?*[\]]/g, '-').slice(0, 31) }).toBlob();
}

export async function saveSheetXlsx(s: Sheet): Promise<void> {
  saveBlob(`${s.name}.xlsx`, await sheetXlsxBlob(s));
}
