import { sql } from 'drizzle-orm';
import { SUB_STATUS, shanghaiDay } from '@stock-admin/contracts';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import type { AppContext } from '../../app/context.js';
import { AppError } from '../../http/errors.js';
import { defineJob } from '../../jobs/registry.js';
import { convert, forfeit } from './service.js';

/**
 * Scheduled work of new shares (once per cluster by the job runner). Each record moves in its own
 * transaction through the same conditional UPDATE as the console's buttons, so a rerun or a concurrent
 * click changes nothing twice.
 */

/** Allotments still unpaid after their payment deadline (a Shanghai day) are forfeited. */
export async function forfeitOverdue(db: Db, now = new Date()): Promise<{ forfeited: number }> {
  const ids = rows<{ id: number }>(
    await db.execute(sql`
      SELECT s.id FROM newshare_subscriptions s JOIN newshare_issues i ON i.id = s.issue_id
      WHERE s.status = ${SUB_STATUS.allotted} AND i.pay_deadline < ${shanghaiDay(now)}::date ORDER BY s.id`),
  );
  let forfeited = 0;
  for (const { id } of ids) if (await forfeit(db, id)) forfeited++;
  return { forfeited };
}

/**
 * On (or after) listing day, paid subscriptions of issues set to convert by themselves become positions; ones
 * whose product row is missing wait for the next run.
 */
export async function convertListed(db: Db, now = new Date()): Promise<{ converted: number; waiting: number }> {
  const ids = rows<{ id: number }>(
    await db.execute(sql`
      SELECT s.id FROM newshare_subscriptions s JOIN newshare_issues i ON i.id = s.issue_id
      WHERE s.status = ${SUB_STATUS.paid} AND i.auto_convert AND i.listing_date <= ${shanghaiDay(now)}::date ORDER BY s.id`),
  );
  const out = { converted: 0, waiting: 0 };
  for (const { id } of ids) {
    try {
      await convert(db, id, null, now);
      out.converted++;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      out.waiting++;
    }
  }
  return out;
}

export const newsharesJobs = [
  defineJob({
    key: 'newshares-forfeit',
    name: { zh: '逾期未缴款作废', en: 'Forfeit unpaid allotments' },
    schedule: '5 0 * * *',
    run: (ctx: AppContext) => forfeitOverdue(ctx.db),
  }),
  defineJob({
    key: 'newshares-convert',
    name: { zh: '上市日自动转持仓', en: 'Convert on listing day' },
    schedule: '25 9 * * *',
    run: (ctx: AppContext) => convertListed(ctx.db),
  }),
];
