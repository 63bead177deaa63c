import { sql } from 'drizzle-orm';
import { reconcileApi } from '@stock-admin/contracts';
import { defineGuard } from '../_kit/guards.js';
import { t } from '../../app/i18n.js';
import { rows } from '../../db/rows.js';

/** Reopening a reconciled channel-day (issue 66): one pending request per channel and day. */
export const closeGuards = [
  defineGuard({
    endpoint: reconcileApi.reopen,
    target: (i) => `recon:${i.channelId}:${i.day}`,
    summary: async (db, i, lang) => {
      const [c] = rows<{ name: string }>(await db.execute(sql`SELECT display_name AS name FROM pay_channels WHERE id = ${i.channelId}`));
      return t(lang, 'approval.recon.reopen', { channel: c?.name ?? `#${i.channelId}`, day: i.day, reason: i.reason });
    },
  }),
];
