import type { MarketPhase } from '@stock-admin/contracts';

/**
 * The Shanghai trading calendar (Asia/Shanghai, which keeps no daylight saving: UTC+8 all year, so the
 * local clock is plain arithmetic on epoch ms). Weekends and the holiday list are closed; a trading day
 * runs the call auction 9:15–9:30 (the open is fixed at 9:25), the morning session 9:30–11:30 and the
 * afternoon session 13:00–15:00. Every interval is half-open: 11:30:00 is already the break and
 * 13:00:00 already trades.
 */
const OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

const hm = (h: number, m: number) => (h * 60 + m) * 60;
export const AUCTION_START_S = hm(9, 15);
export const OPEN_PRICE_S = hm(9, 25);
export const MORNING = [hm(9, 30), hm(11, 30)] as const;
export const AFTERNOON = [hm(13, 0), hm(15, 0)] as const;
/** Seconds of continuous trading in a day (4 h). */
export const TRADING_SECONDS = MORNING[1] - MORNING[0] + (AFTERNOON[1] - AFTERNOON[0]);

/**
 * Exchange holidays on weekdays (SSE notices). QUOTE_HOLIDAYS adds to them (the exchange publishes the
 * next year's list each December).
 */
export const SSE_HOLIDAYS: readonly string[] = [
  // 2026: New Year, Spring Festival, Qingming, Labour Day, Dragon Boat, Mid-Autumn, National Day
  '2026-01-01',
  '2026-01-02',
  '2026-02-16',
  '2026-02-17',
  '2026-02-18',
  '2026-02-19',
  '2026-02-20',
  '2026-02-23',
  '2026-04-06',
  '2026-05-01',
  '2026-05-04',
  '2026-05-05',
  '2026-06-19',
  '2026-09-25',
  '2026-10-01',
  '2026-10-02',
  '2026-10-05',
  '2026-10-06',
  '2026-10-07',
  '2027-01-01',
];

export interface LocalTime {
  /** YYYY-MM-DD in Shanghai. */
  day: string;
  /** Seconds since local midnight. */
  seconds: number;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  /** Days since 1970-01-01 (local), a stable integer per day. */
  dayNumber: number;
}

export function shanghaiTime(epochMs: number): LocalTime {
  const local = epochMs + OFFSET_MS;
  const dayNumber = Math.floor(local / DAY_MS);
  const seconds = Math.floor((local - dayNumber * DAY_MS) / 1000);
  const d = new Date(dayNumber * DAY_MS);
  return { day: d.toISOString().slice(0, 10), seconds, weekday: d.getUTCDay(), dayNumber };
}

export class TradingCalendar {
  private readonly holidays: Set<string>;
  /** Seconds of continuous trading in a day. */
  readonly secondsPerDay: number = TRADING_SECONDS;
  /** Seconds after local midnight when the day's opening price is fixed. */
  readonly openPriceAt: number = OPEN_PRICE_S;
  /** A simulated session open all day (QUOTE_SESSION=continuous), not the exchange's hours. */
  readonly continuous: boolean = false;
  constructor(holidays: Iterable<string> = SSE_HOLIDAYS) {
    this.holidays = new Set(holidays);
  }

  isTradingDay(day: string): boolean {
    const wd = new Date(`${day}T00:00:00Z`).getUTCDay();
    return wd !== 0 && wd !== 6 && !this.holidays.has(day);
  }

  phaseAt(epochMs: number): MarketPhase {
    const t = shanghaiTime(epochMs);
    if (!this.isTradingDay(t.day)) return 'closed';
    const s = t.seconds;
    if (s < AUCTION_START_S || s >= AFTERNOON[1]) return 'closed';
    if (s < MORNING[0]) return 'auction';
    if (s < MORNING[1]) return 'open';
    if (s < AFTERNOON[0]) return 'break';
    return 'open';
  }

  /**
   * The trading day quotes belong to at this moment: today from the auction on, else the last trading day
   * before (so that at 8:00 on Monday the quotes are still Friday's).
   */
  tradingDayAt(epochMs: number): string {
    const t = shanghaiTime(epochMs);
    if (this.isTradingDay(t.day) && t.seconds >= AUCTION_START_S) return t.day;
    return this.previousTradingDay(t.day);
  }

  previousTradingDay(day: string): string {
    let ms = Date.parse(`${day}T00:00:00Z`);
    for (let i = 0; i < 60; i++) {
      ms -= DAY_MS;
      const d = new Date(ms).toISOString().slice(0, 10);
      if (this.isTradingDay(d)) return d;
    }
    throw new Error(`no trading day in the 60 days before ${day}`);
  }

  /** Seconds of continuous trading elapsed today at this moment (0 before 9:30, 14 400 from 15:00). */
  tradingSecondsAt(epochMs: number): number {
    const s = shanghaiTime(epochMs).seconds;
    const morning = Math.min(Math.max(s - MORNING[0], 0), MORNING[1] - MORNING[0]);
    const afternoon = Math.min(Math.max(s - AFTERNOON[0], 0), AFTERNOON[1] - AFTERNOON[0]);
    return morning + afternoon;
  }
}

/**
 * The demo's market (QUOTE_SESSION=continuous): every day trades, all day long, and its trading day is today in
 * Shanghai — so that prices move, buys arrive and the review queues fill at whatever hour the demo is opened.
 */
export class ContinuousCalendar extends TradingCalendar {
  override readonly secondsPerDay = DAY_MS / 1000;
  override readonly openPriceAt = 0;
  override readonly continuous = true;

  override isTradingDay(_day?: string): boolean {
    return true;
  }

  override phaseAt(_epochMs?: number): MarketPhase {
    return 'open';
  }

  override tradingDayAt(epochMs: number): string {
    return shanghaiTime(epochMs).day;
  }

  override tradingSecondsAt(epochMs: number): number {
    return shanghaiTime(epochMs).seconds;
  }
}
