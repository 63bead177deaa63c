import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

// Vite names the files it emits under assets/ with a content hash: they never change under that name. Matches a file's
// path on disk (its precompressed copies too) and a request's URL.
const HASHED = /[\\/]assets[\\/][^\\/?]+-[\w-]{8,}\.(\w+)(\.(br|gz))?(\?|$)/;

/** A URL of the console's built scripts and stylesheets (`/assets/<name>-<hash>.js|css`): subresources, not documents. */
export function isBuiltScriptOrStyle(url: string): boolean {
  const m = HASHED.exec(url);
  return m?.index === 0 && !m[2] && (m[1] === 'js' || m[1] === 'css');
}

/**
 * The built console: the Brotli or gzip copy made at build time when the browser accepts it, hashed
 * files cached for a year as immutable, everything else (index.html) revalidated on every load so a
 * new release is picked up at once.
 */
export async function serveConsole(app: FastifyInstance, dist: string): Promise<void> {
  if (!fs.existsSync(path.join(dist, 'index.html'))) return;
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    wildcard: false,
    // the root is answered below: this version's directory index misses the precompressed copies
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, file) {
      res.header('cache-control', HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.sendFile('index.html'));
}

/**
 * CSP hashes (`'sha256-…'`) of the inline scripts of the built console's index.html (the sign-in form's boot
 * script): allowed by exactly their content, while every other inline script stays refused.
 */
export function inlineScriptHashes(dist: string): string[] {
  const file = path.join(dist, 'index.html');
  if (!fs.existsSync(file)) return [];
  const html = fs.readFileSync(file, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`,
  );
}
