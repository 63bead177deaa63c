import { corpactionsApi } from '@stock-admin/contracts/corpactions';
import { planText } from '@stock-admin/contracts/exrights';
import { t } from '../../app/i18n.js';
import { defineGuard } from '../_kit/guards.js';
import { readAction } from './reads.js';
import { judgeBatch } from './import.js';
import { assertRunnable } from './run.js';
import { assertCancellable, assertPlatformStaff, checkAction, stockByGid } from './service.js';

/** Corporate actions under dual control (`corporate.action`, on until an operator writes its rule). */
export const corpactionsGuards = [
  defineGuard({
    endpoint: corpactionsApi.add,
    target: (i) => `corp:${i.gid}:${i.exDate}`,
    precheck: async (ctx, i, admin) => {
      assertPlatformStaff(admin);
      await checkAction(ctx, i);
    },
    summary: async (db, i, lang) => {
      const s = await stockByGid(db, i.gid);
      return t(lang, 'approval.corporate.add', { code: s ? `${s.gid} ${s.name}` : i.gid, plan: planText(i, lang), day: i.exDate });
    },
  }),
  defineGuard({
    endpoint: corpactionsApi.addBatch,
    target: (i) => `corp-file:${i.fileName}:${i.rows.length}`,
    precheck: async (ctx, i, admin, lang) => {
      assertPlatformStaff(admin);
      await judgeBatch(ctx, i, lang);
    },
    summary: async (_db, i, lang) => t(lang, 'approval.corporate.batch', { count: i.rows.length, file: i.fileName }),
  }),
  defineGuard({
    endpoint: corpactionsApi.cancel,
    target: (i) => `corp-cancel:${i.id}`,
    precheck: async (ctx, i, admin) => {
      assertPlatformStaff(admin);
      await assertCancellable(ctx.db, i.id);
    },
    summary: async (db, i, lang) => {
      const a = await readAction(db, i.id);
      return t(lang, 'approval.corporate.cancel', { id: i.id, code: a?.gid ?? '', plan: a ? planText(a, lang) : '', reason: i.reason });
    },
  }),
  defineGuard({
    endpoint: corpactionsApi.run,
    target: (i) => `corp-run:${i.day}`,
    precheck: async (ctx, i, admin) => {
      assertPlatformStaff(admin);
      await assertRunnable(ctx, i.day);
    },
    summary: async (_db, i, lang) => t(lang, 'approval.corporate.run', { day: i.day }),
  }),
];
