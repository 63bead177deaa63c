import { corpactionsApi } from '@stock-admin/contracts/corpactions';
import { planText } from '@stock-admin/contracts/exrights';
import { t } from '../../app/i18n.js';
import { defineGuard } from '../approvals/index.js';
import { readAction } from './reads.js';
import { judgeBatch } from './import.js';
import { assertRunnable } from './run.js';
import { assertCancellable, assertPlatformStaff, checkAction, stockByGid } from './service.js';
import { addBatch } from './import.js';
import { runDay } from './run.js';
import { addAction, cancelAction } from './service.js';

/** Corporate actions under dual control (`corporate.action`, on until an operator writes its rule). */
export const corpactionsGuards = {
  add: defineGuard({
    endpoint: corpactionsApi.add,
    handler: async ({ ctx, admin, input, audit, message }) => {
      assertPlatformStaff(admin);
      const a = await addAction(ctx, admin.adminId, input);
      audit({ targetId: a.id, after: { code: a.gid, plan: a.plan, recordDate: a.recordDate, exDate: a.exDate } });
      message('corpaction.added');
      return a;
    },
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
  addBatch: defineGuard({
    endpoint: corpactionsApi.addBatch,
    handler: async ({ ctx, admin, input, lang, audit, message }) => {
      assertPlatformStaff(admin);
      const ids = await addBatch(ctx, admin.adminId, input, lang);
      audit({ targetId: input.fileName, after: { ids } });
      message('corpaction.batch_added', { count: ids.length });
      return { added: ids.length };
    },
    target: (i) => `corp-file:${i.fileName}:${i.rows.length}`,
    precheck: async (ctx, i, admin, lang) => {
      assertPlatformStaff(admin);
      await judgeBatch(ctx, i, lang);
    },
    summary: async (_db, i, lang) => t(lang, 'approval.corporate.batch', { count: i.rows.length, file: i.fileName }),
  }),
  cancel: defineGuard({
    endpoint: corpactionsApi.cancel,
    handler: async ({ ctx, admin, input, audit, message }) => {
      assertPlatformStaff(admin);
      const a = await cancelAction(ctx, admin.adminId, input.id, input.reason);
      audit({ targetId: a.id, after: { status: a.status, reason: input.reason } });
      message('corpaction.cancelled');
      return a;
    },
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
  run: defineGuard({
    endpoint: corpactionsApi.run,
    handler: async ({ ctx, admin, input, audit, message }) => {
      assertPlatformStaff(admin);
      const r = await runDay(ctx, input.day, admin.adminId);
      audit({
        targetId: input.day,
        after: { run: r.id, actions: r.actions, positions: r.positions, credited: r.credited, debited: r.debited },
      });
      message('corpaction.ran', { actions: r.actions, positions: r.positions });
      return r;
    },
    target: (i) => `corp-run:${i.day}`,
    precheck: async (ctx, i, admin) => {
      assertPlatformStaff(admin);
      await assertRunnable(ctx, i.day);
    },
    summary: async (_db, i, lang) => t(lang, 'approval.corporate.run', { day: i.day }),
  }),
};
