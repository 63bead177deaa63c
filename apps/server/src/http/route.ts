import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { Status, envelopeSchema, type DataOf, type Endpoint, type Envelope, type Lang } from '@stock-admin/contracts';
import type { AppContext, Principal } from './context.js';
import { AppError, loginRequired, superOnly } from './errors.js';
import { requirePermission } from './permissions.js';
import { parseLang, t } from './i18n.js';
import { refuseUnstorable } from './input.js';
import { OplogRow } from './oplog.js';
import { withCommitHooks } from '../db/transactions.js';
import { connectionLost, databaseAnswered, isConnectionError } from '../db/outage.js';

/** What an endpoint handler receives. `admin` is null only on public endpoints. */
export interface Call<I, P extends Principal | null = Principal> {
  input: I;
  admin: P;
  lang: Lang;
  ctx: AppContext;
  req: FastifyRequest;
  reply: FastifyReply;
  /** Fills the operation-log row of this call (target and before/after summary). */
  audit(entry: { targetId?: string | number | null; before?: unknown; after?: unknown }): void;
  /** Replaces the default success message (a server message key). */
  message(key: string, params?: Record<string, string | number>): void;
}

type InputOut<E> = E extends Endpoint<infer B, z.ZodType | undefined> ? (B extends z.ZodType ? z.output<B> : Record<string, never>) : never;
type PrincipalOf<E> = E extends { access: 'public' } ? Principal | null : Principal;

export function tokenOf(req: FastifyRequest): string | undefined {
  const h = req.headers.admintoken;
  return (Array.isArray(h) ? h[0] : h) || undefined;
}

/** Turns any thrown value into the envelope and HTTP status the caller gets. */
export function toEnvelope(err: unknown, lang: Lang, req: FastifyRequest): { http: number; body: Envelope<unknown> } {
  if (isConnectionError(err)) {
    // not a bug: the client may retry (app.ts adds Retry-After to every 503); logged once per outage
    connectionLost(err);
    return { http: 503, body: { status: Status.UNAVAILABLE, msg: t(lang, 'db_unavailable'), data: null } };
  }
  if (err instanceof AppError) {
    // a `reason.*` or `*.status.*` parameter is said in the caller's language by t() itself
    return { http: err.httpStatus, body: { status: err.status, msg: t(lang, err.key, err.params), data: err.data } };
  }
  const e = err as { statusCode?: number; code?: string };
  if (e?.code === 'FST_REQ_FILE_TOO_LARGE' || e?.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || e?.statusCode === 413) {
    return { http: 200, body: { status: Status.INVALID, msg: t(lang, 'too_large'), data: null } };
  }
  if (e?.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
    return { http: 200, body: { status: Status.INVALID, msg: t(lang, 'invalid_body'), data: null } };
  }
  req.log.error({ err }, 'unhandled error');
  return { http: 500, body: { status: Status.FAIL, msg: t(lang, 'internal_error', { reqId: String(req.id) }), data: null } };
}

/** The issue to report: inside a union, the branch that got furthest. */
function pickIssue(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue {
  const first = issues[0]!;
  if (first.code === 'invalid_union' && first.errors.length) {
    const branches = first.errors.filter((b) => b.length).map((b) => pickIssue(b));
    branches.sort((a, b) => b.path.length - a.path.length);
    if (branches[0]) return { ...branches[0], path: [...first.path, ...branches[0].path] };
  }
  return first;
}

/** The first zod issue as status 2 naming the field (shared with the platform user API's routes). */
export function zodToError(error: z.ZodError): AppError {
  const issue = pickIssue(error.issues);
  const field = issue.path.join('.') || 'body';
  const i = issue as { code: string; minimum?: number | bigint; maximum?: number | bigint; input?: unknown; message?: string };
  let reason = 'reason.invalid';
  if (i.code === 'invalid_type' && i.input === undefined) reason = 'reason.required';
  else if (i.code === 'too_small') reason = i.input === '' || i.input === undefined ? 'reason.required' : 'reason.too_small';
  else if (i.code === 'too_big') reason = 'reason.too_big';
  else if (i.code === 'invalid_format') reason = 'reason.invalid_format';
  else if (i.code === 'invalid_value' || i.code === 'invalid_union') reason = 'reason.invalid_value';
  else if (i.code === 'invalid_type') reason = 'reason.invalid_type';
  else if (i.code === 'custom' && i.message) reason = `reason.${i.message}`;
  if (i.message && /^invalid_[a-z_]+$/.test(i.message)) reason = `reason.${i.message}`;
  return new AppError(Status.INVALID, 'invalid_field', {
    field,
    reason,
    min: String(i.minimum ?? ''),
    max: String(i.maximum ?? ''),
  });
}

/**
 * Registers one endpoint of the contracts: token check, permission/super guard, input
 * validation, the envelope, and the operation-log row of every mutation (`module` set).
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  ctx: AppContext,
  e: E,
  handler: (c: Call<InputOut<E>, PrincipalOf<E>>) => Promise<DataOf<E>>,
): void {
  const input = e.input as z.ZodType | undefined;
  app.route({
    method: e.method,
    url: e.path,
    schema: {
      ...(input ? (e.method === 'GET' ? { querystring: input } : { body: input }) : {}),
      ...(e.data ? { response: { 200: envelopeSchema(e.data as z.ZodType) } } : {}),
      ...(e.summary ? { summary: e.summary } : {}),
      ...(e.access !== 'public' ? { security: [{ admintoken: [] }] } : {}),
    },
    handler: async (req, reply) => {
      const lang = parseLang(req.headers.lang);
      let admin: Principal | null = null;
      let audit: { targetId?: string | number | null; before?: unknown; after?: unknown } = {};
      let okMsg: [string, Record<string, string | number> | undefined] = ['ok', undefined];
      let parsed: unknown;
      let result: { http: number; body: Envelope<unknown> };
      const oplog = e.module
        ? new OplogRow(ctx.db, () => {
            const body = (parsed ?? req.body ?? {}) as Record<string, unknown>;
            return {
              admin,
              module: e.module!,
              action: e.path,
              method: e.method,
              targetId: audit.targetId ?? (body.id as string | number | undefined) ?? null,
              summary: {
                input: body,
                ...(audit.before !== undefined ? { before: audit.before } : {}),
                ...(audit.after !== undefined ? { after: audit.after } : {}),
              },
              ip: req.ip,
              userAgent: req.headers['user-agent'],
              status: Status.OK,
              msg: t(lang, okMsg[0], okMsg[1]),
            };
          })
        : undefined;
      try {
        if (e.access !== 'public' || tokenOf(req)) {
          admin = await ctx.authenticate(tokenOf(req));
          if (!admin && e.access !== 'public') throw loginRequired();
        }
        if (e.super && !admin?.isSuper) throw superOnly();
        if (typeof e.access === 'object') requirePermission(admin, e.access.permission, e.access.action);
        const raw = e.method === 'GET' ? req.query : (req.body ?? {});
        refuseUnstorable(raw);
        if (input) {
          const r = input.safeParse(raw, { reportInput: true });
          if (!r.success) throw zodToError(r.error);
          parsed = r.data;
        } else parsed = {};
        const call = () =>
          handler({
            input: parsed as InputOut<E>,
            admin: admin as PrincipalOf<E>,
            lang,
            ctx,
            req,
            reply,
            audit: (a) => (audit = { ...audit, ...a }),
            message: (key, params) => (okMsg = [key, params]),
          });
        // a mutation's log row is written inside the transaction that commits its change (db/transactions.ts)
        const data = oplog ? await withCommitHooks(oplog, call) : await call();
        databaseAnswered();
        if (reply.sent) return reply;
        result = { http: 200, body: { status: Status.OK, msg: t(lang, okMsg[0], okMsg[1]), data: data ?? null } };
      } catch (err) {
        result = toEnvelope(err, lang, req);
      }
      if (oplog && result.body.status !== Status.LOGIN_REQUIRED) {
        await oplog
          .finish(result.body.status, result.body.msg)
          .catch((err) => (isConnectionError(err) ? connectionLost(err) : req.log.error({ err }, 'operation log write failed')));
      }
      return reply.code(result.http).send(result.body);
    },
  });
}
