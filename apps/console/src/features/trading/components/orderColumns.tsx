import { Space, Tag, Tooltip, Typography } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import type { ListLayout } from '../../../shared/list/layout';
import type { TFunction } from 'i18next';
import { ORDER_KINDS, ORDER_STATUSES, type OrderItem, type OrderStatus } from '@stock-admin/contracts';
import { LastCell } from '../../../shared/market/QuoteCells';
import { ALL } from '../lib/filters';
import { Amount, DirectionTag, Note, PriceText, StockCell, UserCell, time } from '../../../shared/components/cells';
import { enumOf } from './filterColumns';
import { sharesColumn } from './sharesColumn';

/** An order row with the live quote merged in (`change` colours the last price). */
export type OrderView = OrderItem & { change: string | null; stale: boolean };

export const STATUS_COLORS: Record<OrderStatus, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  cancelled: 'default',
};

export function StatusTag({ t, status, id }: { t: TFunction; status: OrderStatus; id?: number }) {
  return (
    <Tag color={STATUS_COLORS[status]} data-testid={id ? `order-status-${id}` : undefined}>
      {t(`trading.orderStatus.${status}`)}
    </Tag>
  );
}

/**
 * Columns of the order lists (买入列表, 卖出列表, 委托列表). `kind`: the list shows every kind (a kind
 * column and filter); `allStatus`: the status filter offers 全部 (the queues open on pending).
 */
export function orderColumns(t: TFunction, o: { kind?: boolean; allStatus?: boolean } = {}): ProColumns<OrderView>[] {
  return [
    ...(o.kind
      ? [
          {
            title: t('trading.col.kind'),
            dataIndex: 'kind',
            width: 70,
            valueType: 'select',
            valueEnum: enumOf(t, 'trading.kind', ORDER_KINDS),
            render: (_: unknown, r: OrderView) => <Tag color={r.kind === 'buy' ? 'red' : 'green'}>{t(`trading.kind.${r.kind}`)}</Tag>,
          } satisfies ProColumns<OrderView>,
        ]
      : []),
    {
      title: t('trading.col.status'),
      dataIndex: 'status',
      width: 90,
      valueType: 'select',
      valueEnum: enumOf(t, 'trading.orderStatus', o.allStatus ? [...ORDER_STATUSES, ALL] : ORDER_STATUSES),
      render: (_, r) => <StatusTag t={t} status={r.status} id={r.id} />,
    },
    {
      title: t('trading.col.orderNo'),
      dataIndex: 'orderNo',
      search: false,
      width: 200,
      render: (_, r) => (
        <div>
          <Typography.Text copyable={{ text: r.orderNo }} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {r.orderNo}
          </Typography.Text>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {time(r.createdAt)}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    { title: t('trading.col.user'), key: 'user', search: false, width: 170, render: (_, r) => <UserCell r={r} /> },
    { title: t('trading.col.stock'), key: 'stock', search: false, width: 120, render: (_, r) => <StockCell r={r} /> },
    { title: t('trading.col.direction'), key: 'dir', search: false, width: 74, render: (_, r) => <DirectionTag direction={r.direction} /> },
    sharesColumn(t),
    {
      title: t('trading.col.leverage'),
      dataIndex: 'leverage',
      search: false,
      width: 96,
      align: 'right',
      render: (_, r) => `×${r.leverage}`,
    },
    {
      title: t('trading.col.orderPrice'),
      dataIndex: 'price',
      search: false,
      width: 90,
      align: 'right',
      render: (_, r) => <PriceText value={r.price} />,
    },
    {
      title: t('trading.col.last'),
      dataIndex: 'last',
      search: false,
      width: 110,
      align: 'right',
      render: (_, r) =>
        r.status === 'pending' ? (
          <LastCell q={{ last: r.last, change: r.change, changePct: null, turnover: null, stale: r.stale }} />
        ) : (
          <PriceText value={r.last} />
        ),
    },
    {
      title: t('trading.col.fillPrice'),
      dataIndex: 'fillPrice',
      search: false,
      width: 90,
      align: 'right',
      render: (_, r) => <PriceText value={r.fillPrice} />,
    },
    {
      title: t('trading.col.amount'),
      dataIndex: 'amount',
      search: false,
      width: 110,
      align: 'right',
      render: (_, r) => <Amount value={r.amount} />,
    },
    {
      title: t('trading.col.margin'),
      dataIndex: 'margin',
      search: false,
      width: 100,
      align: 'right',
      render: (_, r) => <Amount value={r.margin} />,
    },
    {
      title: t('trading.col.feeSpread'),
      key: 'fee',
      search: false,
      width: 110,
      align: 'right',
      render: (_, r) => (
        <Tooltip title={t('trading.order.holdTip', { hold: r.hold })}>
          <Space size={2} direction="vertical" style={{ alignItems: 'flex-end' }}>
            <Amount value={r.fee} />
            <Amount value={r.spread} type="secondary" />
          </Space>
        </Tooltip>
      ),
    },
    {
      title: t('trading.col.reviewed'),
      dataIndex: 'reviewedAt',
      search: false,
      width: 170,
      render: (_, r) =>
        r.reviewedAt ? (
          <div>
            <div>{r.reviewedBy || '-'}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {time(r.reviewedAt)}
            </Typography.Text>
          </div>
        ) : (
          '-'
        ),
    },
    {
      title: t('trading.col.reason'),
      dataIndex: 'reason',
      search: false,
      width: 140,
      ellipsis: true,
      render: (_, r) => <Note text={r.reason} />,
    },
  ];
}

/** 买入列表: what an operator approving a buy must see (issue 39). */
export const BUY_LIST_LAYOUT: ListLayout = {
  id: 'buy-list',
  must: ['status', 'user', 'stock', 'dir', 'shares', 'leverage', 'price', 'last', 'amount', 'margin'],
  card: { head: ['user', 'status'], fields: ['stock', 'dir', 'shares', 'price', 'last', 'amount', 'margin'] },
};

/** 委托列表: every order of every kind and status, with its fill. */
export const ORDER_LIST_LAYOUT: ListLayout = {
  id: 'order-list',
  must: ['kind', 'status', 'user', 'stock', 'dir', 'shares', 'price', 'fillPrice', 'amount', 'reviewedAt'],
  card: { head: ['user', 'status'], fields: ['kind', 'stock', 'shares', 'price', 'fillPrice', 'amount'] },
};

/** 卖出列表: the same, with the order's fill price. */
export const SELL_LIST_LAYOUT: ListLayout = {
  id: 'sell-list',
  must: ['status', 'user', 'stock', 'dir', 'shares', 'price', 'last', 'fillPrice', 'amount', 'margin'],
  card: { head: ['user', 'status'], fields: ['stock', 'dir', 'shares', 'price', 'last', 'amount'] },
};
