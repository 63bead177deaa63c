import { riskApi } from '@stock-admin/contracts';
import { defineGuard } from '../approvals/index.js';
import type { Principal } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import type { Call } from '../../http/route.js';
import { saveDoc, dropRiskCache, type RiskDocs, type RiskKey } from './settings.js';
import * as spread from './spread.js';

/** The rules are the platform's: agent staff read them but never change them, whatever their role grants. */
function mayChange(admin: Principal): void {
  if (admin.agentId != null) throw fail('risk.agent_readonly');
}

/** One of the three versioned documents saved (refused when another save came first). */
async function saveSettings<K extends RiskKey>(c: Call<RiskDocs[K] & { version: number }>, key: K) {
  mayChange(c.admin);
  const { before, after, saved } = await saveDoc(c.ctx, key, c.input, c.admin.adminId);
  c.audit({ targetId: key, before, after });
  c.message('risk.saved');
  return saved;
}

/**
 * The risk settings (`risk.settings`): what every trade and force-close is judged by; held for a second administrator
 * when its rule says so, run now or as its maker on approval.
 */
export const riskGuards = {
  stockUpdate: defineGuard({ endpoint: riskApi.stockUpdate, handler: (c) => saveSettings(c, 'stock') }),
  productUpdate: defineGuard({ endpoint: riskApi.productUpdate, handler: (c) => saveSettings(c, 'product') }),
  indexUpdate: defineGuard({ endpoint: riskApi.indexUpdate, handler: (c) => saveSettings(c, 'index') }),
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
