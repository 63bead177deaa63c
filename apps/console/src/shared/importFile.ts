import { RequestError } from '../lib/request';

/**
 * The CSV imports (stocks, new-share allotments): the file checks made before uploading and the report the server
 * answers — in `data` of a success, or of the status-1 refusal when any line failed (then nothing was written).
 */

/** The server's multipart limit per file (apps/server http/body.ts MAX_UPLOAD_BYTES). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export type FileProblem = 'notCsv' | 'tooBig' | 'empty';

export function importFileProblem(file: Pick<File, 'name' | 'size'>): FileProblem | null {
  if (!/\.csv$/i.test(file.name)) return 'notCsv';
  if (file.size === 0) return 'empty';
  return file.size > IMPORT_MAX_BYTES ? 'tooBig' : null;
}

/** What every import's report has: written or not, and a result per line. */
export interface ImportReport {
  applied: boolean;
  rows: { result: string }[];
}

/** The report of an import the server refused line by line (status 1 with the report in `data`), else null. */
export function refusedReport<R extends ImportReport>(err: unknown): R | null {
  if (!(err instanceof RequestError) || err.kind !== 'status') return null;
  // the server answers in the shape of its contract (checked there): a refusal of another kind has no report. A plain
  // check, not the schema: the contracts' schemas (and zod) would otherwise come with every page that imports
  const d = err.data as Partial<ImportReport> | null | undefined;
  return d && typeof d.applied === 'boolean' && Array.isArray(d.rows) ? (d as R) : null;
}

/** The lines the report table shows: every line of an applied import; of a refused one the failed, unless asked for all. */
export function reportRows<R extends ImportReport>(report: R, onlyFailed: boolean): R['rows'] {
  return report.applied || !onlyFailed ? report.rows : report.rows.filter((r) => r.result === 'failed');
}
