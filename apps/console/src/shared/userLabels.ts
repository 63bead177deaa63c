import { ACCOUNT_TYPE_LABELS, FUND_TYPE_INFO, FUND_TYPES, REAL_STATE_LABELS, type FundType } from '@stock-admin/contracts';

/** Labels come from the contracts' value enums (both languages); colours are the console's. */
const pick = (l: { zh: string; en: string } | undefined, lang: string, fallback: string) =>
  l ? (lang === 'en-US' ? l.en : l.zh) : fallback;

export const realStateLabel = (v: number | null | undefined, lang: string) =>
  v == null ? '-' : pick(REAL_STATE_LABELS[v], lang, String(v));
export const accountTypeLabel = (v: number | null | undefined, lang: string) =>
  v == null ? '-' : pick(ACCOUNT_TYPE_LABELS[v], lang, String(v));
export const fundTypeLabel = (v: string, lang: string) => pick(FUND_TYPE_INFO[v as FundType], lang, v);

export const REAL_STATE_COLORS: Record<number, string> = { 0: 'default', 1: 'orange', 2: 'green', 3: 'red' };
export const ACCOUNT_TYPE_COLORS: Record<number, string> = { 0: 'blue', 1: 'purple' };

/** A ProTable `valueEnum` (filter select and cell text) of a label table. */
export function valueEnumOf(labels: Record<number, { zh: string; en: string }>, lang: string) {
  return Object.fromEntries(Object.keys(labels).map((k) => [k, { text: pick(labels[Number(k)], lang, k) }]));
}

export const realStateEnum = (lang: string) => valueEnumOf(REAL_STATE_LABELS, lang);
export const accountTypeEnum = (lang: string) => valueEnumOf(ACCOUNT_TYPE_LABELS, lang);

/** Every fund type as select options, in the contracts' order, optionally only some. */
export const fundTypeOptions = (lang: string, only?: readonly FundType[]) =>
  (only ?? FUND_TYPES).map((k) => ({ value: k, label: fundTypeLabel(k, lang) }));
