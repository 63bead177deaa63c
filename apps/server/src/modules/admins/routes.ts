import type { FastifyInstance } from 'fastify';
import { adminsApi } from '@stock-admin/contracts';
import type { AppContext } from '../../app/context.js';
import { route } from '../../http/route.js';
import * as accounts from './accounts.js';
import { issueGoogleSecret, updateGoogle } from './google.js';
import { register, sendCode } from './register.js';
import { eq } from 'drizzle-orm';
import { admins } from './tables.js';
import { fail } from '../../http/errors.js';
import { unlockSignIn } from '../session/index.js';
import './messages.js';

export function adminsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, adminsApi.list, ({ admin, input }) => accounts.listAdmins(ctx, admin, input));
  route(app, ctx, adminsApi.current, ({ admin }) => accounts.currentAdmin(ctx, admin));
  route(app, ctx, adminsApi.add, ({ admin, input, audit }) => accounts.addAdmin(ctx, admin, input, audit));
  route(app, ctx, adminsApi.update, ({ admin, input, audit }) => accounts.updateAdmin(ctx, admin, input, audit));
  route(app, ctx, adminsApi.updateLock, ({ admin, input, audit }) => accounts.updateLock(ctx, admin, input, audit));
  route(app, ctx, adminsApi.unlockSignIn, async ({ admin, input, audit, message, req }) => {
    const [target] = await ctx.db.select({ username: admins.username }).from(admins).where(eq(admins.id, input.id)).limit(1);
    if (!target) throw fail('admin_not_found');
    await unlockSignIn(ctx.db, target.username, admin, { ip: req.ip });
    audit({ targetId: input.id, after: { username: target.username } });
    message('login_unlocked');
    return null;
  });
  route(app, ctx, adminsApi.del, ({ admin, input, audit }) => accounts.deleteAdmin(ctx, admin, input.id, audit));
  route(app, ctx, adminsApi.getGoogle, ({ admin, input, audit }) => issueGoogleSecret(ctx, admin, input.id, audit));
  route(app, ctx, adminsApi.updateGoogle, ({ admin, input, audit }) => updateGoogle(ctx, admin, input, audit));
  route(app, ctx, adminsApi.offline, async ({ admin, input, audit, message }) => {
    const r = await accounts.offlineAdmin(ctx, admin, input.id, audit);
    message('offline_ok', { count: r.sessions });
    return r;
  });
  route(app, ctx, adminsApi.updateChat, ({ admin, input, audit }) => accounts.updateChat(ctx, admin, input, audit));
  route(app, ctx, adminsApi.activate, async ({ admin, input, audit, message }) => {
    const r = await accounts.activateAdmin(ctx, admin, input, audit);
    message('activate_ok');
    return r;
  });
  route(app, ctx, adminsApi.sendCode, async ({ input, req, lang, message }) => {
    const r = await sendCode(ctx, input, req.ip, lang);
    message('sms_code_sent');
    return r;
  });
  route(app, ctx, adminsApi.register, async ({ input, req, lang, audit, message }) => {
    const r = await register(ctx, input, req.ip, lang);
    audit({ targetId: r.id, after: { adminUtopia: input.phone, email: input.email, status: 'pending', expiresAt: r.expiresAt } });
    message('register_ok');
    return r;
  });
}
