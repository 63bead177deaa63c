import { invalid } from './errors.js';

// What PostgreSQL cannot store in text or jsonb: the NUL character, and a lone UTF-16 surrogate (no
// UTF-8 encoding exists for it; it would be stored as U+FFFD, silently changing the text).
// eslint-disable-next-line no-control-regex -- the NUL character is exactly what is looked for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);

/** The path (`remark`, `items.2.name`) of the first text in `v` that cannot be stored, or null. */
export function unstorableField(v: unknown, path = ''): string | null {
  if (typeof v === 'string') return UNSTORABLE.test(v) ? path : null;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const hit = unstorableField(v[i], path ? `${path}.${i}` : String(i));
      if (hit !== null) return hit;
    }
    return null;
  }
  if (isPlainObject(v)) {
    for (const [k, item] of Object.entries(v)) {
      const at = path ? `${path}.${k}` : k;
      if (UNSTORABLE.test(k)) return at;
      const hit = unstorableField(item, at);
      if (hit !== null) return hit;
    }
  }
  return null;
}

/**
 * Refuses a request whose input holds text PostgreSQL cannot store, naming the field (status 2), before
 * any statement runs: otherwise the database refuses it midway and the caller gets a 500.
 */
export function refuseUnstorable(raw: unknown): void {
  const field = unstorableField(raw);
  if (field !== null) throw invalid(field || 'body', 'reason.unstorable_char');
}

/** A copy that can be stored (the operation log keeps refused input too): NUL written as the text `\u0000`. */
export function storable<T>(v: T): T {
  if (typeof v === 'string')
    return v
      .replaceAll('\u0000', '\\u0000')
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD') as T;
  if (Array.isArray(v)) return v.map(storable) as T;
  if (isPlainObject(v)) return Object.fromEntries(Object.entries(v).map(([k, item]) => [storable(k), storable(item)])) as T;
  return v;
}
