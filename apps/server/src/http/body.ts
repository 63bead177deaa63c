import type { FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import multipart, { type MultipartFile, type MultipartValue } from '@fastify/multipart';
import { Status } from '@stock-admin/contracts';
import { AppError } from './errors.js';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Deeper than any input of the contracts (a few levels), far below what a recursive walk can take. */
export const MAX_JSON_DEPTH = 32;

/** True when the JSON text nests arrays and objects deeper than `max` (one pass, no parse, strings skipped). */
export function jsonDepthOver(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \\ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

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
  // JSON bodies are measured for depth before they are parsed: every later walk of the input (the NUL check,
  // the operation log's redaction) recurses, and 20,000 nested arrays overflowed the stack (a 500)
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (jsonDepthOver(body as string, MAX_JSON_DEPTH))
      return done(new AppError(Status.INVALID, 'too_deep', { max: MAX_JSON_DEPTH }, 400), undefined);
    parseJson(req, body as string, done);
  });
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
