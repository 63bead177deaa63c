import type { SecretBox } from '../../lib/secretbox.js';
import { redact } from '../../http/redact.js';

/**
 * A held call's input as it is stored: the raw request (re-checked against the endpoint's schema when it runs), files
 * as base64, sealed with SECRET_KEY — it may hold a new admin's password — beside a redacted copy to show.
 */
const encode = (v: unknown): unknown => {
  if (v instanceof Uint8Array) return { $bytes: Buffer.from(v).toString('base64') };
  if (Array.isArray(v)) return v.map(encode);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, encode(x)]));
  return v;
};
const decode = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.map(decode);
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o.$bytes === 'string' && Object.keys(o).length === 1) return Buffer.from(o.$bytes, 'base64');
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, decode(x)]));
  }
  return v;
};

export interface StoredInput {
  sealed: string;
  shown: unknown;
}

export const storeInput = (box: SecretBox, raw: unknown): StoredInput => ({
  sealed: box.seal(JSON.stringify(encode(raw ?? {}))),
  shown: redact(raw ?? {}),
});

export const readInput = (box: SecretBox, stored: StoredInput): unknown => decode(JSON.parse(box.open(stored.sealed)));
