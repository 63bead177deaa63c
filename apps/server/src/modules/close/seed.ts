import type { AppContext } from '../../app/context.js';
import { addDays, dayOf } from './statement.js';
import { closeThrough } from './service.js';

/** The demo's books: the 30 days before today closed from its history (the first one's opening read from the whole ledger). */
export async function seedCloses(ctx: AppContext): Promise<void> {
  const yesterday = addDays(dayOf(new Date()), -1);
  await closeThrough(ctx, addDays(yesterday, -29), null);
  await closeThrough(ctx, yesterday, null);
}
