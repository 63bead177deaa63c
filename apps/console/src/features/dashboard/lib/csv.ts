/** A CSV cell: quoted when it holds a comma, a quote or a line break (RFC 4180). */
const cell = (v: unknown) => {
  const s = v == null ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** Rows as CSV text with a BOM, so that Excel reads the Chinese headers as UTF-8. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return `\uFEFF${[header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Offers a CSV text as a file download. */
export function saveCsv(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
