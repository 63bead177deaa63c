import { Progress, Space, Tag, Tooltip, Typography } from 'antd';
import { HistoryOutlined, LockOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import type { ListLayout } from '../../../shared/list/layout';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { POSITION_STATUSES, type PositionSource } from '@stock-admin/contracts';
import { LastCell } from '../../../shared/market/QuoteCells';
import { ordersOfUser } from '../lib/filters';
import { LiveRow } from '../lib/liveQuotes';
import type { PositionView } from '../lib/pnl';
import { Amount, DirectionTag, PnlText, PriceText, StockCell, UserCell, time } from '../../../shared/components/cells';
import { sharesColumn } from './sharesColumn';
import { enumOf } from './filterColumns';

/** Tag colours of the positions not opened by a reviewed buy. */
const SOURCE_COLOR: Record<PositionSource, string> = {
  buy: 'default',
  admin: 'purple',
  block: 'geekblue',
  newshare: 'magenta',
  newbond: 'cyan',
};

export interface PositionColumnContext {
  /** The viewer may force close and lock (`financing` edit). */
  canEdit: boolean;
  /** the corporate actions' history is readable (its page is guarded by their permission) */
  canSeeAdjustments: boolean;
  busy: string | null;
  onForceClose: (p: PositionView) => void;
  onLock: (p: PositionView) => void;
  onUnlock: (p: PositionView) => void;
}

const yesNo = (t: TFunction) => ({ true: { text: t('trading.lock.locked') }, false: { text: t('trading.lock.normal') } });

/** Table columns of 持仓管理 and 创建持仓记录 (search fields of their own: status and locked). */
export function positionColumns(t: TFunction, c: PositionColumnContext | null): ProColumns<PositionView>[] {
  const cols: ProColumns<PositionView>[] = [
    {
      title: t('trading.col.positionNo'),
      dataIndex: 'positionNo',
      search: false,
      width: 190,
      fixed: 'left',
      render: (_, r) => (
        <div>
          <Typography.Text copyable={{ text: r.positionNo }} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {r.positionNo}
          </Typography.Text>
          {r.source !== 'buy' && (
            <Tag color={SOURCE_COLOR[r.source]} bordered={false} style={{ marginInlineStart: 4 }}>
              {t(`trading.position.source.${r.source}`)}
            </Tag>
          )}
        </div>
      ),
    },
    { title: t('trading.col.user'), key: 'user', search: false, width: 170, render: (_, r) => <UserCell r={r} /> },
    { title: t('trading.col.stock'), key: 'stock', search: false, width: 120, render: (_, r) => <StockCell r={r} /> },
    {
      title: t('trading.col.direction'),
      key: 'directionTag',
      search: false,
      width: 74,
      render: (_, r) => <DirectionTag direction={r.direction} />,
    },
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
      title: t('trading.col.buyPrice'),
      dataIndex: 'buyPrice',
      search: false,
      width: 90,
      align: 'right',
      render: (_, r) => <PriceText value={r.buyPrice} />,
    },
    {
      title: t('trading.col.last'),
      dataIndex: 'last',
      search: false,
      width: 110,
      align: 'right',
      // the four live cells follow their own symbol's ticks (lib/liveQuotes.tsx): a tick re-renders them, not the table
      render: (_, r) => (
        <LiveRow r={r}>
          {(x) => (
            <LastCell q={{ last: x.last, change: x.change, changePct: null, turnover: null, stale: x.status === 'open' && x.stale }} />
          )}
        </LiveRow>
      ),
    },
    {
      title: t('trading.col.pnl'),
      dataIndex: 'pnl',
      search: false,
      sorter: true,
      width: 120,
      align: 'right',
      render: (_, r) => <LiveRow r={r}>{(x) => <PnlText value={x.pnl} testId={`pnl-${r.id}`} />}</LiveRow>,
    },
    {
      title: t('trading.col.pnlPct'),
      dataIndex: 'pnlPct',
      search: false,
      sorter: true,
      width: 96,
      align: 'right',
      render: (_, r) => <LiveRow r={r}>{(x) => <PnlText value={x.pnlPct} pct testId={`pnl-pct-${r.id}`} />}</LiveRow>,
    },
    {
      title: (
        <Tooltip title={t('trading.position.lineTip')}>
          <span>{t('trading.col.line')}</span>
        </Tooltip>
      ),
      key: 'line',
      search: false,
      width: 120,
      render: (_, r) =>
        r.lineRatioPct == null ? (
          '-'
        ) : (
          <Tooltip title={t('trading.position.lineValue', { pct: r.lineRatioPct })}>
            <Progress
              percent={Math.min(100, Number(r.lineRatioPct))}
              size="small"
              showInfo={false}
              status={Number(r.lineRatioPct) >= 100 || r.lineWarning ? 'exception' : 'normal'}
              strokeColor={r.lineWarning ? undefined : Number(r.lineRatioPct) > 0 ? '#faad14' : undefined}
              aria-label={t('trading.position.lineValue', { pct: r.lineRatioPct })}
              data-testid={`line-${r.id}`}
            />
          </Tooltip>
        ),
    },
    {
      title: (
        <Tooltip title={t('trading.position.netTip')}>
          <span>{t('trading.col.netPnl')}</span>
        </Tooltip>
      ),
      dataIndex: 'netPnl',
      search: false,
      width: 110,
      align: 'right',
      render: (_, r) => <LiveRow r={r}>{(x) => <PnlText value={x.netPnl} />}</LiveRow>,
    },
    {
      title: t('trading.col.margin'),
      dataIndex: 'margin',
      search: false,
      width: 110,
      align: 'right',
      render: (_, r) => <Amount value={r.margin} />,
    },
    {
      title: t('trading.col.fees'),
      key: 'fees',
      search: false,
      width: 100,
      align: 'right',
      render: (_, r) => (
        <Tooltip
          title={t('trading.position.feesTip', { buyFee: r.buyFee, spread: r.spread, deferral: r.deferralFee, count: r.deferralDays })}
        >
          <span>
            <Amount value={r.buyFee} type="secondary" />
          </span>
        </Tooltip>
      ),
    },
    {
      title: t('trading.col.status'),
      dataIndex: 'status',
      width: 110,
      valueType: 'select',
      valueEnum: enumOf(t, 'trading.positionStatus', POSITION_STATUSES),
      // with how the position was opened when not by a reviewed buy (大宗交易, 后台创建, …): the number column starts hidden
      render: (_, r) => (
        <Space size={2} direction="vertical" align="start">
          <Tag color={r.status === 'open' ? 'processing' : 'default'}>{t(`trading.positionStatus.${r.status}`)}</Tag>
          {r.source !== 'buy' && (
            <Tag color={SOURCE_COLOR[r.source]} bordered={false} data-testid={`position-source-${r.id}`}>
              {t(`trading.position.source.${r.source}`)}
            </Tag>
          )}
          {r.closeKind && (
            <Tooltip title={r.closeReason ?? undefined}>
              <Tag bordered={false}>{t(`trading.closeKind.${r.closeKind}`)}</Tag>
            </Tooltip>
          )}
          {/* a dividend, bonus shares or a split changed its shares and cost: the history beside the status, which the
              phone's card shows too (the actions column has no room left at 1440 px) */}
          {r.adjusted && c?.canSeeAdjustments && (
            <Link to={`/corpactions/adjustments?positionId=${r.id}`} data-testid={`adjusted-${r.id}`}>
              <Tag color="purple" bordered={false} icon={<HistoryOutlined />} style={{ cursor: 'pointer' }}>
                {t('trading.position.adjusted')}
              </Tag>
            </Link>
          )}
        </Space>
      ),
    },
    {
      title: t('trading.col.locked'),
      dataIndex: 'locked',
      width: 80,
      valueType: 'select',
      valueEnum: yesNo(t),
      render: (_, r) =>
        r.locked ? (
          <Tooltip title={r.lockReason ? t('trading.lock.reasonTip', { reason: r.lockReason }) : undefined}>
            <Tag color="orange" icon={<LockOutlined />} data-testid={`locked-${r.id}`}>
              {t('trading.lock.locked')}
            </Tag>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">{t('trading.lock.normal')}</Typography.Text>
        ),
    },
    {
      title: t('trading.col.openedAt'),
      dataIndex: 'openedAt',
      search: false,
      sorter: true,
      width: 170,
      render: (_, r) => (
        <div>
          <div>{time(r.openedAt)}</div>
          {r.closedAt && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('trading.position.closedAt', { time: time(r.closedAt) })}
            </Typography.Text>
          )}
        </div>
      ),
    },
  ];
  if (!c) return cols;
  cols.push({
    title: t('common.actions'),
    key: 'actions',
    valueType: 'option',
    fixed: 'right',
    // 强制平仓 · 解锁 · 委托记录 / Force close · Unlock · Orders, no wider: at 1440 px the must-see columns fit beside it
    width: 188,
    render: (_, r) => [
      c.canEdit && r.status === 'open' && (
        <a key="close" className="danger-link" onClick={() => c.onForceClose(r)} data-testid={`force-close-${r.id}`}>
          {t('trading.close.action')}
        </a>
      ),
      c.canEdit && r.status === 'open' && (
        <a key="lock" onClick={() => (r.locked ? c.onUnlock(r) : c.onLock(r))} data-testid={`lock-${r.id}`}>
          {c.busy === `lock-${r.id}` ? '…' : t(r.locked ? 'trading.lock.unlock' : 'trading.lock.lock')}
        </a>
      ),
      <Link key="orders" to={ordersOfUser(r.userId)} data-testid={`orders-of-${r.id}`}>
        {t('trading.position.orders')}
      </Link>,
    ],
  });
  return cols;
}

/** 持仓管理: what an operator watching positions must see without scrolling (issue 39). */
export const POSITIONS_LAYOUT: ListLayout = {
  id: 'positions',
  must: ['user', 'stock', 'directionTag', 'shares', 'buyPrice', 'last', 'pnl', 'pnlPct', 'netPnl', 'margin', 'status'],
  card: { head: ['user', 'status'], fields: ['stock', 'directionTag', 'shares', 'buyPrice', 'last', 'pnl', 'pnlPct', 'netPnl', 'margin'] },
};
