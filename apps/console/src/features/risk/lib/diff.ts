import Decimal from 'decimal.js';
import { allFields, pathKey, valueAt, type FieldKind, type SectionSpec } from './fields';
import { formatYuan } from '../../../shared/money';

/**
 * What a save would change: each field of the form whose value differs from the document read, in the
 * form's order, before → after. Amounts and percentages compare as decimals (`0.030` = `0.03`),
 * leverage choices as sets of whole numbers (`10,1,2` = `1,2,10`), the rest as they are.
 */
export interface Change {
  key: string;
  path: string[];
  section: string;
  kind: FieldKind;
  before: unknown;
  after: unknown;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

function normalise(kind: FieldKind, v: unknown): unknown {
  if (v === undefined || v === null || v === '') return null;
  switch (kind) {
    case 'percent':
    case 'money': {
      const s = String(v).trim();
      return DECIMAL.test(s) ? new Decimal(s).toString() : s;
    }
    case 'shares':
    case 'minutes':
    case 'count':
    case 'lots': {
      const n = Number(v);
      return Number.isFinite(n) ? n : String(v);
    }
    case 'leverages': {
      const list = Array.isArray(v) ? v : String(v).split(/[,，\s]+/);
      return [
        ...new Set(
          list
            .map((x) => String(x).trim())
            .filter(Boolean)
            .map(Number),
        ),
      ]
        .sort((a, b) => a - b)
        .join(',');
    }
    case 'bool':
      return v === true || v === 'true';
    case 'time':
      return String(v).trim();
  }
}

export function diffDoc(sections: readonly SectionSpec[], before: unknown, after: unknown): Change[] {
  const out: Change[] = [];
  for (const s of sections)
    for (const f of s.fields) {
      const b = valueAt(before, f.path);
      const a = valueAt(after, f.path);
      if (normalise(f.kind, b) === normalise(f.kind, a)) continue;
      out.push({ key: pathKey(f.path), path: f.path, section: s.key, kind: f.kind, before: b, after: a });
    }
  return out;
}

/** Fields of the form that changed (keys), for marking them as the operator edits. */
export const changedKeys = (sections: readonly SectionSpec[], before: unknown, after: unknown): Set<string> =>
  new Set(diffDoc(sections, before, after).map((c) => c.key));

/** How a value reads in the confirmation, with its unit (`0.03%`, `¥5.00`, `100 股`, `09:30`, 开 / 关). */
export function formatValue(kind: FieldKind, v: unknown, unit: (kind: FieldKind, on?: boolean) => string): string {
  if (v === undefined || v === null || v === '') return '—';
  switch (kind) {
    case 'percent':
      return `${String(v)}%`;
    case 'money':
      return formatYuan(String(v));
    case 'leverages':
      return (Array.isArray(v) ? v : String(v).split(/[,，\s]+/))
        .map((x) => String(x).trim())
        .filter(Boolean)
        .map((x) => `×${x}`)
        .join(' ');
    case 'bool':
      return unit('bool', v === true || v === 'true');
    case 'time':
      return String(v);
    default:
      return `${String(v)} ${unit(kind)}`;
  }
}

/** Every field of the sections (for the form's watch list). */
export const fieldKeys = (sections: readonly SectionSpec[]) => allFields(sections).map((f) => pathKey(f.path));
