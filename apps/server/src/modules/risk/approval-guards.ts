import { riskApi } from '@stock-admin/contracts';
import { defineGuard } from '../approvals/index.js';
import type { Principal } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { saveDoc, dropRiskCache } from './settings.js';
import * as spread from './spread.js';

/** The rules are the platform's: agent staff read them but never change them, whatever their role grants. */
function mayChange(admin: Principal): void {
  if (admin.agentId != null) throw fail('risk.agent_readonly');
}

/**
 * The risk settings (`risk.settings`): what every trade and force-close is judged by; held for a second administrator
 * when its rule says so, run now or as its maker on approval.
 */
export const riskGuards = {
  stockUpdate: defineGuard({
    endpoint: riskApi.stockUpdate,
    handler: async ({ ctx, input, admin, audit, message }) => {
      mayChange(admin);
      const { before, after, saved } = await saveDoc(ctx, 'stock', input, admin.adminId);
      audit({ targetId: 'stock', before, after });
      message('risk.saved');
      return saved;
    },
  }),
  productUpdate: defineGuard({
    endpoint: riskApi.productUpdate,
    handler: async ({ ctx, input, admin, audit, message }) => {
      mayChange(admin);
      const { before, after, saved } = await saveDoc(ctx, 'product', input, admin.adminId);
      audit({ targetId: 'product', before, after });
      message('risk.saved');
      return saved;
    },
  }),
  indexUpdate: defineGuard({
    endpoint: riskApi.indexUpdate,
    handler: async ({ ctx, input, admin, audit, message }) => {
      mayChange(admin);
      const { before, after, saved } = await saveDoc(ctx, 'index', input, admin.adminId);
      audit({ targetId: 'index', before, after });
      message('risk.saved');
      return saved;
    },
  }),
  spreadAdd: defineGuard({
    endpoint: riskApi.spreadAdd,
    handler: async ({ ctx, input, admin, audit, message }) => {
      mayChange(admin);
      const item = await spread.addSpreadRule(ctx.db, input);
      dropRiskCache(ctx);
      audit({ targetId: item.id, after: item });
      message('spread.added');
      return item;
    },
  }),
  spreadUpdate: defineGuard({
    endpoint: riskApi.spreadUpdate,
    handler: async ({ ctx, input, admin, audit, message }) => {
      mayChange(admin);
      const { before, item } = await spread.updateSpreadRule(ctx.db, input.id, input);
      dropRiskCache(ctx);
      audit({ targetId: item.id, before, after: item });
      message('spread.updated');
      return item;
    },
  }),
  spreadDelete: defineGuard({
    endpoint: riskApi.spreadDelete,
    handler: async ({ ctx, input, admin, audit, message }) => {
      mayChange(admin);
      const before = await spread.deleteSpreadRule(ctx.db, input.id);
      dropRiskCache(ctx);
      audit({ targetId: before.id, before });
      message('spread.deleted');
      return null;
    },
  }),
};
