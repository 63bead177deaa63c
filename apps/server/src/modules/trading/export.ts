import { sql } from 'drizzle-orm';
import type { Lang, OrderItem, PositionItem } from '@stock-admin/contracts';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import type { Principal } from '../../app/context.js';
import { registerMessages, t } from '../../app/i18n.js';
import { agentScope, userScope } from '../_kit/scope.js';
import { filterSql, ORDER_SELECT, POSITION_SELECT, toOrder, toPosition, whereOf, type ListFilters } from './lists.js';

/**
 * CSV exports of the trading lists (streamed by `sendCsv`, audited there): the list's filters and scope,
 * every matching row in batches, newest first (by id: a cursor that never skips or repeats a row,
 * unlike a time that several rows share). Enum values are written in the reader's language.
 */
type Filters = Omit<ListFilters, 'pageNum' | 'pageSize' | 'sortField' | 'sortOrder'> & { source?: string };

const BATCH = 2000;

async function* batches<T>(
  db: Db,
  select: ReturnType<typeof sql>,
  alias: 'o' | 'p',
  w: ReturnType<typeof sql>[],
  map: (r: Record<string, unknown>) => T,
) {
  let last: number | undefined;
  for (;;) {
    const cond = last == null ? w : [...w, sql`${sql.raw(alias)}.id < ${last}`];
    const page = rows<Record<string, unknown>>(
      await db.execute(sql`${select} ${whereOf(cond)} ORDER BY ${sql.raw(alias)}.id DESC LIMIT ${BATCH}`),
    );
    if (!page.length) return;
    yield page.map(map);
    if (page.length < BATCH) return;
    last = Number(page[page.length - 1]!.id);
  }
}

export function iterateOrders(db: Db, admin: Principal, f: Filters) {
  const { where: w } = filterSql('o', { ...f, pageNum: 1, pageSize: 1 }, 'created_at');
  if (f.kind) w.push(sql`o.kind = ${f.kind}`);
  const scope = userScope(admin, sql`o.user_id`);
  if (scope) w.push(scope);
  return batches(db, ORDER_SELECT, 'o', w, toOrder);
}

export function iteratePositions(db: Db, admin: Principal, f: Filters) {
  const { where: w } = filterSql('p', { ...f, pageNum: 1, pageSize: 1 }, 'opened_at');
  if (f.locked !== undefined) w.push(sql`p.locked = ${f.locked}`);
  if (f.source) w.push(sql`p.source = ${f.source}`);
  const scope = agentScope(admin, sql`p.agent_id`);
  if (scope) w.push(scope);
  return batches(db, POSITION_SELECT, 'p', w, toPosition);
}

const label = (lang: Lang, group: string, v: string | null) => (v == null ? '' : t(lang, `csv.trade.${group}.${v}`));
const yes = (lang: Lang, v: boolean) => t(lang, v ? 'csv.trade.yes' : 'csv.trade.no');

export const ORDER_COLUMNS = [
  'orderNo',
  'kind',
  'status',
  'userId',
  'phone',
  'userName',
  'agent',
  'code',
  'stockName',
  'direction',
  'shares',
  'leverage',
  'price',
  'amount',
  'margin',
  'fee',
  'spread',
  'hold',
  'fillPrice',
  'reason',
  'reviewer',
  'reviewedAt',
  'createdAt',
] as const;

export const orderCells = (lang: Lang, o: OrderItem): unknown[] => [
  o.orderNo,
  label(lang, 'kind', o.kind),
  label(lang, 'status', o.status),
  o.userId,
  o.phone,
  o.userName,
  o.agentName,
  o.code,
  o.stockName,
  label(lang, 'direction', o.direction),
  o.shares,
  o.leverage,
  o.price,
  o.amount,
  o.margin,
  o.fee,
  o.spread,
  o.hold,
  o.fillPrice,
  o.reason,
  o.reviewedBy,
  o.reviewedAt,
  o.createdAt,
];

export const POSITION_COLUMNS = [
  'positionNo',
  'source',
  'status',
  'userId',
  'phone',
  'userName',
  'agent',
  'code',
  'stockName',
  'direction',
  'shares',
  'leverage',
  'buyPrice',
  'buyAmount',
  'margin',
  'buyFee',
  'spread',
  'deferralFee',
  'last',
  'pnl',
  'netPnl',
  'sellPrice',
  'closeKind',
  'locked',
  'openedAt',
  'closedAt',
] as const;

export const positionCells = (lang: Lang, p: PositionItem): unknown[] => [
  p.positionNo,
  label(lang, 'source', p.source),
  label(lang, 'status', p.status),
  p.userId,
  p.phone,
  p.userName,
  p.agentName,
  p.code,
  p.stockName,
  label(lang, 'direction', p.direction),
  p.shares,
  p.leverage,
  p.buyPrice,
  p.buyAmount,
  p.margin,
  p.buyFee,
  p.spread,
  p.deferralFee,
  p.last,
  p.pnl,
  p.netPnl,
  p.sellPrice,
  label(lang, 'closeKind', p.closeKind),
  yes(lang, p.locked),
  p.openedAt,
  p.closedAt,
];

const both = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
registerMessages({
  'csv.trade.orderNo': both('委托单号', 'Order no.'),
  'csv.trade.positionNo': both('持仓单号', 'Position no.'),
  'csv.trade.kind': both('类型', 'Kind'),
  'csv.trade.status': both('状态', 'Status'),
  'csv.trade.source': both('来源', 'Source'),
  'csv.trade.userId': both('用户ID', 'User ID'),
  'csv.trade.phone': both('手机号', 'Phone'),
  'csv.trade.userName': both('姓名', 'Name'),
  'csv.trade.agent': both('代理', 'Agent'),
  'csv.trade.code': both('股票代码', 'Code'),
  'csv.trade.stockName': both('股票名称', 'Stock'),
  'csv.trade.direction': both('方向', 'Direction'),
  'csv.trade.shares': both('股数', 'Shares'),
  'csv.trade.leverage': both('杠杆', 'Leverage'),
  'csv.trade.price': both('委托价', 'Price'),
  'csv.trade.amount': both('金额', 'Amount'),
  'csv.trade.margin': both('保证金', 'Margin'),
  'csv.trade.fee': both('手续费', 'Fee'),
  'csv.trade.buyFee': both('买入手续费', 'Buy fee'),
  'csv.trade.spread': both('点差费', 'Spread'),
  'csv.trade.hold': both('冻结金额', 'Held'),
  'csv.trade.fillPrice': both('成交价', 'Fill price'),
  'csv.trade.reason': both('原因', 'Reason'),
  'csv.trade.reviewer': both('审核人', 'Reviewer'),
  'csv.trade.reviewedAt': both('审核时间', 'Reviewed at'),
  'csv.trade.createdAt': both('委托时间', 'Placed at'),
  'csv.trade.buyPrice': both('买入价', 'Buy price'),
  'csv.trade.buyAmount': both('买入金额', 'Buy amount'),
  'csv.trade.deferralFee': both('递延费', 'Deferral fee'),
  'csv.trade.last': both('现价', 'Last'),
  'csv.trade.pnl': both('浮动盈亏', 'P/L'),
  'csv.trade.netPnl': both('净盈亏', 'Net P/L'),
  'csv.trade.sellPrice': both('卖出价', 'Sell price'),
  'csv.trade.closeKind': both('平仓方式', 'Closed by'),
  'csv.trade.locked': both('锁定', 'Locked'),
  'csv.trade.openedAt': both('建仓时间', 'Opened at'),
  'csv.trade.closedAt': both('平仓时间', 'Closed at'),
  'csv.trade.yes': both('是', 'Yes'),
  'csv.trade.no': both('否', 'No'),
  'csv.trade.kind.buy': both('买入', 'Buy'),
  'csv.trade.kind.sell': both('卖出', 'Sell'),
  'csv.trade.status.pending': both('待审核', 'Pending'),
  'csv.trade.status.approved': both('已通过', 'Approved'),
  'csv.trade.status.rejected': both('已驳回', 'Rejected'),
  'csv.trade.status.cancelled': both('已撤单', 'Cancelled'),
  'csv.trade.status.open': both('持仓中', 'Open'),
  'csv.trade.status.closed': both('已平仓', 'Closed'),
  'csv.trade.direction.long': both('做多', 'Long'),
  'csv.trade.direction.short': both('做空', 'Short'),
  'csv.trade.source.buy': both('买入', 'Buy'),
  'csv.trade.source.admin': both('后台创建', 'Created'),
  'csv.trade.source.block': both('大宗交易', 'Block trade'),
  'csv.trade.source.newshare': both('新股', 'New share'),
  'csv.trade.source.newbond': both('新债', 'New bond'),
  'csv.trade.closeKind.sell': both('用户卖出', 'User sell'),
  'csv.trade.closeKind.admin': both('强制平仓', 'Forced by admin'),
  'csv.trade.closeKind.force': both('爆仓平仓', 'Force-close line'),
  'csv.trade.closeKind.take_profit': both('止盈', 'Take profit'),
  'csv.trade.closeKind.stop_loss': both('止损', 'Stop loss'),
});
