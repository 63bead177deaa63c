import { and, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { UserItem, userFilters } from '@stock-admin/contracts';
import { users } from '../_kit/parties.js';
import { rows } from '../../db/rows.js';
import type { Db } from '../../db/client.js';
import type { Principal } from '../../app/context.js';
import { LIST_COLUMNS, listItem, userListIds, userListWhere, type ListSqlRow } from './list.js';

/** Users of the filters, newest registrations first, in batches (keyset on registration time and id), for the CSV export. */
export async function* iterateUsers(db: Db, p: Principal, q: z.output<typeof userFilters>, batch = 1000): AsyncGenerator<UserItem[]> {
  const cond = userListWhere(q, await userListIds(db, p, q, { fresh: true }));
  let last: { regTime: string; id: number } | undefined;
  for (;;) {
    const after = last ? sql`(${users.regTime}, ${users.id}) < (${last.regTime}::timestamptz, ${last.id}::int)` : undefined;
    const where = and(cond, after);
    const page = rows<ListSqlRow & { reg_key: string }>(
      await db.execute(sql`SELECT ${LIST_COLUMNS}, u.reg_time::text AS reg_key
        FROM (SELECT id FROM users ${where ? sql`WHERE ${where}` : sql``} ORDER BY reg_time DESC, id DESC LIMIT ${batch}) p
        JOIN users u ON u.id = p.id
        ORDER BY u.reg_time DESC, u.id DESC`),
    );
    if (!page.length) return;
    yield page.map(listItem);
    if (page.length < batch) return;
    const tail = page[page.length - 1]!;
    last = { regTime: tail.reg_key, id: Number(tail.id) };
  }
}
