import { adminsApi } from '@stock-admin/contracts';
import { defineGuard } from '../approvals/index.js';
import { eq } from 'drizzle-orm';
import { fail } from '../../http/errors.js';
import { unlockSignIn } from '../session/index.js';
import * as accounts from './accounts.js';
import { updateGoogle } from './google.js';
import { admins } from '../_kit/parties.js';

/**
 * Changes to who may sign in and with what (`access`); held for a second administrator when its rule says so, run now
 * or as its maker on approval.
 */
export const adminsGuards = {
  add: defineGuard({
    endpoint: adminsApi.add,
    handler: ({ ctx, admin, input, audit }) => accounts.addAdmin(ctx, admin, input, audit),
  }),
  update: defineGuard({
    endpoint: adminsApi.update,
    handler: ({ ctx, admin, input, audit }) => accounts.updateAdmin(ctx, admin, input, audit),
  }),
  updateLock: defineGuard({
    endpoint: adminsApi.updateLock,
    handler: ({ ctx, admin, input, audit }) => accounts.updateLock(ctx, admin, input, audit),
  }),
  unlockSignIn: defineGuard({
    endpoint: adminsApi.unlockSignIn,
    handler: async ({ ctx, admin, input, audit, message, req }) => {
      const [target] = await ctx.db.select({ username: admins.username }).from(admins).where(eq(admins.id, input.id)).limit(1);
      if (!target) throw fail('admin_not_found');
      await unlockSignIn(ctx.db, target.username, admin, { ip: req.ip });
      audit({ targetId: input.id, after: { username: target.username } });
      message('login_unlocked');
      return null;
    },
  }),
  del: defineGuard({
    endpoint: adminsApi.del,
    handler: ({ ctx, admin, input, audit }) => accounts.deleteAdmin(ctx, admin, input.id, audit),
  }),
  updateGoogle: defineGuard({
    endpoint: adminsApi.updateGoogle,
    handler: ({ ctx, admin, input, audit }) => updateGoogle(ctx, admin, input, audit),
  }),
};
