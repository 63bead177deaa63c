import { logsApi } from '@stock-admin/contracts';
import { defineGuard } from '../approvals/index.js';
import { deleteLogs } from './service.js';

/**
 * Deleting operation-log rows (`access`): the record of who did what; held for a second administrator when its rule
 * says so, run now or as its maker on approval.
 */
export const logsGuards = {
  deleteLogs: defineGuard({
    endpoint: logsApi.deleteLogs,
    handler: async ({ ctx, input, audit, message }) => {
      const r = await deleteLogs(ctx.db, input);
      // of the operation log: the range of the chain removed and its last hash (this row is the tombstone)
      audit({ targetId: input.kind, after: r });
      message('logs_deleted', { count: r.deleted });
      return { deleted: r.deleted };
    },
  }),
};
