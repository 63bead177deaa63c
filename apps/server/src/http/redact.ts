// Card and ID numbers are masked like secrets: the operation log must not become a copy of them.
const SECRET = /pass(word)?|secret|token|googlecode|code$|otp|key|cookie|authorization|cardno|idnumber/i;

/** A copy of a request body fit for logs: secrets masked, files reduced to their names, long text cut. */
export function redact(value: unknown, depth = 0): unknown {
  if (value == null || depth > 4) return value;
  if (Buffer.isBuffer(value)) return `<${value.length} bytes>`;
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (o.filename && o.data) return { file: o.filename, bytes: Buffer.isBuffer(o.data) ? o.data.length : undefined };
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o)) out[k] = SECRET.test(k) ? '***' : redact(v, depth + 1);
    return out;
  }
  if (typeof value === 'string' && value.length > 500) return `${value.slice(0, 500)}…`;
  return value;
}

/** A URL fit for logs: `token=` query values masked (socket URLs carry the token). */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|admintoken|usertoken)=)[^&]*/gi, '$1***');
}
