import { pathKey, valueAt } from './fields';

/**
 * The contract's own schema checks the whole form (`stockRiskInput`, `productConfigInput`,
 * `indexRiskInput`, the spread rule inputs): each issue becomes a message on the field it names, as an
 * i18n key under `risk.err.` with its values. The server checks again; its message goes on the field too.
 */
export interface FieldIssue {
  key: string;
  path: string[];
  /** `risk.err.<code>` */
  code: string;
  values?: Record<string, unknown>;
}

/** Messages the contract gives its refinements (issue.message) that the console words itself. */
export const KNOWN = new Set([
  'invalid_percent',
  'invalid_amount',
  'invalid_amount_negative',
  'invalid_lot',
  'invalid_leverage',
  'invalid_time',
  'invalid_time_window',
  'invalid_time_order',
  'invalid_range',
  'invalid_positive_percent',
  'invalid_number',
  'invalid_prefix',
  'required',
]);

/** What the console needs of a contract schema (a zod schema, typed structurally: zod is the contracts' dependency). */
export interface Schema<T = unknown> {
  safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: readonly unknown[] } };
}

interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  minimum?: unknown;
  maximum?: unknown;
}

function codeOf(issue: Issue, input: unknown): Pick<FieldIssue, 'code' | 'values'> {
  const path = issue.path.map(String);
  const v = valueAt(input, path);
  if (v === undefined || v === null || v === '') return { code: 'required' };
  if (KNOWN.has(issue.message)) return { code: issue.message };
  if (issue.code === 'too_small') return { code: 'min', values: { min: Number(issue.minimum) } };
  if (issue.code === 'too_big') return { code: 'max', values: { max: Number(issue.maximum) } };
  if (issue.code === 'not_multiple_of') return { code: 'invalid_lot' };
  return { code: 'invalid' };
}

/**
 * Checks between fields (hours in order, min ≤ max) that zod runs even when a field they compare is itself
 * unreadable (`9:30` sorts after `11:30`): shown only once every field is well-formed.
 */
const CROSS = new Set(['invalid_time_window', 'invalid_time_order', 'invalid_range']);
const GROUPS = [
  ['amStart', 'amEnd', 'pmStart', 'pmEnd'],
  ['minShares', 'maxShares'],
  ['start', 'end'],
];
const groupOf = (key: string) => GROUPS.find((g) => g.includes(key)) ?? [key];

/** The schema's verdict on the form values: one issue per field (the first), in the schema's order. */
export function checkWith(schema: Schema, input: unknown): FieldIssue[] {
  const r = schema.safeParse(input);
  if (r.success) return [];
  const issues = r.error.issues as unknown as Issue[];
  const seen = new Set<string>();
  const out: FieldIssue[] = [];
  for (const issue of issues) {
    const path = issue.path.map(String);
    const key = pathKey(path);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ key, path, ...codeOf(issue, input) });
  }
  const unreadable = new Set(out.filter((i) => !CROSS.has(i.code)).map((i) => i.key));
  return out.filter((i) => !CROSS.has(i.code) || !groupOf(i.key).some((k) => unreadable.has(k)));
}

/** The parsed (normalised) value when the input passes, else null. */
export function parsedWith<T>(schema: Schema<T>, input: unknown): T | null {
  const r = schema.safeParse(input);
  return r.success ? r.data : null;
}
