import type { SpreadRuleItem, SpreadRuleType } from '@stock-admin/contracts';
import { formatYuan } from '../../../shared/money';

/**
 * Spread rules (contracts `spreadRuleFields`): a band [start, end) of the order's change % (signed),
 * amount (¥) or price (¥), or a code prefix; the rate is a % of the order's amount. The form keeps only
 * the fields of the chosen type.
 */
export interface SpreadForm {
  type: SpreadRuleType;
  start?: string | null;
  end?: string | null;
  prefix?: string | null;
  ratePct?: string | null;
  enabled: boolean;
  note?: string | null;
}

export const isBand = (type: SpreadRuleType | undefined) => type !== 'code_prefix';

export const NEW_RULE: SpreadForm = { type: 'change_pct', enabled: true };

export function ruleToForm(r: SpreadRuleItem): SpreadForm {
  return { type: r.type, start: r.start, end: r.end, prefix: r.prefix, ratePct: r.ratePct, enabled: r.enabled, note: r.note };
}

const given = (v: string | null | undefined) => (v == null || String(v).trim() === '' ? undefined : String(v).trim());

/** The add / update payload: the band or the prefix, whichever the type uses. */
export function formToInput(v: SpreadForm) {
  const band = isBand(v.type);
  return {
    type: v.type,
    start: band ? given(v.start) : undefined,
    end: band ? given(v.end) : undefined,
    prefix: band ? undefined : given(v.prefix),
    ratePct: given(v.ratePct) ?? '',
    enabled: v.enabled,
    note: given(v.note) ?? '',
  };
}

/** The rule as it stands with `enabled` switched (the enable switch saves the whole rule). */
export const toggled = (r: SpreadRuleItem, enabled: boolean) => ({ id: r.id, ...formToInput({ ...ruleToForm(r), enabled }) });

/** The unit of a band's bounds: % for change, ¥ for amount and price. */
export const bandUnit = (type: SpreadRuleType): '%' | '¥' | '' => (type === 'change_pct' ? '%' : type === 'code_prefix' ? '' : '¥');

/** `-2% – 3%`, `¥0.00 – ¥50,000.00`, `688*`. */
export function ruleScope(r: Pick<SpreadRuleItem, 'type' | 'start' | 'end' | 'prefix'>): string {
  if (r.type === 'code_prefix') return `${r.prefix ?? ''}*`;
  const u = bandUnit(r.type);
  const fmt = (v: string | null) => (v == null ? '—' : u === '%' ? `${v}%` : formatYuan(v));
  return `${fmt(r.start)} – ${fmt(r.end)}`;
}
