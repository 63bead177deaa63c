import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z as zod, type z } from 'zod';
import { Status, envelopeSchema, type DataOf, type Endpoint, type Envelope, type Lang } from '@stock-admin/contracts';
import type { AppContext, AppUser, Principal } from '../app/context.js';
import { AppError, loginRequired, superOnly } from './errors.js';
import { requirePermission } from './permissions.js';
import { parseLang, t } from '../app/i18n.js';
import { refuseUnstorable } from './input.js';
import { OplogRow } from './oplog.js';
import { connectionLost, databaseAnswered, isConnectionError } from '../db/outage.js';
import { idempotentCall, replay } from './idempotency.js';
import { CallRun, type Answer } from './call-run.js';
import { readsOnReplica } from '../db/replica.js';

/** Permission actions that only read: such an endpoint's statements may run on the read standby (db/replica.ts). */
const READ_ACTIONS: ReadonlySet<string> = new Set(['query', 'get', 'export']);

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

/** What a platform user API handler receives (`appRoute`). `user` is null only on public endpoints called without a token. */
export interface AppCall<I, U extends AppUser | null = AppUser> {
  input: I;
  user: U;
  lang: Lang;
  ctx: AppContext;
  req: FastifyRequest;
  reply: FastifyReply;
  /** Replaces the default success message (a server message key). */
  message(key: string, params?: Record<string, string | number>): void;
}

type InputOut<E> = E extends Endpoint<infer B, z.ZodType | undefined> ? (B extends z.ZodType ? z.output<B> : Record<string, never>) : never;
type PrincipalOf<E> = E extends { access: 'public' } ? Principal | null : Principal;
type UserOf<E> = E extends { access: 'public' } ? AppUser | null : AppUser;
type OkMessage = [key: string, params: Record<string, string | number> | undefined];

/** An operator endpoint's handler, as `route` runs it. */
export type Handler<E extends Endpoint> = (c: Call<InputOut<E>, PrincipalOf<E>>) => Promise<DataOf<E>>;

/**
 * A guarded endpoint (contracts `guard`) with what dual control needs of it: its handler and the gate that may hold a
 * call of it for a second administrator. Made by the approvals domain's `defineGuard`, declared by the domain that owns
 * the endpoint (its `approval-guards.ts`) and installed with `guardedRoute`.
 */
export interface GuardedEndpoint<E extends Endpoint = Endpoint> {
  endpoint: E;
  // (methods, not function properties: a guard of one endpoint stands in a list of guards of any)
  handler(c: Call<InputOut<E>, PrincipalOf<E>>): Promise<DataOf<E>>;
  /** The request the call was held as (nothing done), or null when its rule lets it run now. Writes in its own transaction. */
  hold(
    ctx: AppContext,
    call: { input: unknown; raw: unknown; admin: Principal; lang: Lang },
  ): Promise<{ id: number; status: 'pending' } | null>;
}

/** What a guarded endpoint's handler did when run on approval: its data, its audit entry and its message. */
export interface GuardedOutcome {
  data: unknown;
  audit: { targetId?: string | number | null; before?: unknown; after?: unknown };
  msg: string;
}

const header = (req: FastifyRequest, name: 'admintoken' | 'usertoken'): string | undefined => {
  const h = req.headers[name];
  return (Array.isArray(h) ? h[0] : h) || undefined;
};
export const tokenOf = (req: FastifyRequest) => header(req, 'admintoken');
export const userTokenOf = (req: FastifyRequest) => header(req, 'usertoken');

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

/** The `Idempotency-Key` header as the OpenAPI document shows it on every signed-in POST (http/idempotency.ts). */
const keyHeader = zod.object({
  'idempotency-key': zod
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe(
      'One key per intent (1–255 visible ASCII characters), the same on every retry of it: within 24 h the same key, ' +
        'caller, path and body get the first answer again (header Idempotent-Replayed: true) and nothing runs twice; ' +
        'another body under a used key is refused (HTTP 422). After a 503 whose message says the outcome is unknown, ' +
        'retry with the same key.',
    ),
});

/** The OpenAPI entry of an endpoint (Fastify validates nothing itself: `readInput` does, in the caller's language). */
function schemaOf(e: Endpoint, extra: Record<string, unknown>) {
  const input = e.input as z.ZodType | undefined;
  return {
    ...(input ? (e.method === 'GET' ? { querystring: input } : { body: input }) : {}),
    ...(e.method === 'POST' && e.access !== 'public' ? { headers: keyHeader } : {}),
    ...(e.data ? { response: { 200: envelopeSchema(e.data as z.ZodType) } } : {}),
    ...extra,
  };
}

/** The call's input checked against the endpoint's schema: status 2 naming the field, never a 500. */
function readInput(e: Endpoint, req: FastifyRequest): unknown {
  const raw = e.method === 'GET' ? req.query : (req.body ?? {});
  refuseUnstorable(raw);
  const input = e.input as z.ZodType | undefined;
  if (!input) return {};
  const r = input.safeParse(raw, { reportInput: true });
  if (!r.success) throw zodToError(r.error);
  return r.data;
}

const okBody = (lang: Lang, ok: OkMessage, data: unknown): Envelope<unknown> => ({
  status: Status.OK,
  msg: t(lang, ok[0], ok[1]),
  data: data ?? null,
});

/**
 * THE endpoint wrapper, for both audiences of the API: operators (`route`: `/admin/…`, `/api/…`, header `admintoken`,
 * permission and super guard, the operation-log row of every mutation) and platform users (`appRoute`: `/app/…`,
 * header `usertoken`, no permission, no log). Both check the input (status 2 naming the field) and answer in the
 * `{status, msg, data}` envelope in the caller's language; every failure goes through `toEnvelope`. A POST with an
 * `Idempotency-Key` runs once per key and principal; its retries get its first answer (http/idempotency.ts).
 *
 *   route(app, ctx, usersApi.list, ({ admin, input }) => listUsers(ctx, admin, input));
 *   appRoute(app, ctx, rechargeApi.create, async ({ user, input }) => createRecharge(ctx, user.userId, input));
 */
export function route<E extends Endpoint>(app: FastifyInstance, ctx: AppContext, e: E, handler: Handler<E>): void {
  if (e.guard) throw new Error(`${e.path} is guarded ('${e.guard}' in its contract): install it with guardedRoute and its guard`);
  install(app, ctx, e, handler, undefined);
}

/**
 * A guarded endpoint's route: the same wrapper, and before the handler runs the guard's gate may hold the call for a
 * second administrator (modules/approvals), who later runs the same handler as the maker (`runAsMaker`).
 *
 *   guardedRoute(app, ctx, usersGuards.updateAmt);
 */
export function guardedRoute<E extends Endpoint>(app: FastifyInstance, ctx: AppContext, g: GuardedEndpoint<E>): void {
  if (!g.endpoint.guard) throw new Error(`${g.endpoint.path} has no guard in its contract: install it with route`);
  install(app, ctx, g.endpoint, g.handler, g);
}

/** A held call's handler run on approval: the maker's stored input, as the maker is now, in the maker's language. */
export async function runAsMaker<E extends Endpoint>(
  g: GuardedEndpoint<E>,
  call: { ctx: AppContext; input: unknown; maker: Principal; lang: Lang; req: unknown; reply: unknown },
): Promise<GuardedOutcome> {
  let a: { targetId?: string | number | null; before?: unknown; after?: unknown } = {};
  let msg: OkMessage = ['ok', undefined];
  const data = await g.handler({
    input: call.input as InputOut<E>,
    admin: call.maker as PrincipalOf<E>,
    lang: call.lang,
    ctx: call.ctx,
    req: call.req as FastifyRequest,
    reply: call.reply as FastifyReply,
    audit: (x) => (a = { ...a, ...x }),
    message: (key, params) => (msg = [key, params]),
  });
  return { data, audit: a, msg: t(call.lang, msg[0], msg[1]) };
}

function install<E extends Endpoint>(
  app: FastifyInstance,
  ctx: AppContext,
  e: E,
  handler: Handler<E>,
  guard: GuardedEndpoint<E> | undefined,
): void {
  app.route({
    method: e.method,
    url: e.path,
    schema: schemaOf(e, {
      ...(e.summary ? { summary: e.summary } : {}),
      ...(e.access !== 'public' ? { security: [{ admintoken: [] }] } : {}),
    }),
    handler: async (req, reply) => {
      const lang = parseLang(req.headers.lang);
      let admin: Principal | null = null;
      let audit: { targetId?: string | number | null; before?: unknown; after?: unknown } = {};
      let okMsg: OkMessage = ['ok', undefined];
      let parsed: unknown;
      let result: Answer;
      const run = new CallRun();
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
        const key = idempotentCall(ctx.db, req, admin ? `admin:${admin.adminId}` : null);
        parsed = readInput(e, req);
        // a replay is the first call's answer and nothing else: no second effect, no second log row
        const prior = await run.claim(key, lang);
        if (prior) return replay(reply, prior);
        const reads = typeof e.access === 'object' && READ_ACTIONS.has(e.access.action) && !!ctx.database.replica;
        const handle = () =>
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
        const direct = reads ? () => readsOnReplica(admin?.adminId ?? null, handle) : handle;
        // with a read standby, a change holds this admin's next reads on the primary (their list shows it): told before
        // it runs, so the other instances hear it before the answer can reach the operator's next call
        if (ctx.database.replica && admin && e.method === 'POST' && !READ_ACTIONS.has(typeof e.access === 'object' ? e.access.action : ''))
          ctx.hooks.emit('adminWrote', admin.adminId);
        // dual control: a call its rule holds is stored for a second administrator (in its own transaction, which
        // the log row and the key's mark join) and answered `data.approval`; nothing else is done until approval
        const gate = guard && admin ? guard : undefined;
        const call = gate
          ? async () => {
              const held = await gate.hold(ctx, {
                input: parsed,
                raw: e.method === 'GET' ? req.query : req.body,
                admin: admin!,
                lang,
              });
              if (!held) return direct();
              okMsg = ['approval_held', undefined];
              audit = { ...audit, after: { approval: held } };
              return { approval: held } as DataOf<E>;
            }
          : direct;
        // a mutation's log row and its key's mark are written inside the transaction that commits its change
        const data = await run.run(oplog, call);
        databaseAnswered();
        if (reply.sent) {
          await run.abandon();
          return reply;
        }
        result = { http: 200, body: okBody(lang, okMsg, data) };
      } catch (err) {
        result = run.failed(err, lang, req);
      }
      if (oplog && result.body.status !== Status.LOGIN_REQUIRED) {
        await oplog
          .finish(result.body.status, result.body.msg)
          .catch((err) => (isConnectionError(err) ? connectionLost(err) : req.log.error({ err }, 'operation log write failed')));
      }
      return run.answer(reply, result);
    },
  });
}

/** The platform users' side of the wrapper above (`access` is `public` or `signedIn`: users have no permissions). */
export function appRoute<E extends Endpoint>(
  app: FastifyInstance,
  ctx: AppContext,
  e: E,
  handler: (c: AppCall<InputOut<E>, UserOf<E>>) => Promise<DataOf<E>>,
): void {
  if (typeof e.access === 'object') throw new Error(`app endpoint ${e.path}: access must be 'public' or 'signedIn'`);
  app.route({
    method: e.method,
    url: e.path,
    // (no `security` entry: the OpenAPI document declares only the admintoken scheme; the summaries name usertoken)
    schema: schemaOf(e, { summary: `${e.summary ?? e.path}${e.access !== 'public' ? ' [header usertoken]' : ''}`, tags: ['app'] }),
    handler: async (req, reply) => {
      const lang = parseLang(req.headers.lang);
      let okMsg: OkMessage = ['ok', undefined];
      let result: Answer;
      const run = new CallRun();
      try {
        let user: AppUser | null = null;
        const token = userTokenOf(req);
        if (e.access !== 'public' || token) {
          user = await ctx.authenticateUser(token);
          if (!user && e.access !== 'public') throw loginRequired();
        }
        const key = idempotentCall(ctx.db, req, user ? `user:${user.userId}` : null);
        const parsed = readInput(e, req);
        const prior = await run.claim(key, lang);
        if (prior) return replay(reply, prior);
        const call = () =>
          handler({
            input: parsed as InputOut<E>,
            user: user as UserOf<E>,
            lang,
            ctx,
            req,
            reply,
            message: (key, params) => (okMsg = [key, params]),
          });
        const data = await run.run(undefined, call);
        if (reply.sent) {
          await run.abandon();
          return reply;
        }
        result = { http: 200, body: okBody(lang, okMsg, data) };
      } catch (err) {
        result = run.failed(err, lang, req);
      }
      return run.answer(reply, result);
    },
  });
}
