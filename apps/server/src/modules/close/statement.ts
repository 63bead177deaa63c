import Decimal from 'decimal.js';
import { sql, type SQL } from 'drizzle-orm';
import type { CloseAccount, CloseMovement, CloseStatement } from '@stock-admin/contracts';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';

/**
 * A day's statement computed from the ledger (issue 50). Accounts are read from each fund record's `equity_delta`:
 * `users` the real users' equity as booked (free cash + held + margin in open positions), `simulated` the other
 * accounts' (apart, never the house's), `agents` the agents' balances; the `house` has no balance of its own, its
 * movements are the other side of what real users paid it (fees, spreads, deferral and withdrawal fees, realised
 * trading results) and of the commissions it paid agents.
 */

const HOUR_MS = 3_600_000;
/** Asia/Shanghai has no daylight saving time: a day starts at 16:00 UTC the day before. */
export const dayStart = (day: string): Date => new Date(`${day}T00:00:00+08:00`);
export const dayOf = (t: Date): string => new Date(t.getTime() + 8 * HOUR_MS).toISOString().slice(0, 10);
export const addDays = (day: string, n: number): string => dayOf(new Date(dayStart(day).getTime() + n * 24 * HOUR_MS));

/** The real users' record kinds whose other side is the house. */
const HOUSE_KINDS = ['fee', 'spread', 'deferral_fee', 'withdraw_fee', 'withdraw_fee_refund', 'sell_settlement'];

/** The account a fund record belongs to (`f` the record, `u` its user). */
const ACCOUNT = sql.raw(`CASE WHEN f.agent_id IS NOT NULL THEN 'agents' WHEN u.account_type = 0 THEN 'users' ELSE 'simulated' END`);
const KIND = sql.raw(`CASE WHEN f.type = 'fee' AND f.note = 'spread' THEN 'spread' ELSE f.type END`);
const idOf = (prefix: string) =>
  sql.raw(`CASE WHEN f.reference ~ '^${prefix}:[0-9]{1,18}$' THEN substr(f.reference, ${prefix.length + 2})::bigint END`);

export type Balances = Record<CloseAccount, Decimal>;
const zero = (): Balances => ({ users: new Decimal(0), agents: new Decimal(0), house: new Decimal(0), simulated: new Decimal(0) });
const m = (d: Decimal.Value) => new Decimal(d).toFixed(2);

/** Every account's figure from the records in `where` (the house's: the other side of its kinds). */
async function sums(tx: Db, where: SQL): Promise<Balances> {
  const out = zero();
  const list = rows<{ account: CloseAccount; kind: string; amount: string }>(
    await tx.execute(sql`
      SELECT ${ACCOUNT} AS account, ${KIND} AS kind, sum(f.equity_delta)::text AS amount
      FROM fund_records f LEFT JOIN users u ON u.id = f.user_id
      WHERE ${where} GROUP BY 1, 2`),
  );
  for (const r of list) {
    out[r.account] = out[r.account].plus(r.amount);
    if ((r.account === 'users' && HOUSE_KINDS.includes(r.kind)) || (r.account === 'agents' && r.kind === 'agent_commission'))
      out.house = out.house.minus(r.amount);
  }
  return out;
}

/** The accounts before `at` read from the whole ledger: the first close's opening (no chain before it). */
export const balancesBefore = (tx: Db, at: Date) => sums(tx, sql`f.created_at < ${at.toISOString()}`);

/** The accounts at `at` read from the balances now, less what was booked at or after `at` (the house: its running sum). */
async function ledgerAt(tx: Db, at: Date): Promise<Omit<Balances, 'house'>> {
  const [now] = rows<{ users: string; simulated: string; agents: string }>(
    await tx.execute(sql`
      SELECT (SELECT coalesce(sum(user_amt), 0) FROM users WHERE account_type = 0)::text AS users,
             (SELECT coalesce(sum(user_amt), 0) FROM users WHERE account_type <> 0)::text AS simulated,
             (SELECT coalesce(sum(balance), 0) FROM agents)::text AS agents`),
  );
  const later = await sums(tx, sql`f.created_at >= ${at.toISOString()}`);
  return {
    users: new Decimal(now!.users).minus(later.users),
    simulated: new Decimal(now!.simulated).minus(later.simulated),
    agents: new Decimal(now!.agents).minus(later.agents),
  };
}

interface MovementRow {
  account: CloseAccount;
  kind: string;
  channel_id: number | null;
  channel_name: string | null;
  n: number;
  amount: string;
  cash: string;
}

/** Kinds that move cash within an account's equity (its `amount` is 0): listed with the cash they moved. */
const CASH_KINDS = ['dividend'];

async function movementsOf(tx: Db, start: Date, end: Date): Promise<CloseMovement[]> {
  const list = rows<MovementRow>(
    await tx.execute(sql`
      SELECT t.account, t.kind, t.channel_id, c.display_name AS channel_name, t.n, t.amount, t.cash
      FROM (SELECT ${ACCOUNT} AS account, ${KIND} AS kind,
                   CASE WHEN f.type = 'recharge' THEN r.channel_id WHEN f.type = 'withdraw' THEN w.payout_channel_id END AS channel_id,
                   count(*)::int AS n, sum(f.equity_delta)::text AS amount, sum(f.enable_delta)::text AS cash
            FROM fund_records f
            LEFT JOIN users u ON u.id = f.user_id
            LEFT JOIN recharge_orders r ON f.type = 'recharge' AND r.id = ${idOf('recharge')}
            LEFT JOIN withdrawals w ON f.type = 'withdraw' AND w.id = ${idOf('withdraw')}
            WHERE f.created_at >= ${start.toISOString()} AND f.created_at < ${end.toISOString()}
              AND (f.equity_delta <> 0 OR f.type = ANY(${`{${CASH_KINDS.join(',')}}`}::text[]))
            GROUP BY 1, 2, 3) t
      LEFT JOIN pay_channels c ON c.id = t.channel_id
      ORDER BY t.account, t.kind, t.channel_id NULLS LAST`),
  );
  const out: CloseMovement[] = [];
  for (const r of list) {
    const perChannel = r.kind === 'recharge' || r.kind === 'withdraw';
    out.push({
      account: r.account,
      kind: r.kind,
      ...(perChannel ? { channelId: r.channel_id, channelName: r.channel_name } : {}),
      count: r.n,
      amount: m(r.amount),
      ...(CASH_KINDS.includes(r.kind) ? { cash: m(r.cash) } : {}),
    });
    if ((r.account === 'users' && HOUSE_KINDS.includes(r.kind)) || (r.account === 'agents' && r.kind === 'agent_commission'))
      out.push({ account: 'house', kind: r.kind, count: r.n, amount: m(new Decimal(r.amount).negated()) });
  }
  return out;
}

/**
 * Real users' open positions at `at`: by side, and the largest stocks and users. Market value: shares at the last price
 * known now (the day's close when the job closes the day after the market shut; the buy price when no quote is kept).
 */
async function exposureAt(tx: Db, at: Date): Promise<CloseStatement['exposure']> {
  const open = sql`FROM positions p JOIN users u ON u.id = p.user_id AND u.account_type = 0 LEFT JOIN quotes q ON q.gid = p.gid
                   WHERE p.opened_at < ${at.toISOString()} AND (p.closed_at IS NULL OR p.closed_at >= ${at.toISOString()})`;
  const figures = sql`count(*)::int AS n, sum(p.margin)::text AS margin, sum(p.buy_amount)::text AS cost,
                      sum(p.shares * coalesce(q.last, p.buy_price))::text AS value`;
  type Figures = { n: number; margin: string; cost: string; value: string };
  const sides = rows<Figures & { direction: string }>(await tx.execute(sql`SELECT p.direction, ${figures} ${open} GROUP BY 1`));
  const of = (s: Figures | undefined) => ({
    count: s?.n ?? 0,
    margin: m(s?.margin ?? 0),
    marketValue: m(s?.value ?? 0),
    cost: m(s?.cost ?? 0),
  });
  const side = (d: string) => of(sides.find((x) => x.direction === d));
  const topStocks = rows<Figures & { code: string; name: string }>(
    await tx.execute(sql`SELECT p.code, max(p.stock_name) AS name, ${figures}
                         ${open} GROUP BY 1 ORDER BY sum(p.buy_amount) DESC, 1 LIMIT 10`),
  );
  const topUsers = rows<Figures & { user_id: number; name: string }>(
    await tx.execute(sql`SELECT p.user_id, max(coalesce(nullif(u.real_name, ''), u.phone)) AS name, ${figures}
                         ${open} GROUP BY 1 ORDER BY sum(p.margin) DESC, 1 LIMIT 10`),
  );
  return {
    at: at.toISOString(),
    long: side('long'),
    short: side('short'),
    topStocks: topStocks.map((s) => ({ code: s.code, name: s.name, ...of(s) })),
    topUsers: topUsers.map((s) => ({ userId: s.user_id, name: s.name, ...of(s) })),
  };
}

/**
 * Whether the settlements the ledger booked for positions in [start, end) equal what the positions closed then say
 * (their P/L less sell fee and stamp duty, less any loss left as a debt), and those positions' sell fees and stamp duty.
 * Settlements without a position (imported history) are not compared.
 */
async function positionsClosed(tx: Db, start: Date, end: Date) {
  const [r] = rows<{ net: string; sell_fee: string; stamp: string; debts: string; settled: string }>(
    await tx.execute(sql`
      SELECT coalesce(sum(p.pnl - p.sell_fee - p.stamp_duty), 0)::text AS net, coalesce(sum(p.sell_fee), 0)::text AS sell_fee,
             (SELECT coalesce(sum(f.equity_delta), 0) FROM fund_records f
              JOIN positions fp ON fp.position_no = f.reference JOIN users fu ON fu.id = f.user_id AND fu.account_type = 0
              WHERE f.type = 'sell_settlement' AND f.created_at >= ${start.toISOString()} AND f.created_at < ${end.toISOString()})::text AS settled,
             coalesce(sum(p.stamp_duty), 0)::text AS stamp,
             (SELECT coalesce(sum(d.amount), 0) FROM trading_debts d JOIN users du ON du.id = d.user_id AND du.account_type = 0
              WHERE d.kind = 'loss' AND d.created_at >= ${start.toISOString()} AND d.created_at < ${end.toISOString()})::text AS debts
      FROM positions p JOIN users u ON u.id = p.user_id AND u.account_type = 0
      WHERE p.status = 'closed' AND p.closed_at >= ${start.toISOString()} AND p.closed_at < ${end.toISOString()}`),
  );
  // a loss beyond margin and free cash is a debt, not a movement of equity: the ledger booked the net less it
  return {
    agree: new Decimal(r!.settled).eq(new Decimal(r!.net).plus(r!.debts)),
    sellFees: m(r!.sell_fee),
    stampDuty: m(r!.stamp),
  };
}

export interface Computed {
  statement: CloseStatement;
  closing: Balances;
}

/** A statement's real-user deposits and withdrawals (every channel): the list's two columns. */
export function totalsOf(s: CloseStatement): { deposits: string; withdrawals: string } {
  const sum = (kind: string) =>
    s.movements.filter((x) => x.account === 'users' && x.kind === kind).reduce((t, x) => t.plus(x.amount), new Decimal(0));
  return { deposits: m(sum('recharge')), withdrawals: m(sum('withdraw').negated()) };
}

/**
 * The statement of `day` as of `asOf` (its end, or now for today), from `opening` (the previous day's stored closing,
 * or the ledger before the day) and `houseMonthOpening` (the house's result before the month began).
 */
export async function computeStatement(
  tx: Db,
  day: string,
  asOf: Date,
  opening: { balances: Balances; chained: boolean },
  houseMonthOpening: Decimal,
): Promise<Computed> {
  const start = dayStart(day);
  const movements = await movementsOf(tx, start, asOf);
  const ledger = await ledgerAt(tx, asOf);
  const moved = zero();
  for (const mv of movements) moved[mv.account] = moved[mv.account].plus(mv.amount);
  const closing = zero();
  const accounts = (['users', 'agents', 'house', 'simulated'] as const).map((account) => {
    closing[account] = opening.balances[account].plus(moved[account]);
    const fromLedger = account === 'house' ? closing.house : ledger[account];
    return { account, opening: m(opening.balances[account]), closing: m(closing[account]), ledger: m(fromLedger) };
  });
  const userSum = (kinds: string[]) =>
    movements.filter((x) => x.account === 'users' && kinds.includes(x.kind)).reduce((s, x) => s.plus(x.amount), new Decimal(0));
  const agentCommissions = movements
    .filter((x) => x.account === 'agents' && x.kind === 'agent_commission')
    .reduce((s, x) => s.plus(x.amount), new Decimal(0));
  const closed = await positionsClosed(tx, start, asOf);
  const sellSettled = userSum(['sell_settlement']);
  const statement: CloseStatement = {
    day,
    status: 'open',
    asOf: asOf.toISOString(),
    closedAt: null,
    closedBy: null,
    accounts,
    movements,
    house: {
      day: m(moved.house),
      monthToDate: m(closing.house.minus(houseMonthOpening)),
      fees: m(userSum(['fee']).negated()),
      spreads: m(userSum(['spread']).negated()),
      deferralFees: m(userSum(['deferral_fee']).negated()),
      withdrawalFees: m(userSum(['withdraw_fee', 'withdraw_fee_refund']).negated()),
      tradingResult: m(sellSettled.negated()),
      commissions: m(agentCommissions),
      sellFees: closed.sellFees,
      stampDuty: closed.stampDuty,
    },
    exposure: await exposureAt(tx, asOf),
    checks: {
      balanced: accounts.every((a) => a.closing === a.ledger),
      chained: opening.chained,
      positionsAgree: closed.agree,
      records: movements.filter((x) => x.account !== 'house').reduce((s, x) => s + x.count, 0),
    },
  };
  return { statement, closing };
}
