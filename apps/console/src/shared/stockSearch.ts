/**
 * What the operator typed in the stock picker → the stock list's filter (contracts `stockFilters`):
 * digits (optionally after sh / sz / bj) search the code from its start, Latin letters the pinyin
 * initials (`gzmt` → 贵州茅台), anything else the name.
 */
export function stockSearchOf(text: string): { code?: string; name?: string; pinyin?: string } {
  const s = text.trim();
  if (!s) return {};
  const code = /^(?:sh|sz|bj)?(\d{1,6})$/i.exec(s);
  if (code) return { code: code[1] };
  if (/^[a-z*]+$/i.test(s)) return { pinyin: s.replace(/\*/g, '').toUpperCase().slice(0, 20) };
  return { name: s.slice(0, 50) };
}
