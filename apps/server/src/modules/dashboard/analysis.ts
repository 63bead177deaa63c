import Decimal from 'decimal.js';
import { sql, type SQL } from 'drizzle-orm';
import {
  ANALYSIS_MAX_DAYS,
  ANALYSIS_MAX_HOUR_DAYS,
  shanghaiDay,
  type AnalysisData,
  type AnalysisFigures,
  type AnalysisQuery,
} from '@stock-admin/contracts';
import { rows } from '../../db/rows.js';
import type { Db } from '../../db/client.js';
import type { Principal } from '../../app/context.js';
import { invalid } from '../../http/errors.js';
import { agentScope } from '../_kit/scope.js';
import { dayStart, inScope, nextDay, realAccount } from './scope.js';

/**
 * The analysis page's figures (issue 25), all computed in SQL over the caller's scope and real accounts:
 * deposits and withdrawals (and trading fees) from the ledger's daily summary `fund_stats` by day and agent,
 * from its hourly one `fund_stats_hour` by hour (from the records for agent staff: it has no agent); new users and
 * real-name approvals from `users`; trading volume from the daily summary of the positions opened `position_stats`
 * by day and agent (issue 51: a year's positions are millions), from the positions themselves by hour. By tier,
 * money and volume come from the tier summaries (0454). Days and hours are Asia/Shanghai.
 */
type Row = Record<string, string | number | null>;
type Acc = { [K in keyof AnalysisFigures]: K extends `${string}Count` | 'newUsers' | 'realNameApprovals' ? number : Decimal };
const DAY_MS = 86_400_000;

const empty = (): Acc => ({
  deposits: new Decimal(0),
  depositCount: 0,
  withdrawals: new Decimal(0),
  withdrawalCount: 0,
  netInflow: new Decimal(0),
  newUsers: 0,
  realNameApprovals: 0,
  tradeVolume: new Decimal(0),
  fees: new Decimal(0),
});
const out = (a: Acc): AnalysisFigures => ({
  deposits: a.deposits.toFixed(2),
  depositCount: a.depositCount,
  withdrawals: a.withdrawals.toFixed(2),
  withdrawalCount: a.withdrawalCount,
  netInflow: a.deposits.minus(a.withdrawals).toFixed(2),
  newUsers: a.newUsers,
  realNameApprovals: a.realNameApprovals,
  tradeVolume: a.tradeVolume.toFixed(2),
  fees: a.fees.toFixed(2),
});

/** The range's first and last Shanghai day. */
export function rangeOf(q: AnalysisQuery, now = new Date()): { start: string; end: string } {
  const today = shanghaiDay(now);
  const back = (n: number) => shanghaiDay(new Date(now.getTime() - n * DAY_MS));
  const r =
    q.range === 'today'
      ? { start: today, end: today }
      : q.range === '7d'
        ? { start: back(6), end: today }
        : q.range === '30d'
          ? { start: back(29), end: today }
          : { start: q.startDay!, end: q.endDay! };
  const days = (Date.parse(`${r.end}T00:00:00Z`) - Date.parse(`${r.start}T00:00:00Z`)) / DAY_MS + 1;
  if (days > (q.bucket === 'hour' ? ANALYSIS_MAX_HOUR_DAYS : ANALYSIS_MAX_DAYS)) throw invalid('endDay', 'reason.range_too_long');
  return r;
}

/** Every bucket of the range, so that days or hours without activity show as zero. */
function bucketsOf(start: string, end: string, bucket: 'day' | 'hour'): string[] {
  const days: string[] = [];
  for (let d = start; d <= end; d = nextDay(d)) days.push(d);
  if (bucket === 'day') return days;
  return days.flatMap((d) => Array.from({ length: 24 }, (_, h) => `${d} ${String(h).padStart(2, '0')}:00`));
}

/** One way of grouping the figures (a bucket, an agent or a tier): its key over each source. */
interface Grouping {
  /** over `fund_stats` (alias s) — or null to read the fund records (alias f), for groupings the summary lacks */
  stats: SQL | null;
  records: SQL;
  /** over users (alias u), on the time column given */
  user: (time: SQL) => SQL;
  /** over positions (alias p) */
  position: SQL;
  /** over `position_stats` (alias ps) — or null to read the positions, for groupings the summary lacks */
  positionStats: SQL | null;
  /** over `fund_stats_hour` (alias h), for an hourly grouping */
  hours?: SQL;
}

const FUND_TYPES = sql`('recharge', 'withdraw', 'fee', 'deferral_fee')`;

/**
 * `SELECT … GROUP BY GROUPING SETS` over `from`: the rows of `inner` (which selects the keys k0, k1, … and `rest`)
 * summed by each key in turn (and `also`), so that one pass of a source answers every grouping. Each row answers
 * `set`: the index of the grouping it belongs to.
 */
function groupingSets(keys: number, inner: SQL, sums: SQL, also?: string): SQL {
  const names = Array.from({ length: keys }, (_, i) => `k${i}`);
  const sets = names.map((k) => `(${also ? `${k}, ${also}` : k})`).join(', ');
  const which = names.map((k, i) => `WHEN GROUPING(${k}) = 0 THEN ${i}`).join(' ');
  const key = `CASE ${names.map((k) => `WHEN GROUPING(${k}) = 0 THEN ${k}::text`).join(' ')} END`;
  return sql`SELECT CASE ${sql.raw(which)} END AS set, ${sql.raw(key)} AS k${also ? sql.raw(`, ${also}`) : sql``}, ${sums}
             FROM (${inner}) x GROUP BY GROUPING SETS (${sql.raw(sets)})`;
}

/** The caller sees every agent (no agent scope): the summaries without an agent can answer them. */
const platformWide = (admin: Principal): boolean => agentScope(admin, sql`0`) === undefined;

/** The figures of a key of one grouping, made empty on first use. */
const accumulator =
  (acc: Map<string, Acc>[]) =>
  (set: unknown, k: unknown): Acc => {
    const m = acc[Number(set)]!;
    const key = String(k);
    let a = m.get(key);
    if (!a) m.set(key, (a = empty()));
    return a;
  };

/** A row of fund sums (`type`, `n`, `inn`, `outt`) added to its figures. */
function addFunds(a: Acc, r: Row): void {
  if (r.type === 'recharge') {
    a.deposits = a.deposits.plus(String(r.inn));
    a.depositCount += Number(r.n);
  } else if (r.type === 'withdraw') {
    a.withdrawals = a.withdrawals.minus(String(r.outt));
    a.withdrawalCount += Number(r.n);
  } else a.fees = a.fees.minus(String(r.outt)).minus(String(r.inn));
}

/**
 * The figures of the range by each of `groups` (a bucket, an agent, a tier), in one statement per source whatever
 * their number: deposits, withdrawals and fees from `fund_stats` (or the fund records), people from users, trading
 * volume from the positions opened.
 */
async function figures(
  db: Db,
  admin: Principal,
  range: { from: Date; to: Date; start: string; end: string },
  groups: Grouping[],
): Promise<Map<string, Acc>[]> {
  const acc = groups.map(() => new Map<string, Acc>());
  const at = accumulator(acc);
  const keys = (pick: (g: Grouping) => SQL) =>
    sql.join(
      groups.map((g, i) => sql`${pick(g)} AS ${sql.raw(`k${i}`)}`),
      sql`, `,
    );
  const fundRows = (r: Row, set: number) => addFunds(at(set, r.k), r);
  // each grouping from the smallest source that can answer it, one pass of each source for all its groupings: the
  // daily summary (by day, by agent); the hourly one (by hour, real accounts of every agent: not for agent staff,
  // as it has no agent); else the records themselves
  const unscoped = platformWide(admin);
  const sourceOf = (g: Grouping) => (g.stats ? 'stats' : g.hours && unscoped ? 'hours' : 'records');
  const fundFrom = {
    stats: (keys: SQL) => sql`SELECT ${keys}, s.type, s.n, s.amount_in AS inn, s.amount_out AS outt
          FROM fund_stats s
          WHERE s.day BETWEEN ${range.start}::date AND ${range.end}::date AND s.owner = 'u' AND s.account_type = 0
            AND s.type IN ${FUND_TYPES} AND ${inScope(admin, sql`s.agent_id`)}`,
    hours: (keys: SQL) => sql`SELECT ${keys}, h.type, h.n, h.amount_in AS inn, h.amount_out AS outt
          FROM fund_stats_hour h
          WHERE h.hour >= ${range.from} AND h.hour < ${range.to} AND h.owner = 'u' AND h.account_type = 0 AND h.type IN ${FUND_TYPES}`,
    records: (keys: SQL) => sql`SELECT ${keys}, f.type, 1 AS n, greatest(f.amount, 0) AS inn, least(f.amount, 0) AS outt
          FROM fund_records f
          WHERE f.created_at >= ${range.from} AND f.created_at < ${range.to} AND f.user_id IS NOT NULL AND ${realAccount(sql`f.user_id`)}
            AND f.type IN ${FUND_TYPES} AND ${inScope(admin, sql`f.owner_agent_id`)}`,
  };
  for (const source of ['stats', 'hours', 'records'] as const) {
    const picked = groups.flatMap((g, i) => (sourceOf(g) === source ? [i] : []));
    if (!picked.length) continue;
    const key = (g: Grouping) => (source === 'stats' ? g.stats! : source === 'hours' ? g.hours! : g.records);
    const keys = sql.join(
      picked.map((i, j) => sql`${key(groups[i]!)} AS ${sql.raw(`k${j}`)}`),
      sql`, `,
    );
    const q = groupingSets(picked.length, fundFrom[source](keys), sql`sum(n)::int AS n, sum(inn) AS inn, sum(outt) AS outt`, 'type');
    for (const r of rows<Row>(await db.execute(q))) fundRows(r, picked[Number(r.set)]!);
  }
  await addPeople(
    db,
    admin,
    range,
    groups.map((g) => g.user),
    at,
  );
  // the daily summary when it answers every grouping (by day, by agent), else the positions themselves
  const summarised = groups.every((g) => g.positionStats);
  const traded = groupingSets(
    groups.length,
    summarised
      ? // its stripes summed first: a key whose positions all moved away (n = 0) is not a row of zeros
        sql`SELECT ${keys((g) => g.positionStats!)}, ps.amount AS v
            FROM (SELECT day, agent_id, sum(amount) AS amount FROM position_stats
                  WHERE day BETWEEN ${range.start}::date AND ${range.end}::date AND account_type = 0 AND ${inScope(admin, sql`agent_id`)}
                  GROUP BY 1, 2 HAVING sum(n) <> 0) ps`
      : sql`SELECT ${keys((g) => g.position)}, p.buy_amount AS v
            FROM positions p
            WHERE p.opened_at >= ${range.from} AND p.opened_at < ${range.to} AND ${realAccount(sql`p.user_id`)} AND ${inScope(admin, sql`p.agent_id`)}`,
    sql`coalesce(sum(v), 0) AS v`,
  );
  for (const r of rows<Row>(await db.execute(traded))) {
    const a = at(r.set, r.k);
    a.tradeVolume = a.tradeVolume.plus(String(r.v));
  }
  return acc;
}

/** New users and real-name approvals of the range, from users, by each of `keys` (over users u, on the time column given). */
async function addPeople(
  db: Db,
  admin: Principal,
  range: { from: Date; to: Date },
  keys: ((time: SQL) => SQL)[],
  at: (set: unknown, k: unknown) => Acc,
): Promise<void> {
  const select = (time: SQL) =>
    sql.join(
      keys.map((key, i) => sql`${key(time)} AS ${sql.raw(`k${i}`)}`),
      sql`, `,
    );
  const people = groupingSets(
    keys.length,
    sql`SELECT ${select(sql`u.reg_time`)}, 1 AS reg, 0 AS real FROM users u
        WHERE u.reg_time >= ${range.from} AND u.reg_time < ${range.to} AND u.deleted_at IS NULL AND u.account_type = 0
          AND ${inScope(admin, sql`u.agent_id`)}
        UNION ALL
        SELECT ${select(sql`u.real_reviewed_at`)}, 0, 1 FROM users u
        WHERE u.real_reviewed_at >= ${range.from} AND u.real_reviewed_at < ${range.to} AND u.real_state = 2 AND u.deleted_at IS NULL
          AND u.account_type = 0 AND ${inScope(admin, sql`u.agent_id`)}`,
    sql`sum(reg)::int AS reg, sum(real)::int AS real`,
  );
  for (const r of rows<Row>(await db.execute(people))) {
    const a = at(r.set, r.k);
    a.newUsers += Number(r.reg);
    a.realNameApprovals += Number(r.real);
  }
}

/** The sum of a grouping's figures. */
function total(m: Map<string, Acc>): Acc {
  const t = empty();
  for (const a of m.values()) {
    t.deposits = t.deposits.plus(a.deposits);
    t.depositCount += a.depositCount;
    t.withdrawals = t.withdrawals.plus(a.withdrawals);
    t.withdrawalCount += a.withdrawalCount;
    t.newUsers += a.newUsers;
    t.realNameApprovals += a.realNameApprovals;
    t.tradeVolume = t.tradeVolume.plus(a.tradeVolume);
    t.fees = t.fees.plus(a.fees);
  }
  return t;
}

/** Names of the agents or tiers listed (by id). */
async function nameMap(db: Db, table: 'agents' | 'layering_tiers', ids: string[]): Promise<Map<number, string>> {
  const list = ids.map(Number).filter((n) => n > 0);
  if (!list.length) return new Map();
  const r = rows<{ id: number; name: string }>(
    await db.execute(
      sql`SELECT id, ${sql.raw(table === 'agents' ? 'name' : 'layering_name')} AS name FROM ${sql.raw(table)} WHERE id = ANY(${`{${list.join(',')}}`}::int[])`,
    ),
  );
  return new Map(r.map((x) => [Number(x.id), x.name]));
}

/** A breakdown's rows, most deposits first (then most new users), at most fifty. */
const ranked = <T>(m: Map<string, Acc>, make: (id: number, f: AnalysisFigures) => T): T[] =>
  [...m.entries()]
    .sort((a, b) => b[1].deposits.comparedTo(a[1].deposits) || b[1].newUsers - a[1].newUsers || Number(a[0]) - Number(b[0]))
    .slice(0, 50)
    .map(([k, a]) => make(Number(k), out(a)));

const shDay = (col: SQL) => sql`to_char(${col} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')`;
const shHour = (col: SQL) => sql`to_char(${col} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:00')`;

export async function analysis(db: Db, admin: Principal, q: AnalysisQuery, now = new Date()): Promise<AnalysisData> {
  const { start, end } = rangeOf(q, now);
  const range = { start, end, from: dayStart(start), to: dayStart(nextDay(end)) };
  if (q.tiers) return tierBreakdown(db, admin, q, range);
  const [byBucket, byAgent] = await figures(db, admin, range, [
    q.bucket === 'day'
      ? {
          stats: sql`to_char(s.day, 'YYYY-MM-DD')`,
          records: shDay(sql`f.created_at`),
          user: shDay,
          position: shDay(sql`p.opened_at`),
          positionStats: sql`to_char(ps.day, 'YYYY-MM-DD')`,
        }
      : {
          stats: null,
          hours: shHour(sql`h.hour`),
          records: shHour(sql`f.created_at`),
          user: shHour,
          position: shHour(sql`p.opened_at`),
          positionStats: null,
        },
    {
      stats: sql`s.agent_id`,
      records: sql`coalesce(f.owner_agent_id, 0)`,
      user: () => sql`coalesce(u.agent_id, 0)`,
      position: sql`coalesce(p.agent_id, 0)`,
      positionStats: sql`ps.agent_id`,
    },
  ]);
  const totals = total(byBucket!);
  const agentNames = await nameMap(db, 'agents', [...byAgent!.keys()]);
  return {
    startDay: start,
    endDay: end,
    bucket: q.bucket,
    totals: out(totals),
    series: bucketsOf(start, end, q.bucket).map((b) => ({ bucket: b, ...out(byBucket!.get(b) ?? empty()) })),
    byAgent: ranked(byAgent!, (id, f) => ({ agentId: id, agentName: agentNames.get(id) ?? '', ...f })),
    byTier: [],
  };
}

/**
 * The same figures by the users' current tier (`tiers: true`): series and agents are left empty. Money and volume
 * from the tier summaries (dashboard's 0454, which move a user's history when their tier or agent changes):
 * platform-wide from `tier_stats`, agent staff's from their subtree's rows of `tier_agent_stats`. People from users.
 */
async function tierBreakdown(
  db: Db,
  admin: Principal,
  q: AnalysisQuery,
  range: { from: Date; to: Date; start: string; end: string },
): Promise<AnalysisData> {
  // a user without a tier belongs to the default tier (its channels apply to them; the tier list counts them there)
  const orDefault = (tier: SQL) => sql`coalesce(${tier}, (SELECT d.id FROM layering_tiers d WHERE d.is_default ORDER BY d.id LIMIT 1), 0)`;
  const byTier = new Map<string, Acc>();
  const at = accumulator([byTier]);
  const from = platformWide(admin) ? sql`tier_stats ts WHERE true` : sql`tier_agent_stats ts WHERE ${inScope(admin, sql`ts.agent_id`)}`;
  const sums = rows<Row>(
    await db.execute(sql`
      SELECT ${orDefault(sql`nullif(ts.tier_id, 0)`)} AS k, ts.kind AS type, sum(ts.n)::int AS n, sum(ts.amount_in) AS inn,
             sum(ts.amount_out) AS outt
      FROM ${from} AND ts.day BETWEEN ${range.start}::date AND ${range.end}::date AND ts.account_type = 0
      GROUP BY 1, 2 HAVING sum(ts.n) <> 0`),
  );
  for (const r of sums) {
    const a = at(0, r.k);
    if (r.type === 'volume') a.tradeVolume = a.tradeVolume.plus(String(r.inn));
    else addFunds(a, r);
  }
  await addPeople(db, admin, range, [() => orDefault(sql`u.layering_id`)], at);
  const totals = total(byTier);
  const names = await nameMap(db, 'layering_tiers', [...byTier.keys()]);
  return {
    startDay: range.start,
    endDay: range.end,
    bucket: q.bucket,
    totals: out(totals),
    series: [],
    byAgent: [],
    byTier: ranked(byTier, (id, f) => ({ tierId: id, tierName: names.get(id) ?? '', ...f })),
  };
}
