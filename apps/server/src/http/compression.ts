import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { isReusedEnvelope } from './json.js';

/** Answers smaller than this go as they are: compressing them saves a few bytes and costs a little time each. */
export const COMPRESS_THRESHOLD = 1024;

const BROTLI = {
  params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
};
const GZIP = { level: 6 };

/** An encoding named in `Accept-Encoding` and not refused with q=0; compiled once (the info document's every request). */
const offers = (name: string) => new RegExp(`(^|,)\\s*${name}\\s*(;\\s*q=(?!0(\\.0*)?\\s*(,|$))[\\d.]+\\s*)?(,|$)`, 'i');
const OFFERS_BR = offers('br');
const OFFERS_GZIP = offers('gzip');

/** What the caller accepts, Brotli first; null for neither (or both refused with q=0). */
function accepted(header = ''): 'br' | 'gzip' | null {
  return OFFERS_BR.test(header) ? 'br' : OFFERS_GZIP.test(header) ? 'gzip' : null;
}

/** The compressed copies of the memoized envelopes (json.ts: the info document), made once each. */
const copies = new WeakMap<Buffer, { br?: Buffer; gzip?: Buffer }>();

/**
 * API answers compressed when the caller accepts it (issue 41): Brotli, else gzip, negotiated from `Accept-Encoding`,
 * for bodies over 1 KB — a list page or `/api/user/info` shrinks five- to twentyfold. Brotli at quality 4: the default
 * (11) costs tens of milliseconds of CPU on a 100 KB list; 4 compresses JSON about as well as gzip 6 at less CPU.
 *
 * An envelope encoded once and reused (json.ts: the info document, asked on every console page load) is also
 * compressed once: compressing its 17 KB on every request cut that call from 7,100 to 2,300 a second and tripled its
 * p99 (bench/login-and-info). The console's built files are not compressed here: they are sent as the precompressed
 * copies made at build time (`console-static.ts`), which already carry their Content-Encoding.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // before @fastify/compress's own hook, which leaves an answer that already has a Content-Encoding alone
  app.addHook('onSend', async (req, reply, payload) => {
    if (!isReusedEnvelope(payload) || payload.length < COMPRESS_THRESHOLD) return payload;
    const encoding = accepted(req.headers['accept-encoding']);
    reply.header('vary', 'accept-encoding');
    if (!encoding) return payload;
    let c = copies.get(payload);
    if (!c) copies.set(payload, (c = {}));
    const bytes = (c[encoding] ??= encoding === 'br' ? zlib.brotliCompressSync(payload, BROTLI) : zlib.gzipSync(payload, GZIP));
    reply.header('content-encoding', encoding);
    return bytes;
  });
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI,
    zlibOptions: GZIP,
  });
}
