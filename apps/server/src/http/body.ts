import type { FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import multipart, { type MultipartFile, type MultipartValue } from '@fastify/multipart';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** An uploaded file as handlers see it, whatever the encoding. */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

type Part = MultipartFile | MultipartValue;

/**
 * Every POST accepts form-encoded, JSON or multipart bodies (DESIGN §3). Multipart parts are
 * flattened into plain values (fields) and `UploadedFile`s, so one zod schema serves all three.
 */
export async function registerBodyParsers(app: FastifyInstance): Promise<void> {
  await app.register(formbody, { bodyLimit: 1024 * 1024 });
  await app.register(multipart, { attachFieldsToBody: true, limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 200 } });
  app.addHook('preValidation', async (req) => {
    if (!req.isMultipart() || !req.body || typeof req.body !== 'object') return;
    const out: Record<string, unknown> = {};
    const flat = async (p: Part): Promise<unknown> => {
      if (p.type === 'file') return { filename: p.filename, mimetype: p.mimetype, data: await p.toBuffer() } satisfies UploadedFile;
      return p.value;
    };
    for (const [k, v] of Object.entries(req.body as Record<string, Part | Part[]>)) {
      out[k] = Array.isArray(v) ? await Promise.all(v.map(flat)) : await flat(v);
    }
    req.body = out;
  });
}
