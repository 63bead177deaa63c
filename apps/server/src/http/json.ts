/**
 * Response serialization. Every reply is `JSON.stringify` of the envelope, except that an envelope
 * whose `data` was marked with `reuseJson()` is encoded once per envelope head (status + message) and
 * the bytes are reused: the info document (≈ 16 KB, asked on every console page load) spent a third of
 * the server's time in `JSON.stringify` and another tenth measuring the string's byte length.
 *
 * Only immutable values may be marked (the memo is keyed by object identity and never invalidated).
 */
const memo = new WeakMap<object, Map<string, Buffer> | null>();
/** The envelope bytes made here: compression keeps its compressed copy of each (http/compression.ts). */
const reusedBytes = new WeakSet<Buffer>();
export const isReusedEnvelope = (payload: unknown): payload is Buffer => Buffer.isBuffer(payload) && reusedBytes.has(payload);
/** Envelope heads (status + message in one language) per marked value: a handful at most. */
const MAX_HEADS = 8;

/** Marks `value` as immutable so that its JSON encoding is computed once. Returns `value`. */
export function reuseJson<T extends object>(value: T): T {
  if (!memo.has(value)) memo.set(value, null);
  return value;
}

/** The envelope bytes of a marked value under one head (computed on first use). */
function encoded(data: object, head: string): Buffer {
  let byHead = memo.get(data);
  if (!byHead) memo.set(data, (byHead = new Map()));
  let bytes = byHead.get(head);
  if (!bytes) {
    // `{…head, "data": …}` — the text JSON.stringify gives for the envelope, whose data comes last.
    const text = head === '{}' ? `{"data":${JSON.stringify(data)}}` : `${head.slice(0, -1)},"data":${JSON.stringify(data)}}`;
    bytes = Buffer.from(text);
    if (byHead.size < MAX_HEADS) {
      byHead.set(head, bytes);
      reusedBytes.add(bytes);
    }
  }
  return bytes;
}

/**
 * Fastify's serializer. Returns a Buffer for a memoized envelope (Fastify sends Buffers as they are,
 * with their length as content-length), a string otherwise.
 */
export function serialize(payload: unknown): string {
  if (payload && typeof payload === 'object' && 'data' in payload) {
    const { data, ...rest } = payload as { data: unknown };
    if (data && typeof data === 'object' && memo.has(data)) return encoded(data, JSON.stringify(rest)) as unknown as string;
  }
  return JSON.stringify(payload);
}
