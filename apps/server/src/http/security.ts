import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.js';
import { isBuiltScriptOrStyle } from './console-static.js';
import { parseLang, t } from '../app/i18n.js';

/**
 * Security headers on every answer (helmet): a Content-Security-Policy the console works under
 * (its scripts and styles come from this origin; antd writes its styles into <style> elements, hence
 * 'unsafe-inline' for styles only), `nosniff`, no framing (frame-ancestors 'none' and X-Frame-Options),
 * a strict referrer policy, and HSTS when the operator says the site is served over TLS (HSTS=true).
 */
export async function registerSecurity(app: FastifyInstance, config: Config, inlineScripts: string[] = []): Promise<void> {
  // the socket: same origin, or (SOCKET_MODE=spec-ports) the spec's own ports on the page's host
  const sockets = config.SOCKET_MODE === 'spec-ports' ? ['ws://*:8091', 'wss://*:8091', 'ws://*:2362', 'wss://*:2362'] : [];
  // helmet's middleware built once: @fastify/helmet built it anew for every request (its options parsed, the
  // policy written again: ≈ 5 % of the server's time per buy in bench/positions B1); the headers are the same
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // plus, by hash, the console's one inline script (its sign-in form before the console starts)
        scriptSrc: ["'self'", ...inlineScripts],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...sockets],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: config.HSTS ? HSTS : false,
    // the console opens CSV downloads and uploaded images from this origin only
    crossOriginEmbedderPolicy: false,
  });
  const apiHeaders = config.HSTS
    ? { ...API_HEADERS, 'strict-transport-security': `max-age=${HSTS.maxAge}; includeSubDomains` }
    : API_HEADERS;
  app.addHook('onRequest', (req, reply, done) => {
    if (isApiAnswer(req.url)) {
      // a JSON answer is never a page the console runs in: the strictest policy, in a few bytes (the document's policy
      // and its companions were ≈ 650 bytes on each of the dozen calls a sign-in makes)
      void reply.headers(apiHeaders);
      return done();
    }
    if (isBuiltScriptOrStyle(req.url)) {
      // a script or stylesheet is not a document: the policy, framing and cross-origin-opener headers apply to documents
      // only (≈ 650 bytes on each of the 30-odd files a sign-in loads); what a subresource obeys stays
      void reply.headers(ASSET_HEADERS);
      return done();
    }
    headers(req.raw, reply.raw, (err) => done(err as Error | undefined));
  });
}

/** HSTS when the site is on TLS: a year, subdomains included (helmet's and the API answers' header alike). */
const HSTS = { maxAge: 31_536_000, includeSubDomains: true } as const;

/** The API's JSON calls (not its documentation page, which is a document). */
const isApiAnswer = (url: string) => /^\/(api|admin|app)\//.test(url) && !url.startsWith('/api/docs');

const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'same-origin',
};

const ASSET_HEADERS = {
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
  // a module script's referrer policy also governs the imports it makes
  'referrer-policy': 'same-origin',
};

/**
 * The API documentation (/api/docs): `off`, `signed-in` (the default: an admin token in the `admintoken`
 * header or the console's Access-Token cookie) or `public`.
 */
export function guardApiDocs(app: FastifyInstance, config: Config): void {
  if (config.API_DOCS === 'public') return;
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/docs')) return;
    const lang = parseLang(req.headers.lang);
    if (config.API_DOCS === 'off') return reply.code(404).send({ status: 1, msg: t(lang, 'not_found'), data: null });
    const header = req.headers.admintoken;
    const token = (Array.isArray(header) ? header[0] : header) || req.cookies?.['Access-Token'];
    const admin = token ? await app.ctx.authenticate(token) : null;
    if (!admin) return reply.code(401).send({ status: 10, msg: t(lang, 'login_required'), data: null });
  });
}
