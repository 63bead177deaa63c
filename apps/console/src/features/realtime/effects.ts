import type { Lang, SocketMessage } from '@stock-admin/contracts';
// The zod-free entry: this table is all the socket path needs.
import { isRoutedEvent, liveEvent, type LiveEventDef, type RoutedEventType } from '@stock-admin/contracts/live-events';
import type { BadgeKey } from '../../lib/badges';
import { formatMoney } from '../../shared/money';

/**
 * What each live event does in the console (spec §4 "Socket events and header counters"), as data:
 * `useLiveNotices()` carries the effects out. Pure, so the table is tested as a table.
 */
export type Effect =
  | { kind: 'bump'; key: BadgeKey }
  | { kind: 'sound'; name: 'withdraw' | 'message' }
  | {
      kind: 'notice';
      level: 'info' | 'warning';
      /** i18n keys under `realtime.` */
      titleKey: string;
      descKey: string;
      params: { user: string; amount: string; detail: string };
      /** The record's page (with `id` when the event names the record). */
      link: string;
      /** Stays until closed (no auto-dismiss). */
      persistent: boolean;
      /** Notices about the same record replace each other. */
      key?: string;
    }
  | { kind: 'kickout' }
  /** A pending count went down somewhere: ask the server for the counters again. */
  | { kind: 'recount' };

/** The list page each event's record lives on (`LIVE_EVENTS` in contracts, or the domain's `defineLiveEvents`). */
export const recordPage = (type: RoutedEventType): string => liveEvent(type).page;

type Data = Record<string, unknown>;

const asData = (v: unknown): Data => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Data) : {});
/** A line the server says in both languages (`{'zh-CN', 'en-US'}`, e.g. a held request's summary), in the reader's. */
const saidIn = (v: unknown, lang: Lang): string | undefined =>
  v && typeof v === 'object' && typeof (v as Record<string, unknown>)[lang] === 'string' ? (v as Record<string, string>)[lang] : undefined;

const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : undefined;

/** Who the event is about: the user's name, else the phone, else `#<userId>`, else '—'. */
export function userOf(d: Data): string {
  return text(d.userName) ?? text(d.realName) ?? text(d.phone) ?? (text(d.userId) ? `#${text(d.userId)}` : '—');
}

/** An event's amount as every page shows money (shared/money); '—' when absent. */
export function formatAmount(v: unknown): string {
  const s = text(v);
  return s ? formatMoney(s) : '—';
}

/**
 * The notice link: the record's list page, filtered to the record by its order number (the lists'
 * keyword filter) when the event names one, else by `id`.
 */
export function recordLink(type: RoutedEventType, d: Data): string {
  const orderNo = text(d.orderNo);
  if (orderNo) return `${recordPage(type)}?keyword=${encodeURIComponent(orderNo)}`;
  const id = text(d.id);
  return id ? `${recordPage(type)}?id=${encodeURIComponent(id)}` : recordPage(type);
}

/**
 * The effects of one server message (`type`, or `msgType` when `type` is absent), derived from its
 * row of `LIVE_EVENTS`: the counter bump, the sound, the notice. Unknown → none.
 */
export function effectsOf(msg: Pick<SocketMessage, 'type' | 'msgType' | 'data'>, lang: Lang = 'zh-CN'): Effect[] {
  const type = msg.type ?? msg.msgType;
  if (type === 'KICKOUT_ANOTHER') return [{ kind: 'kickout' }];
  if (!type || !isRoutedEvent(type)) return [];
  const def: LiveEventDef = liveEvent(type);
  const d = asData(msg.data);
  const effects: Effect[] = [];
  if (def.counter) effects.push({ kind: 'bump', key: def.badge ?? (def.counter as BadgeKey) });
  if (def.sound) effects.push({ kind: 'sound', name: def.sound });
  if (def.recount) effects.push({ kind: 'recount' });
  if (def.notice) {
    effects.push({
      kind: 'notice',
      level: def.notice.level,
      titleKey: `${def.notice.name}Title`,
      descKey: `${def.notice.name}Desc`,
      params: { user: userOf(d), amount: formatAmount(d.amount), detail: saidIn(d.summary, lang) ?? text(d.reason) ?? '' },
      link: recordLink(type, d),
      persistent: def.notice.persistent,
      ...(text(d.id) ? { key: `${type}:${text(d.id)}` } : {}),
    });
  }
  return effects;
}
