import { sql, type SQL } from 'drizzle-orm';
import { shanghaiDay, TEMPLATE_VARIABLES, type TemplateVariable } from '@stock-admin/contracts';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';

/**
 * The values of template variables (contracts, message templates) for one user: what `{{realName}}` and the rest
 * become. The ID number is the masked one the platform keeps readable. {@link fillSql} computes the same values in
 * SQL for sends to many users at once; a test holds the two equal.
 */
export async function userTemplateValues(
  db: Db,
  userId: number,
  now = new Date(),
): Promise<Partial<Record<TemplateVariable, string>> | null> {
  const [r] = rows<{
    id: number;
    real_name: string | null;
    nick_name: string;
    phone: string;
    id_card: string | null;
    agent_name: string | null;
    balance: string;
  }>(
    await db.execute(sql`
      SELECT u.id, u.real_name, u.nick_name, u.phone, u.id_number_masked AS id_card, a.name AS agent_name, u.enable_amt::text AS balance
      FROM users u LEFT JOIN agents a ON a.id = u.agent_id WHERE u.id = ${userId} AND u.deleted_at IS NULL`),
  );
  if (!r) return null;
  const day = shanghaiDay(now);
  return {
    realName: r.real_name ?? '',
    nickName: r.nick_name,
    phone: r.phone,
    userId: String(r.id),
    idCard: r.id_card ?? '',
    agentName: r.agent_name ?? '',
    balance: fixed2(r.balance),
    date: day,
    signDate: day,
  };
}

const SAMPLES: Partial<Record<TemplateVariable, string>> = Object.fromEntries(TEMPLATE_VARIABLES.map((v) => [v.key, v.sample]));

/** The values for a user, or (no user, or one no longer there) the variables' samples: what previews show. */
export async function templateValuesOrSamples(db: Db, userId: number | null | undefined, now = new Date()) {
  return (userId != null ? await userTemplateValues(db, userId, now) : null) ?? SAMPLES;
}

/** A decimal string with two places, without going through a float. */
function fixed2(v: string): string {
  const [i, f = ''] = v.split('.');
  return `${i}.${(f + '00').slice(0, 2)}`;
}

/**
 * SQL computing a text with its variables filled for the user row `u` (joined `LEFT JOIN agents a ON a.id =
 * u.agent_id`): the same values as {@link userTemplateValues}.
 */
export function fillSql(text: SQL | string, now = new Date()): SQL {
  const day = shanghaiDay(now);
  const values: [TemplateVariable, SQL][] = [
    ['realName', sql`coalesce(u.real_name, '')`],
    ['nickName', sql`u.nick_name`],
    ['phone', sql`u.phone`],
    ['userId', sql`u.id::text`],
    ['idCard', sql`coalesce(u.id_number_masked, '')`],
    ['agentName', sql`coalesce(a.name, '')`],
    ['balance', sql`to_char(trunc(u.enable_amt, 2), 'FM9999999999999990.00')`],
    ['date', sql`${day}::text`],
    ['signDate', sql`${day}::text`],
  ];
  let out: SQL = typeof text === 'string' ? sql`${text}::text` : text;
  for (const [k, v] of values) out = sql`replace(${out}, ${`{{${k}}}`}::text, ${v})`;
  return out;
}
