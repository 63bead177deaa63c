import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { Status, envelopeSchema, type DataOf, type Endpoint, type Envelope, type Lang } from '@stock-admin/contracts';
import type { AppContext } from '../../http/context.js';
import { loginRequired } from '../../http/errors.js';
import { parseLang, t } from '../../http/i18n.js';
import { refuseUnstorable } from '../../http/input.js';
import { toEnvelope, zodToError } from '../../http/route.js';
import { authenticateUser, type AppUser } from './sessions.js';

/** What an app endpoint handler receives. `user` is null only on public endpoints called without a token. */
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
type UserOf<E> = E extends { access: 'public' } ? AppUser | null : AppUser;

export function userTokenOf(req: FastifyRequest): string | undefined {
  const h = req.headers.usertoken;
  return (Array.isArray(h) ? h[0] : h) || undefined;
}

/**
 * Registers one endpoint of the platform user API (`/app/…`): `usertoken` check (status 10 when
 * missing or invalid on a `signedIn` endpoint), zod input validation (status 2 naming the field) and
 * the `{status, msg, data}` envelope in the caller's language. No admin permission, no operation log.
 * Endpoints use `access: 'public'` or `'signedIn'`.
 *
 *   appRoute(app, ctx, rechargeApi.create, async ({ user, input }) => createRecharge(ctx, user.userId, input));
 */
export function appRoute<E extends Endpoint>(
  app: FastifyInstance,
  ctx: AppContext,
  e: E,
  handler: (c: AppCall<InputOut<E>, UserOf<E>>) => Promise<DataOf<E>>,
): void {
  if (typeof e.access === 'object') throw new Error(`app endpoint ${e.path}: access must be 'public' or 'signedIn'`);
  const input = e.input as z.ZodType | undefined;
  app.route({
    method: e.method,
    url: e.path,
    schema: {
      ...(input ? (e.method === 'GET' ? { querystring: input } : { body: input }) : {}),
      ...(e.data ? { response: { 200: envelopeSchema(e.data as z.ZodType) } } : {}),
      summary: `${e.summary ?? e.path}${e.access !== 'public' ? ' [header usertoken]' : ''}`,
      tags: ['app'],
      // (no `security` entry: the OpenAPI document declares only the admintoken scheme; the usertoken header is named in the summaries)
    },
    handler: async (req, reply) => {
      const lang = parseLang(req.headers.lang);
      let okMsg: [string, Record<string, string | number> | undefined] = ['ok', undefined];
      let result: { http: number; body: Envelope<unknown> };
      try {
        let user: AppUser | null = null;
        const token = userTokenOf(req);
        if (e.access !== 'public' || token) {
          user = await authenticateUser(ctx, token);
          if (!user && e.access !== 'public') throw loginRequired();
        }
        const raw = e.method === 'GET' ? req.query : (req.body ?? {});
        refuseUnstorable(raw);
        let parsed: unknown = {};
        if (input) {
          const r = input.safeParse(raw, { reportInput: true });
          if (!r.success) throw zodToError(r.error);
          parsed = r.data;
        }
        const data = await handler({
          input: parsed as InputOut<E>,
          user: user as UserOf<E>,
          lang,
          ctx,
          req,
          reply,
          message: (key, params) => (okMsg = [key, params]),
        });
        if (reply.sent) return reply;
        result = { http: 200, body: { status: Status.OK, msg: t(lang, okMsg[0], okMsg[1]), data: data ?? null } };
      } catch (err) {
        result = toEnvelope(err, lang, req);
      }
      return reply.code(result.http).send(result.body);
    },
  });
}
