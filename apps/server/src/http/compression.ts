import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/** Answers smaller than this go as they are: compressing them saves a few bytes and costs a little time each. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * API answers compressed when the caller accepts it (issue 41): Brotli, else gzip, negotiated from `Accept-Encoding`,
 * for bodies over 1 KB — a list page or `/api/user/info` shrinks five- to tenfold. Brotli at quality 4: the default (11)
 * costs tens of milliseconds of CPU on a 100 KB list; 4 compresses JSON about as well as gzip 6 at less CPU. The
 * console's built files are not compressed here: they are sent as the precompressed copies made at build time
 * (`console-static.ts`), which already carry their Content-Encoding.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
    },
    zlibOptions: { level: 6 },
  });
}
