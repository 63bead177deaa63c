import type { FastifyInstance } from 'fastify';
import { adminsApi } from '@stock-admin/contracts';
import type { AppContext } from '../../app/context.js';
import { guardedRoute, route } from '../../http/route.js';
import { adminsGuards } from './approval-guards.js';
import * as accounts from './accounts.js';
import { issueGoogleSecret } from './google.js';
import { register, sendCode } from './register.js';
import './messages.js';

export function adminsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, adminsApi.list, ({ admin, input }) => accounts.listAdmins(ctx, admin, input));
  route(app, ctx, adminsApi.current, ({ admin }) => accounts.currentAdmin(ctx, admin));
  guardedRoute(app, ctx, adminsGuards.add);
  guardedRoute(app, ctx, adminsGuards.update);
  guardedRoute(app, ctx, adminsGuards.updateLock);
  guardedRoute(app, ctx, adminsGuards.unlockSignIn);
  guardedRoute(app, ctx, adminsGuards.del);
  route(app, ctx, adminsApi.getGoogle, ({ admin, input, audit }) => issueGoogleSecret(ctx, admin, input.id, audit));
  guardedRoute(app, ctx, adminsGuards.updateGoogle);
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
