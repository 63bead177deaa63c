import { rolesApi } from '@stock-admin/contracts';
import { defineGuard } from '../approvals/index.js';
import * as roles from './service.js';

/**
 * Changes to what a role may do (`access`); held for a second administrator when its rule says so, run now or as its
 * maker on approval.
 */
export const rolesGuards = {
  add: defineGuard({
    endpoint: rolesApi.add,
    handler: ({ ctx, admin, input, lang, audit }) => roles.addRole(ctx, admin, lang, input, audit),
  }),
  update: defineGuard({
    endpoint: rolesApi.update,
    handler: ({ ctx, admin, input, lang, audit }) => roles.updateRole(ctx, admin, lang, input, audit),
  }),
  del: defineGuard({
    endpoint: rolesApi.del,
    handler: ({ ctx, input, audit }) => roles.deleteRole(ctx, input.id, audit),
  }),
};
