/**
 * The English names of the market's major indices (their Chinese names are the exchanges' own, kept in the data):
 * an en-US console shows these where an index is named; any other index keeps its name as entered.
 */
const EN_INDEX_NAMES: Record<string, string> = {
  sh000001: 'SSE Composite',
  sz399001: 'SZSE Component',
  sz399006: 'ChiNext',
  sh000688: 'STAR 50',
  bj899050: 'BSE 50',
  sh000300: 'CSI 300',
  sh000016: 'SSE 50',
  sh000905: 'CSI 500',
};

/** An index's name in the reader's language: `indexName('sh000001', '上证指数', 'en-US')` → `'SSE Composite'`. */
export const indexName = (gid: string, name: string, lang: string): string => (lang === 'en-US' ? (EN_INDEX_NAMES[gid] ?? name) : name);
