import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCOUNT_TYPE_LABELS, REAL_STATE_LABELS, USER_FILE_PATH, usersApi } from '@stock-admin/contracts';
import type { AppContext } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { can } from '../../http/permissions.js';
import { parseLang, t } from '../../app/i18n.js';
import { guardedRoute, route } from '../../http/route.js';
import { assertUserInScope, isAgentStaff } from '../_kit/scope.js';
import { sendCsv, stamp } from '../../http/csv.js';
import { readUploadForAdmin, saveUpload } from './uploads.js';
import { usersGuards } from './approval-guards.js';
import { addBankByAdmin, deleteBankByAdmin, listBanks, updateBankByAdmin } from './banks.js';
import { iterateUsers } from './export.js';
import { listUsers } from './list.js';
import { reviewRealName } from './review.js';
import * as svc from './service.js';

/**
 * Runs a handler, then masks sensitive input fields in place: the operation log records the parsed
 * input object, and full card or ID numbers must not end up there.
 */
async function masking<I extends object, T>(input: I, fields: string[], fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } finally {
    const o = input as Record<string, unknown>;
    for (const f of fields) if (typeof o[f] === 'string') o[f] = `****${(o[f] as string).slice(-4)}`;
  }
}

/** The admin token of a file request: header, `?token=` / `?admintoken=`, or the console's Access-Token cookie. */
function fileToken(req: FastifyRequest): string | undefined {
  const h = req.headers.admintoken;
  const header = Array.isArray(h) ? h[0] : h;
  if (header) return header;
  const q = req.query as Record<string, unknown>;
  const fromQuery = q.token ?? q.admintoken;
  if (typeof fromQuery === 'string' && fromQuery) return fromQuery;
  const cookie = (req as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies?.['Access-Token'];
  return cookie ? decodeURIComponent(cookie).replace(/^"|"$/g, '') : undefined;
}

export function usersRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, usersApi.list, ({ input, admin }) => listUsers(ctx.db, admin, input));
  route(app, ctx, usersApi.detail, ({ input, admin }) => svc.userDetail(ctx, admin, input.id));

  route(app, ctx, usersApi.addSimulatedAccount, async ({ input, admin, audit, message }) => {
    const item = await svc.addUserByAdmin(ctx, admin, input);
    audit({ targetId: item.id, after: { phone: item.phone, accountType: item.accountType, agentId: item.agentId, userAmt: item.userAmt } });
    message('user_added_ok');
    return { id: item.id };
  });

  route(app, ctx, usersApi.update, async ({ input, admin, audit, message }) => {
    const r = await masking(input, ['idNumber'], () => svc.updateUser(ctx, admin, input));
    audit({ targetId: input.id, before: r.before, after: r.after });
    message('user_updated_ok');
    return r.item;
  });

  route(app, ctx, usersApi.localUpload, async ({ input, admin, audit }) => {
    if (input.userId != null) await assertUserInScope(ctx.db, admin, input.userId, 'userId');
    // agent staff files must belong to a user of their subtree
    else if (isAgentStaff(admin)) throw fail('user_upload_user_required');
    const r = await saveUpload(ctx.db, input.file, { adminId: admin.adminId, userId: input.userId ?? null });
    audit({ targetId: input.userId ?? null, after: { key: r.key, mime: r.mime, size: r.size } });
    return r;
  });

  route(app, ctx, usersApi.getBank, ({ input, admin }) => listBanks(ctx, admin, input.userId));
  route(app, ctx, usersApi.addBank, async ({ input, admin, audit, message }) => {
    const b = await masking(input, ['cardNo'], () => addBankByAdmin(ctx, admin, input));
    audit({ targetId: input.userId, after: { id: b.id, bankName: b.bankName, cardNo: b.cardNoMasked, holderName: b.holderName } });
    message('user_added_ok');
    return b;
  });
  route(app, ctx, usersApi.updateBank, async ({ input, admin, audit, message }) => {
    const r = await masking(input, ['cardNo'], () => updateBankByAdmin(ctx, admin, input));
    audit({ targetId: r.item.userId, before: r.before, after: r.after });
    message('user_updated_ok');
    return r.item;
  });
  route(app, ctx, usersApi.delBank, async ({ input, admin, audit, message }) => {
    const before = await deleteBankByAdmin(ctx, admin, input.id);
    audit({ targetId: before.userId, before });
    message('user_deleted_ok');
    return null;
  });

  // dual control: held for a second administrator at or over the balance rule's threshold
  guardedRoute(app, ctx, usersGuards.updateAmt);
  guardedRoute(app, ctx, usersGuards.virtualUpdateAmt);

  route(app, ctx, usersApi.authByAdmin, async ({ input, admin, audit }) => {
    const r = await reviewRealName(ctx, admin, input);
    audit({ targetId: input.id, before: r.before, after: r.after });
    return r.item;
  });

  route(app, ctx, usersApi.delete, async ({ input, admin, audit, message }) => {
    const before = await svc.deleteUser(ctx, admin, input.id);
    audit({ targetId: input.id, before: { phone: before.phone, realName: before.realName, agentId: before.agentId } });
    message('user_deleted_ok');
    return null;
  });

  route(app, ctx, usersApi.kickOut, async ({ input, admin, audit, message }) => {
    const sessions = await svc.kickOutUser(ctx, admin, input.id);
    audit({ targetId: input.id, after: { sessions } });
    message('user_kicked_ok');
    return { sessions };
  });

  route(app, ctx, usersApi.updateList, async ({ input, admin, audit, message }) => {
    const r = await svc.updateMany(ctx, admin, input);
    audit({
      targetId: input.ids.join(',').slice(0, 200),
      before: r.before,
      after: { loginLocked: input.loginLocked, tradeLocked: input.tradeLocked, agentId: input.agentId, layeringId: input.layeringId },
    });
    message('user_updated_ok');
    return { updated: r.updated };
  });

  route(app, ctx, usersApi.export, async ({ input, admin, lang, reply }) => {
    const yes = t(lang, 'csv.yes');
    const no = t(lang, 'csv.no');
    const cols = [
      'id',
      'phone',
      'nickName',
      'realName',
      'accountType',
      'agent',
      'userAmt',
      'enableAmt',
      'frozenAmt',
      'realState',
      'loginLocked',
      'tradeLocked',
      'layeringId',
      'regTime',
      'regIp',
    ];
    const label = (m: Record<number, { zh: string; en: string }>, v: number) => (lang === 'en-US' ? m[v]?.en : m[v]?.zh) ?? String(v);
    const batches = (async function* () {
      for await (const page of iterateUsers(ctx.db, admin, input)) {
        yield page.map((u) => [
          u.id,
          u.phone,
          u.nickName,
          u.realName,
          label(ACCOUNT_TYPE_LABELS, u.accountType),
          u.agentName,
          u.userAmt,
          u.enableAmt,
          u.frozenAmt,
          label(REAL_STATE_LABELS, u.realState),
          u.loginLocked ? yes : no,
          u.tradeLocked ? yes : no,
          u.layeringId,
          u.regTime,
          u.regIp,
        ]);
      }
    })();
    await sendCsv(
      reply,
      {
        filename: `users-${stamp()}.csv`,
        header: cols.map((c) => t(lang, `csv.user.${c}`)),
        audit: { db: ctx.db, admin, module: 'users', filters: input },
      },
      batches,
    );
    return null;
  });

  // Uploaded images through an authenticated URL (ID photos): admintoken header, ?token= or the Access-Token cookie.
  app.get<{ Params: { key: string } }>(`${USER_FILE_PATH}:key`, { schema: { hide: true } }, async (req, reply) => {
    const admin = await ctx.authenticate(fileToken(req));
    const allowed = admin && can(admin, 'userlist', 'get');
    const f = allowed ? await readUploadForAdmin(ctx.db, admin, req.params.key) : null;
    const lang = parseLang(req.headers.lang);
    if (!admin) return reply.send({ status: 10, msg: t(lang, 'login_required'), data: null });
    if (!f) return reply.code(404).send({ status: 1, msg: t(lang, 'user_file_not_found'), data: null });
    return reply
      .header('content-type', f.mime)
      .header('cache-control', 'private, max-age=300')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .send(f.data);
  });
}
