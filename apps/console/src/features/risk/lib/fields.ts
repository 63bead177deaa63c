import { BOARDS } from '@stock-admin/contracts';

/**
 * The risk settings forms as data (contracts risk.ts `stockRiskFields`, `productConfigFields`,
 * `indexRiskFields`): each section lists its fields with the kind of value — which decides the input,
 * the unit shown beside it, how a change is compared and how it reads in the confirmation. Labels are
 * `risk.field.<name>` (a board band adds `risk.board.<board>`), help texts `risk.help.<name>`.
 */
export type FieldKind = 'percent' | 'money' | 'shares' | 'minutes' | 'count' | 'lots' | 'leverages' | 'time' | 'bool';

export interface FieldSpec {
  /** Path in the settings document (`['maxRisePct', 'main']`). */
  path: string[];
  kind: FieldKind;
  /** Has a help text (`risk.help.<path[0]>`). */
  help?: boolean;
}

export interface SectionSpec {
  key: string;
  fields: FieldSpec[];
}

export type DocKey = 'stock' | 'product' | 'index';

const f = (name: string, kind: FieldKind, help = false): FieldSpec => ({ path: [name], kind, help });
const hours: FieldSpec[] = [f('amStart', 'time'), f('amEnd', 'time'), f('pmStart', 'time'), f('pmEnd', 'time', true)];

export const STOCK_SECTIONS: SectionSpec[] = [
  {
    key: 'fees',
    fields: [
      f('buyFeePct', 'percent'),
      f('sellFeePct', 'percent'),
      f('stampDutyPct', 'percent'),
      f('deferralFeePct', 'percent', true),
      f('minFee', 'money', true),
      f('dividendTaxPct', 'percent', true),
    ],
  },
  {
    key: 'orders',
    fields: [
      f('minBuyAmount', 'money'),
      f('maxMarginPct', 'percent', true),
      f('minShares', 'shares'),
      f('maxShares', 'shares'),
      f('leverages', 'leverages', true),
    ],
  },
  {
    key: 'antiChurn',
    fields: [f('minHoldMinutes', 'minutes', true), f('buyWindowMinutes', 'minutes'), f('maxBuysInWindow', 'count', true)],
  },
  {
    key: 'bands',
    fields: [
      ...BOARDS.map((b): FieldSpec => ({ path: ['maxRisePct', b], kind: 'percent', help: b === 'main' })),
      ...BOARDS.map((b): FieldSpec => ({ path: ['maxFallPct', b], kind: 'percent', help: b === 'main' })),
    ],
  },
  { key: 'forceClose', fields: [f('forceClosePct', 'percent', true), f('warningPct', 'percent', true)] },
  { key: 'hours', fields: hours },
];

export const PRODUCT_SECTIONS: SectionSpec[] = [
  { key: 'display', fields: [f('stockShown', 'bool'), f('indexShown', 'bool'), f('blockTradeShown', 'bool'), f('newShareShown', 'bool')] },
  {
    key: 'trading',
    fields: [f('stockTrading', 'bool'), f('indexTrading', 'bool'), f('realNameRequired', 'bool', true), f('holidayMode', 'bool', true)],
  },
];

export const INDEX_SECTIONS: SectionSpec[] = [
  { key: 'fees', fields: [f('deferralFeePerLot', 'money', true)] },
  { key: 'orders', fields: [f('maxLotsPerUser', 'lots'), f('overnight', 'bool', true)] },
  { key: 'forceClose', fields: [f('forceClosePct', 'percent', true), f('warningPct', 'percent', true)] },
  { key: 'hours', fields: hours },
];

export const SECTIONS: Record<DocKey, SectionSpec[]> = { stock: STOCK_SECTIONS, product: PRODUCT_SECTIONS, index: INDEX_SECTIONS };

export const allFields = (sections: readonly SectionSpec[]): FieldSpec[] => sections.flatMap((s) => s.fields);

export const pathKey = (path: readonly string[]) => path.join('.');

/** The value at a path of a document. */
export function valueAt(doc: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), doc);
}

/** A saved document → the form's values (leverage choices as the tags the select edits). */
export function docToForm<T extends object>(doc: T): Record<string, unknown> {
  const out = structuredClone(doc) as Record<string, unknown>;
  if (Array.isArray(out.leverages)) out.leverages = (out.leverages as unknown[]).map(String);
  return out;
}
