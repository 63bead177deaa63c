import { describe, expect, it } from 'vitest';
import { STOCK_CSV_COLUMNS, type StockImportData } from '@stock-admin/contracts';
import { RequestError } from '../../src/lib/request';
import { importFileProblem, refusedReport, reportRows } from '../../src/shared/importFile';
import { IMPORT_TEMPLATE } from '../../src/features/products/components/ImportModal';

const report: StockImportData = {
  applied: false,
  added: 0,
  updated: 0,
  failed: 1,
  rows: [
    { row: 2, code: '600519', result: 'skipped', reason: null },
    { row: 3, code: '12345', result: 'failed', reason: 'code 须为 6 位数字的 A 股代码' },
  ],
};

describe('CSV import', () => {
  it('checks the file before uploading', () => {
    expect(importFileProblem({ name: 'stocks.CSV', size: 10 })).toBeNull();
    expect(importFileProblem({ name: 'stocks.xlsx', size: 10 })).toBe('notCsv');
    expect(importFileProblem({ name: 'a.csv', size: 0 })).toBe('empty');
    expect(importFileProblem({ name: 'a.csv', size: 5 * 1024 * 1024 + 1 })).toBe('tooBig');
  });

  it('offers a template whose header is the contract columns', () => {
    expect(IMPORT_TEMPLATE.replace(/^\uFEFF/, '').split('\n')[0]).toBe(STOCK_CSV_COLUMNS.join(','));
  });

  it('reads the report of a refusal (status 1 with the report in data)', () => {
    expect(refusedReport<StockImportData>(new RequestError('status', '导入未执行', 1, report))).toEqual(report);
    expect(refusedReport(new RequestError('status', '文件第一行须为表头', 1, null))).toBeNull();
    expect(refusedReport(new RequestError('network', 'x'))).toBeNull();
  });

  it('shows the failed rows of a refused import, every row on request or when applied', () => {
    expect(reportRows(report, true).map((r) => r.row)).toEqual([3]);
    expect(reportRows(report, false).map((r) => r.row)).toEqual([2, 3]);
    expect(reportRows({ ...report, applied: true }, true)).toHaveLength(2);
  });
});
