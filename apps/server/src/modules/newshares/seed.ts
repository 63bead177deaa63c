import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { addBondIssueInput, addShareIssueInput, shanghaiDay, stockBoardOf, type IssueKind } from '@stock-admin/contracts';
import { rows } from '../../db/rows.js';
import { admins, users } from '../_kit/parties.js';
import type { AppContext } from '../../app/context.js';
import * as svc from './service.js';

const DAY = 86_400_000;

/**
 * New-share demo data, made through the new-share services and the ledger: share and bond issues in every
 * phase (upcoming, subscribing today, awaiting listing, listed) and subscriptions in every status — pending,
 * not allotted, allotted and unpaid, paid, converted into positions, forfeited and cancelled. The listed
 * issue is a stock of the product list (conversion needs its product row).
 */
export async function seedNewshares(ctx: AppContext): Promise<void> {
  const db = ctx.db;
  const now = Date.now();
  const day = (k: number) => shanghaiDay(new Date(now + k * DAY));
  /** 10:00 Shanghai on a day: inside its window whatever the hour the demo starts at. */
  const at = (d: string) => new Date(`${d}T10:00:00+08:00`);
  const subscribers = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.realState, 2), eq(users.accountType, 0), isNull(users.deletedAt), sql`${users.enableAmt} >= 50000`))
    .orderBy(asc(users.id))
    .limit(10);
  const [op] = await db
    .select({ id: admins.id })
    .from(admins)
    .orderBy(sql`${admins.username} <> 'admin'`, asc(admins.id))
    .limit(1);
  // the listed issue became a stock of the product list
  const [listedStock] = rows<{ code: string; name: string; market: string }>(
    await db.execute(
      sql`SELECT code, name, market FROM stocks WHERE shown AND board = 'main' AND market = 'sh' AND NOT st ORDER BY id DESC LIMIT 1`,
    ),
  );
  if (subscribers.length < 6 || !op || !listedStock) return;
  const u = subscribers.map((s) => s.id);

  const issue = async (kind: IssueKind, v: Record<string, unknown>) => {
    const parsed = (kind === 'bond' ? addBondIssueInput : addShareIssueInput).parse({
      market: 'sh',
      issueSize: kind === 'bond' ? 5_000_000 : 40_000_000,
      maxPerUser: kind === 'bond' ? 1000 : 20_000,
      issuePrice: kind === 'bond' ? '100' : undefined,
      ...v,
    });
    const board = stockBoardOf(parsed.market, parsed.code);
    return svc.createIssue(db, kind, parsed, kind === 'bond' ? 'bond' : 'board' in board ? board.board : 'main');
  };
  const dates = (sub: number) => ({
    subscribeDate: day(sub),
    allotDate: day(sub + 2),
    payDeadline: day(sub + 3),
    listingDate: day(sub + 8),
  });

  // upcoming: nothing to do yet
  await issue('share', { code: '603398', name: '华信新材', issuePrice: '18.62', peRatio: '22.91', subscribeType: 'public', ...dates(3) });
  await issue('bond', { code: '113698', name: '华信转债', underlyingCode: '603398', subscribeType: 'public', ...dates(4) });

  // subscribing today: applications pending allotment, one cancelled by its user
  const today = await issue('share', {
    code: '603259',
    name: '恒瑞精密',
    issuePrice: '24.80',
    peRatio: '19.37',
    subscribeType: 'public',
    ...dates(0),
  });
  const todayPlacement = await issue('share', {
    code: '688531',
    name: '科芯微电',
    issuePrice: '36.50',
    peRatio: '45.20',
    subscribeType: 'placement',
    ...dates(0),
  });
  const todayBond = await issue('bond', {
    code: '113701',
    name: '恒瑞转债',
    underlyingCode: '600276',
    subscribeType: 'public',
    ...dates(0),
  });
  const nowSub = at(day(0));
  for (const [k, id] of u.slice(0, 5).entries()) await svc.apply(db, id, today.id, 1000 * (k + 1), nowSub);
  for (const id of u.slice(0, 3)) await svc.apply(db, id, todayPlacement.id, 500, nowSub);
  for (const id of u.slice(2, 6)) await svc.apply(db, id, todayBond.id, 100, nowSub);
  const withdrawn = await svc.apply(db, u[5]!, today.id, 2000, nowSub);
  await svc.cancel(db, withdrawn.id, u[5]!);

  // allotment announced, not listed yet: allotted (one paid, one waiting to pay), not allotted, a placement paid
  const allotting = await issue('share', {
    code: '601127',
    name: '东方电控',
    issuePrice: '12.35',
    peRatio: '21.08',
    subscribeType: 'public',
    ...dates(-2),
  });
  const placed = await issue('share', {
    code: '603087',
    name: '甘源智造',
    issuePrice: '9.88',
    peRatio: '17.60',
    subscribeType: 'placement',
    ...dates(-2),
  });
  const subDay = at(day(-2));
  const allotDay = at(day(0));
  const a = await Promise.all(u.slice(0, 4).map((id) => svc.apply(db, id, allotting.id, 2000, subDay)));
  await svc.allot(db, a[0]!.id, 1000, op.id, allotDay);
  await svc.pay(db, a[0]!.id, null, allotDay);
  await svc.allot(db, a[1]!.id, 500, op.id, allotDay);
  await svc.allot(db, a[2]!.id, 0, op.id, allotDay);
  const p = await Promise.all(u.slice(0, 2).map((id) => svc.apply(db, id, placed.id, 1000, subDay)));
  await svc.allot(db, p[0]!.id, 500, op.id, allotDay);

  // listed: converted into a position, forfeited (never paid), not allotted
  const listed = await issue('share', {
    code: listedStock.code,
    name: listedStock.name,
    market: listedStock.market,
    issuePrice: '15.20',
    peRatio: '23.00',
    subscribeType: 'public',
    ...dates(-10),
  });
  const lsub = at(day(-10));
  const lallot = at(day(-8));
  const l = await Promise.all(u.slice(0, 3).map((id) => svc.apply(db, id, listed.id, 1000, lsub)));
  await svc.allot(db, l[0]!.id, 1000, op.id, lallot);
  await svc.pay(db, l[0]!.id, null, lallot);
  await svc.convert(db, l[0]!.id, op.id, at(day(-2)));
  await svc.allot(db, l[1]!.id, 500, op.id, lallot);
  await svc.forfeit(db, l[1]!.id);
  await svc.allot(db, l[2]!.id, 0, op.id, lallot);
}
