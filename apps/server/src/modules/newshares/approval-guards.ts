import { newsharesApi } from '@stock-admin/contracts';
import { defineGuard } from '../approvals/index.js';
import { fail } from '../../http/errors.js';
import { assertCsvText } from '../../http/csv.js';
import { isAgentStaff } from '../_kit/scope.js';
import { allotFromFile } from './batch.js';
import * as lists from './lists.js';
import * as svc from './service.js';

// quantities in messages with thousands separators (the same in both languages)
const QUANTITY = new Intl.NumberFormat('en-US');

/**
 * Allotting new shares (`newshare.allot`): each allotment freezes or takes the subscriber's money; held for a second
 * administrator when its rule says so, run now or as its maker on approval.
 */
export const newsharesGuards = {
  allot: defineGuard({
    endpoint: newsharesApi.allot,
    handler: async ({ ctx, input, admin, message }) => {
      await lists.subscriptionById(ctx.db, input.id, admin);
      await svc.allot(ctx.db, input.id, input.quantity, admin.adminId);
      const item = await lists.subscriptionById(ctx.db, input.id);
      if (input.quantity === 0) message('newshare.not_allotted');
      else message(`newshare.allotted.${item.kind}`, { quantity: QUANTITY.format(input.quantity) });
      return item;
    },
  }),
  batchAllot: defineGuard({
    endpoint: newsharesApi.batchAllot,
    handler: async ({ ctx, input, admin, audit, message }) => {
      // the file's bytes first: a file no line of which can be stored is refused before any statement
      assertCsvText(input.file.data);
      const issue = await lists.issueById(ctx.db, input.issueId);
      // agent staff allot only inside their subtree: the whole file is refused when it names anyone else
      if (isAgentStaff(admin)) throw fail('newshare.batch_not_for_agents');
      const report = await allotFromFile(ctx.db, issue.id, input.file.data, admin.adminId);
      audit({
        targetId: issue.code,
        after: {
          file: input.file.filename,
          applied: report.applied,
          allotted: report.allotted,
          notAllotted: report.notAllotted,
          failed: report.failed,
        },
      });
      if (!report.applied) throw fail('newshare.batch_refused', { failed: report.failed }, report);
      message('newshare.batch_allotted', { allotted: report.allotted, notAllotted: report.notAllotted });
      return report;
    },
  }),
};
