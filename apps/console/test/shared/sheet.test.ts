import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { amount, sheetCsvText, sheetXlsxBlob, type Sheet } from '../../src/shared/sheet';

/**
 * A report saved as CSV and as an Excel workbook from the same rows (issue 50): amounts exact in the CSV, numbers with
 * two decimals in the workbook, Chinese text intact in both.
 */
const sheet: Sheet = {
  name: 'daily-close-2026-11-27',
  title: ['2026-11-27 日结单', '已日结'],
  rows: [
    ['账户', '期初', '期末'],
    ['用户资金（真实账户）', amount('12345678.90'), amount('-0.01')],
    ['充值, 线上', 3, amount('1000.00')],
    [],
    ['older statement', amount(undefined)],
  ],
};

describe('sheet', () => {
  it('CSV: a BOM, the title, amounts as the exact decimal strings, cells with a comma quoted', () => {
    const text = sheetCsvText(sheet);
    expect(text.startsWith('\uFEFF2026-11-27 日结单,已日结\r\n')).toBe(true);
    expect(text).toContain('用户资金（真实账户）,12345678.90,-0.01\r\n');
    expect(text).toContain('"充值, 线上",3,1000.00\r\n');
    expect(text).toContain('older statement,\r\n');
  });

  it('XLSX: a real workbook whose sheet holds the text and the amounts as numbers formatted with two decimals', async () => {
    const blob = await sheetXlsxBlob(sheet);
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']));
    const xml = strFromU8(files['xl/worksheets/sheet1.xml']!);
    const strings = strFromU8(files['xl/sharedStrings.xml'] ?? new Uint8Array()) + xml;
    expect(strings).toContain('用户资金（真实账户）');
    expect(strings).toContain('2026-11-27 日结单');
    // the title's two lines, a blank row, then the table from row 4; numbers, not text (no t="s"), styled
    expect(xml).toMatch(/<c r="B5" s="\d+"><v>12345678\.9<\/v><\/c>/);
    expect(xml).toMatch(/<c r="C5" s="\d+"><v>-0\.01<\/v><\/c>/);
    expect(xml).toMatch(/<c r="B6"><v>3<\/v><\/c>/);
    expect(xml).toMatch(/<c r="C6" s="\d+"><v>1000<\/v><\/c>/);
    expect(strFromU8(files['xl/styles.xml']!)).toContain('#,##0.00');
    expect(strFromU8(files['xl/workbook.xml']!)).toContain('name="daily-close-2026-11-27"');
  });
});
