import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AudienceUser, audienceUsersQuery } from '@stock-admin/contracts';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { likeContains } from '../../db/like.js';
import type { Principal } from '../../app/context.js';
import { agentScope } from '../_kit/scope.js';
import { tierMembers } from './audience.js';
import { maskPhone } from './shapes.js';
import { pageSql } from '../../db/paging.js';

/** Users a sender may choose (their scope only): by phone, name, nickname or id; by agent subtree or tier. */
export async function pickUsers(db: Db, actor: Principal, q: z.output<typeof audienceUsersQuery>) {
  const w = [sql`u.deleted_at IS NULL`, agentScope(actor, sql`u.agent_id`) ?? sql`true`];
  if (q.keyword) {
    const k = likeContains(q.keyword);
    const id = /^\d{1,9}$/.test(q.keyword) ? Number(q.keyword) : -1;
    w.push(sql`(u.phone LIKE ${k} OR u.real_name ILIKE ${k} OR u.nick_name ILIKE ${k} OR u.id = ${id})`);
  }
  if (q.agentId) w.push(sql`u.agent_id IN (SELECT x.id FROM agents x WHERE x.path @> ARRAY[${q.agentId}::int])`);
  if (q.tierId) w.push(tierMembers(q.tierId));
  const where = sql.join(w, sql` AND `);
  const [list, total] = await Promise.all([
    db.execute(sql`SELECT u.id, u.phone, u.real_name, u.nick_name, a.name AS agent_name FROM users u LEFT JOIN agents a ON a.id = u.agent_id
                   WHERE ${where} ORDER BY u.id DESC ${pageSql(q)}`),
    db.execute(sql`SELECT count(*)::int AS n FROM users u WHERE ${where}`),
  ]);
  type R = { id: number; phone: string; real_name: string | null; nick_name: string; agent_name: string | null };
  return {
    list: rows<R>(list).map((r): AudienceUser => ({
      id: r.id,
      phone: maskPhone(r.phone),
      realName: r.real_name,
      nickName: r.nick_name,
      agentName: r.agent_name,
    })),
    total: rows<{ n: number }>(total)[0]?.n ?? 0,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}
