import { RECHARGE_STATUS_LABELS, WITHDRAW_STATUS_LABELS, type Lang } from '@stock-admin/contracts';

/** Status names come from the contracts' value enums; colours are the console's. */
export const labelOf = (labels: Record<number, { zh: string; en: string }>, code: number | null | undefined, lang: string): string => {
  if (code === null || code === undefined) return '-';
  const l = labels[code];
  return l ? ((lang as Lang) === 'en-US' ? l.en : l.zh) : String(code);
};

export const RECHARGE_COLORS: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'red', 3: 'default' };
export const WITHDRAW_COLORS: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'red', 3: 'default' };

/** A ProTable `valueEnum` of a status list (filter select and cell text). */
export function statusEnum(labels: Record<number, { zh: string; en: string }>, lang: string) {
  return Object.fromEntries(Object.keys(labels).map((k) => [k, { text: labelOf(labels, Number(k), lang) }]));
}

export const rechargeLabel = (code: number | null | undefined, lang: string) => labelOf(RECHARGE_STATUS_LABELS, code, lang);
export const withdrawLabel = (code: number | null | undefined, lang: string) => labelOf(WITHDRAW_STATUS_LABELS, code, lang);
