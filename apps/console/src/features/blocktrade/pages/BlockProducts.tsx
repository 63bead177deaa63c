import { useState } from 'react';
import Decimal from 'decimal.js';
import { Progress, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BlockProductItem } from '@stock-admin/contracts';
import { useAccess } from '../../../lib/access';
import { LastCell } from '../../../shared/market/QuoteCells';
import { useQuotes } from '../../../shared/market/useQuotes';
import { ReasonDialog } from '../../../shared/components/ReasonDialog';
import { StockCell, time } from '../../../shared/components/cells';
import { CrudList } from '../../../shared/list/CrudList';
import type { ListLayout } from '../../../shared/list/layout';
import { blocktradeCalls } from '../api';
import { ProductDrawer } from '../components/ProductDrawer';
import { formatCount, formatYuan } from '../../../shared/money';

/** 大宗交易产品: the stock, its window, price, what is left and waiting (issue 39). */
const BLOCK_PRODUCTS_LAYOUT: ListLayout = {
  id: 'block-products',
  must: ['gid', 'window', 'price', 'quantity', 'bounds', 'times', 'pending', 'shown', 'locked'],
  card: { head: ['gid', 'window'], fields: ['price', 'quantity', 'bounds', 'pending'] },
};

const WINDOW_COLOR = { upcoming: 'blue', open: 'green', closed: 'default' } as const;

/**
 * 大宗交易列表 (/newshares/dazonglist): the block-trade products with their window, the block price beside the
 * live one, what is left of the quantity on offer and the requests waiting; add, edit, show/hide, lock, delete.
 */
export default function BlockProducts() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const [rows, setRows] = useState<BlockProductItem[]>([]);
  const [locking, setLocking] = useState<BlockProductItem | null>(null);
  // live quotes of the products shown (the block price of a discount product moves with them)
  const quotes = useQuotes(rows.map((r) => r.gid));
  const live = (r: BlockProductItem) => {
    const q = quotes[r.gid];
    const last = q?.last ?? r.last;
    const price =
      r.priceMode === 'discount' && last && !q?.stale ? new Decimal(last).times(r.discount!).toDecimalPlaces(2).toFixed(2) : r.price;
    return { q, last, price };
  };

  return (
    <CrudList
      testId="block-products"
      title={t('blocktrade.product.title')}
      layout={BLOCK_PRODUCTS_LAYOUT}
      table={{
        onDataSourceChange: setRows,
        live: ['BUY_DZ_REQUEST', 'BUY_DZ_SETTLED'],
        options: { reload: true, density: false, setting: true },
      }}
      add={{ label: t('blocktrade.product.add'), testId: 'block-add' }}
      load={(page, params) =>
        blocktradeCalls.list({
          ...page,
          gid: (params.gid as string | undefined)?.trim() || undefined,
          window: (params.window as BlockProductItem['window'] | undefined) || undefined,
        })
      }
      actionsWidth={130}
      editTestId={(r) => `block-edit-${r.id}`}
      remove={{
        confirm: (r) => t('blocktrade.product.deleteTitle', { name: r.stockName }),
        description: () => t('blocktrade.product.deleteContent'),
        run: (r) => blocktradeCalls.del(r.id),
      }}
      Editor={ProductDrawer}
      extra={({ reload }) => (
        <ReasonDialog
          open={!!locking}
          title={t('blocktrade.product.lockTitle')}
          label={t('blocktrade.product.lockReason')}
          required={false}
          onClose={() => setLocking(null)}
          onSubmit={async (reason) => {
            await blocktradeCalls.updateLock(locking!.id, true, reason);
            setLocking(null);
            reload();
          }}
          testId="block-lock"
        />
      )}
      columns={({ reload }) => [
        {
          title: t('blocktrade.product.stock'),
          dataIndex: 'gid',
          width: 150,
          fieldProps: { placeholder: 'sh600036' },
          render: (_, r) => <StockCell r={r} />,
        },
        {
          title: t('blocktrade.product.windowStatus'),
          dataIndex: 'window',
          width: 100,
          valueType: 'select',
          valueEnum: Object.fromEntries(
            (['upcoming', 'open', 'closed'] as const).map((w) => [w, { text: t(`blocktrade.product.status.${w}`) }]),
          ),
          render: (_, r) => (
            <Tag color={WINDOW_COLOR[r.window]} data-testid={`block-window-${r.id}`}>
              {t(`blocktrade.product.status.${r.window}`)}
            </Tag>
          ),
        },
        {
          title: t('blocktrade.product.price'),
          key: 'price',
          search: false,
          width: 190,
          render: (_, r) => {
            const { q, last, price } = live(r);
            return (
              <Space direction="vertical" size={0}>
                <Typography.Text strong data-testid={`block-price-${r.id}`}>
                  {formatYuan(price)}
                  <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }}>
                    {r.priceMode === 'discount' ? `× ${r.discount}` : t('blocktrade.product.mode.fixed')}
                  </Typography.Text>
                </Typography.Text>
                <LastCell q={{ last, change: q?.change ?? null, changePct: q?.changePct ?? null, turnover: null, stale: !!q?.stale }} />
              </Space>
            );
          },
        },
        {
          title: t('blocktrade.product.quantity'),
          key: 'quantity',
          search: false,
          width: 200,
          render: (_, r) => (
            <Tooltip
              title={t('blocktrade.product.quantityTip', {
                left: formatCount(r.leftShares),
                total: formatCount(r.totalShares),
                reserved: formatCount(r.reservedShares),
              })}
            >
              <div>
                <Progress
                  percent={Math.round((r.leftShares / r.totalShares) * 100)}
                  size="small"
                  showInfo={false}
                  aria-label={`${formatCount(r.leftShares)} / ${formatCount(r.totalShares)}`}
                />
                <Typography.Text style={{ fontSize: 12, fontVariantNumeric: 'tabular-nums' }}>
                  {formatCount(r.leftShares)} / {formatCount(r.totalShares)}
                </Typography.Text>
              </div>
            </Tooltip>
          ),
        },
        {
          title: t('blocktrade.product.bounds'),
          key: 'bounds',
          search: false,
          width: 140,
          render: (_, r) => `${formatCount(r.minShares)} ~ ${formatCount(r.maxShares)}`,
        },
        {
          title: t('blocktrade.product.window'),
          key: 'times',
          search: false,
          width: 170,
          render: (_, r) => (
            <div style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
              <div>{time(r.startsAt)}</div>
              <div>{time(r.endsAt)}</div>
            </div>
          ),
        },
        { title: t('blocktrade.product.pending'), dataIndex: 'pending', search: false, width: 80, align: 'right' },
        {
          title: t('blocktrade.product.shown'),
          dataIndex: 'shown',
          width: 80,
          valueType: 'select',
          valueEnum: { true: { text: t('blocktrade.product.shown') }, false: { text: '-' } },
          search: false,
          render: (_, r) => (
            <Switch
              size="small"
              checked={r.shown}
              disabled={!can('edit')}
              onChange={(v) => void blocktradeCalls.updateShow(r.id, v).then(reload)}
              aria-label={`${t('blocktrade.product.shown')} #${r.id}`}
              data-testid={`block-shown-${r.id}`}
            />
          ),
        },
        {
          title: t('blocktrade.product.locked'),
          dataIndex: 'locked',
          width: 90,
          search: false,
          render: (_, r) => (
            <Tooltip title={r.lockReason}>
              <Switch
                size="small"
                checked={r.locked}
                disabled={!can('edit')}
                onChange={(v) => (v ? setLocking(r) : void blocktradeCalls.updateLock(r.id, false).then(reload))}
                aria-label={`${t('blocktrade.product.locked')} #${r.id}`}
              />
            </Tooltip>
          ),
        },
      ]}
    />
  );
}
