import type { SocketEventType, SocketMessage } from '@stock-admin/contracts';
import type { BadgeKey } from '../../lib/badges';

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
      params: { user: string; amount: string };
      /** The record's page (with `id` when the event names the record). */
      link: string;
      /** Stays until closed (no auto-dismiss). */
      persistent: boolean;
      /** Notices about the same record replace each other. */
      key?: string;
    }
  | { kind: 'kickout' };

/** The list page each event's record lives on (the header badge targets of spec §2, plus deposits). */
export const RECORD_PAGE: Record<Exclude<SocketEventType, 'KICKOUT_ANOTHER'>, string> = {
  WITHDRAW_REQUEST: '/capital/withdrawallist',
  BUY_GP_REQUEST: '/position/buyList',
  BUY_DZ_REQUEST: '/position/dzList',
  REAL_CHANGE: '/userlist/index',
  IDVERIFY_SUBMIT: '/userlist/index',
  IS_CONTRACT: '/contractsettings/list',
  RECHARGE: '/capital/rechargelist',
  RECHARGE_FAILURE: '/capital/rechargelist',
  CREATEORDER: '/capital/rechargelist',
};

type Data = Record<string, unknown>;

const asData = (v: unknown): Data => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Data) : {});
const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : undefined;

/** Who the event is about: the user's name, else the phone, else `#<userId>`, else '—'. */
export function userOf(d: Data): string {
  return text(d.userName) ?? text(d.realName) ?? text(d.phone) ?? (text(d.userId) ? `#${text(d.userId)}` : '—');
}

/**
 * A decimal-string amount with thousands separators and two decimals, computed on the string (money
 * is never turned into a float): '1234567.5' → '1,234,567.50'. Anything that is not a plain decimal
 * is shown as given ('—' when absent).
 */
export function formatAmount(v: unknown): string {
  const s = text(v);
  if (!s) return '—';
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) return s;
  const [, sign = '', int, frac = ''] = m;
  let cents = (frac + '00').slice(0, 2);
  let whole = int!.replace(/^0+(?=\d)/, '');
  if (frac.length > 2 && Number(frac[2]) >= 5) {
    // round half up on the digits
    const n = (BigInt(whole + cents) + 1n).toString().padStart(3, '0');
    whole = n.slice(0, -2);
    cents = n.slice(-2);
  }
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/**
 * The notice link: the record's list page, filtered to the record by its order number (the lists'
 * keyword filter) when the event names one, else by `id`.
 */
export function recordLink(type: keyof typeof RECORD_PAGE, d: Data): string {
  const orderNo = text(d.orderNo);
  if (orderNo) return `${RECORD_PAGE[type]}?keyword=${encodeURIComponent(orderNo)}`;
  const id = text(d.id);
  return id ? `${RECORD_PAGE[type]}?id=${encodeURIComponent(id)}` : RECORD_PAGE[type];
}

/** The effects of one server message (`type`, or `msgType` when `type` is absent). Unknown → none. */
export function effectsOf(msg: Pick<SocketMessage, 'type' | 'msgType' | 'data'>): Effect[] {
  const type = (msg.type ?? msg.msgType) as SocketEventType | undefined;
  const d = asData(msg.data);
  const notice = (t: 'RECHARGE_FAILURE' | 'CREATEORDER', level: 'info' | 'warning', name: string, persistent: boolean): Effect => ({
    kind: 'notice',
    level,
    titleKey: `${name}Title`,
    descKey: `${name}Desc`,
    params: { user: userOf(d), amount: formatAmount(d.amount) },
    link: recordLink(t, d),
    persistent,
    ...(text(d.id) ? { key: `${t}:${text(d.id)}` } : {}),
  });
  switch (type) {
    case 'WITHDRAW_REQUEST':
      return [
        { kind: 'bump', key: 2 },
        { kind: 'sound', name: 'withdraw' },
      ];
    case 'BUY_GP_REQUEST':
      return [{ kind: 'bump', key: 19 }];
    case 'BUY_DZ_REQUEST':
      return [{ kind: 'bump', key: 20 }];
    case 'REAL_CHANGE':
      return [{ kind: 'bump', key: 21 }];
    case 'IS_CONTRACT':
      return [{ kind: 'bump', key: 22 }];
    case 'IDVERIFY_SUBMIT':
      return [{ kind: 'bump', key: 'idVerify' }];
    case 'RECHARGE':
      return [{ kind: 'bump', key: 'recharge' }];
    case 'RECHARGE_FAILURE':
      return [notice('RECHARGE_FAILURE', 'warning', 'rechargeFailure', true)];
    case 'CREATEORDER':
      return [notice('CREATEORDER', 'info', 'createOrder', false)];
    case 'KICKOUT_ANOTHER':
      return [{ kind: 'kickout' }];
    default:
      return [];
  }
}
