import { eq } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { PaySettings, PaySettingsInput } from '@stock-admin/contracts';
import { paySettings } from './tables.js';
import type { Db } from '../../db/client.js';
import type { AppContext } from '../../app/context.js';
import { reference } from '../../app/reference.js';
import { PLATFORM_TIME_ZONE } from '../../lib/timezone.js';

/** The zone of the withdrawal window and of "today" for daily caps. */
export const PAY_TIME_ZONE = PLATFORM_TIME_ZONE;

type Row = typeof paySettings.$inferSelect;

/** Trailing zeros off a rate (`0.500000` → `0.5`). */
const trimRate = (v: string) => new Decimal(v).toString();

function toSettings(r: Row): PaySettings {
  return {
    minRecharge: r.minRecharge,
    minWithdraw: r.minWithdraw,
    withdrawFeePercent: trimRate(r.withdrawFeePercent),
    withdrawFeeFixed: r.withdrawFeeFixed,
    withdrawStart: r.withdrawStart,
    withdrawEnd: r.withdrawEnd,
    maxOpenRechargePerHour: r.maxOpenRechargePerHour,
    timeZone: PAY_TIME_ZONE,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The site-wide rules (one row, created by the migration). Pass a transaction to read inside it. */
export async function getPaySettings(db: Db): Promise<PaySettings> {
  const [r] = await db.select().from(paySettings).where(eq(paySettings.id, 1)).limit(1);
  if (!r) throw new Error('pay_settings row is missing');
  return toSettings(r);
}

/** The rules deposits and withdrawals check, cached per instance until a save anywhere drops them. */
const current = reference<PaySettings>('pay', (ctx) => getPaySettings(ctx.db));
export const paySettingsOf = (ctx: AppContext): Promise<PaySettings> => current.read(ctx);

export async function updatePaySettings(
  ctx: AppContext,
  input: PaySettingsInput,
  adminId: number,
): Promise<{ before: PaySettings; after: PaySettings }> {
  const before = await getPaySettings(ctx.db);
  const [r] = await ctx.db
    .update(paySettings)
    .set({ ...input, updatedBy: adminId, updatedAt: new Date() })
    .where(eq(paySettings.id, 1))
    .returning();
  current.drop(ctx);
  return { before, after: toSettings(r!) };
}

/** Fee of a withdrawal: amount × percent / 100 + fixed, rounded to cents (half up). */
export function withdrawFee(s: Pick<PaySettings, 'withdrawFeePercent' | 'withdrawFeeFixed'>, amount: string): string {
  return new Decimal(amount)
    .times(s.withdrawFeePercent)
    .dividedBy(100)
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
    .plus(s.withdrawFeeFixed)
    .toFixed(2);
}

// one formatter per time zone: building one costs more than a withdrawal's own checks (issue 64's profile)
const clocks = new Map<string, Intl.DateTimeFormat>();
const clockOf = (timeZone: string) => {
  let f = clocks.get(timeZone);
  if (!f) clocks.set(timeZone, (f = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })));
  return f;
};

/** Wall-clock `HH:mm` of an instant in the pay time zone. */
export function clockIn(now: Date, timeZone = PAY_TIME_ZONE): string {
  const parts = clockOf(timeZone).formatToParts(now);
  const h = parts.find((p) => p.type === 'hour')!.value;
  const m = parts.find((p) => p.type === 'minute')!.value;
  return `${h}:${m}`;
}

/** True when `now` falls in [withdrawStart, withdrawEnd) (Asia/Shanghai). */
export function withinWithdrawHours(s: Pick<PaySettings, 'withdrawStart' | 'withdrawEnd'>, now = new Date()): boolean {
  const t = clockIn(now);
  return t >= s.withdrawStart && t < s.withdrawEnd;
}
