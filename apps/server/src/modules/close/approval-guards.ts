import { sql } from 'drizzle-orm';
import { reconcileApi } from '@stock-admin/contracts';
import { defineGuard } from '../approvals/index.js';
import { t } from '../../app/i18n.js';
import { rows } from '../../db/rows.js';
import { platformOnly } from './access.js';
import { reopenStatement } from './reconcile.js';

/** Reopening a reconciled channel-day (issue 66): one pending request per channel and day. */
export const closeGuards = {
  reopen: defineGuard({
    endpoint: reconcileApi.reopen,
    handler: async ({ ctx, admin, input, audit, message }) => {
      platformOnly(admin);
      const d = await reopenStatement(ctx, admin.username, input);
      audit({
        targetId: `${input.channelId}:${input.day}`,
        before: { status: 'reconciled' },
        after: { status: d.status, reason: input.reason },
      });
      message('recon.reopened');
      return d;
    },
    target: (i) => `recon:${i.channelId}:${i.day}`,
    summary: async (db, i, lang) => {
      const [c] = rows<{ name: string }>(await db.execute(sql`SELECT display_name AS name FROM pay_channels WHERE id = ${i.channelId}`));
      return t(lang, 'approval.recon.reopen', { channel: c?.name ?? `#${i.channelId}`, day: i.day, reason: i.reason });
    },
  }),
};
