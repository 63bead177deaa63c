import '../../../shared/styles/trading.css';
import { useRef, useState } from 'react';
import { Space, Typography } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { tradingApi, type OrderItem } from '@stock-admin/contracts';
import { useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import type { Params } from '../../../shared/filters';
import { MarketStatus } from '../../../shared/market/MarketStatus';
import { tradingCalls } from '../api';
import { batchRows, isPending, orderSubject, type BatchRow } from '../../../shared/batch';
import { ORDER_FILTER_KEYS, orderFiltersOf, orderFiltersOfSearch, toQuery, urlFiltersOf, useListFilters } from '../lib/filters';
import { liveOrder, ORDER_LIVE_FIELDS, settledBuyPatch, useLiveOrders } from '../lib/liveOrders';
import { useQueueRefresh } from '../../../shared/useQueueRefresh';
import { BatchResultModal } from '../../../shared/components/BatchResultModal';
import { ExportButton } from '../../../shared/components/ExportButton';
import { filterColumns } from './filterColumns';
import { OrderDetailDrawer } from './OrderDetailDrawer';
import { BUY_LIST_LAYOUT, orderColumns, SELL_LIST_LAYOUT, type OrderView } from './orderColumns';
import { ReasonDialog } from '../../../shared/components/ReasonDialog';
import { ReviewDrawer } from './ReviewDrawer';
import { ReviewListPage } from '../../../shared/review/ReviewListPage';
import { tableRequest } from '../../../shared/tableRequest';
import { useReviewQueue } from '../../../shared/review/useReviewQueue';
import { formatYuan } from '../../../shared/money';
import { sumAmounts } from '../../../shared/decimal';
import { pageOf } from '../../../lib/proTable';

/** A settled buy on screen is patched in place (issue 64). */
const BUY_LIST_PATCH = settledBuyPatch((q) => tradingCalls.buyList(q));

/**
 * A review queue (买入列表 / 卖出列表): pending orders unless the operator picks another status; approve
 * one in a drawer (live quote, optional fill price within today's limits) or reject it with a reason;
 * approve or reject a selection and see each order's outcome. The buy queue follows its live events (a new
 * buy, anyone's review reload it in place); the header badge's `?_t=` reloads it from page 1.
 */
export function OrderQueue({ kind }: { kind: 'buy' | 'sell' }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const canReview = can('edit');
  const queue = useReviewQueue<OrderItem>({ reviewable: isPending, canReview });
  const { reload, selected, setRejecting } = queue;
  const lastFilters = useRef<Record<string, unknown>>({});
  const { initial, sync } = useListFilters(ORDER_FILTER_KEYS, (s) => orderFiltersOfSearch(s, { defaultStatus: 'pending' }));
  const [rows, setRows] = useState<OrderItem[]>([]);
  const live = useLiveOrders(rows);
  const [reviewing, setReviewing] = useState<OrderItem | null>(null);
  const [detail, setDetail] = useState<number | null>(null);
  const [results, setResults] = useState<{ rows: BatchRow[]; approve: boolean } | null>(null);
  useQueueRefresh(queue.actionRef, { onFresh: queue.clearSelection });

  const reviewRows = async (chosen: OrderItem[], approve: boolean, reason?: string) => {
    const d = await tradingCalls.batchReview(
      chosen.map((o) => o.id),
      approve,
      reason,
    );
    setResults({ rows: batchRows(d.results, chosen.map(orderSubject), t('batch.missing')), approve });
  };

  const confirmBatchApprove = () =>
    feedback.modal.confirm({
      title: t('trading.batch.approveTitle', { count: selected.length, amount: formatYuan(sumAmounts(selected.map((o) => o.amount))) }),
      content: t('trading.batch.approveContent'),
      okText: t('trading.review.approve'),
      cancelText: t('common.cancel'),
      onOk: () => queue.runBatch((chosen) => reviewRows(chosen, true)).catch(() => undefined),
    });

  const columns: ProColumns<OrderView>[] = [
    ...filterColumns<OrderView>(t, can, { timeTitle: t('trading.order.placedAt') }),
    ...orderColumns(t, { allStatus: true }),
    {
      title: t('common.actions'),
      key: 'actions',
      valueType: 'option',
      fixed: 'right',
      width: 200,
      render: (_, r) => [
        canReview && isPending(r) && (
          <a key="approve" onClick={() => setReviewing(r)} data-testid={`approve-${r.id}`}>
            {t('trading.review.approve')}
          </a>
        ),
        canReview && isPending(r) && (
          <a key="reject" className="danger-link" onClick={() => setRejecting(r)} data-testid={`reject-${r.id}`}>
            {t('trading.review.reject')}
          </a>
        ),
        can('get') && (
          <a key="detail" onClick={() => setDetail(r.id)} data-testid={`detail-${r.id}`}>
            {t('trading.order.detail')}
          </a>
        ),
      ],
    },
  ];

  const rejecting = queue.rejecting;
  return (
    <ReviewListPage<OrderView, Params, OrderItem>
      queue={queue}
      className="trading-page"
      testId={`${kind}-list`}
      columns={columns}
      dataSource={live}
      onDataSourceChange={setRows}
      headerTitle={
        <Space size={16} wrap>
          <span>{t(`trading.menu.${kind}List`)}</span>
          <MarketStatus />
        </Space>
      }
      form={{ initialValues: initial }}
      layout={kind === 'buy' ? BUY_LIST_LAYOUT : SELL_LIST_LAYOUT}
      live={kind === 'buy' ? ['BUY_GP_REQUEST', 'BUY_GP_SETTLED'] : undefined}
      liveFields={ORDER_LIVE_FIELDS}
      livePatch={kind === 'buy' ? BUY_LIST_PATCH : undefined}
      options={{ reload: true, density: false, setting: true }}
      batch={{
        selectedText: (n) => t('trading.batch.selected', { n }),
        selectedTestId: 'queue-selected',
        approveText: t('trading.batch.approve'),
        approveTestId: 'batch-approve',
        onApprove: confirmBatchApprove,
        rejectText: t('trading.batch.reject'),
        rejectTestId: 'batch-reject',
        clearText: t('trading.batch.clear'),
      }}
      toolBarRender={() => [
        <ExportButton
          key="export"
          endpoint={tradingApi.orderExport}
          filters={() => lastFilters.current}
          name={`${kind}-orders`}
          testId="queue-export"
        />,
        <Link key="other" to={kind === 'buy' ? '/position/sellList' : '/position/buyList'} data-testid="to-other-queue">
          {t(kind === 'buy' ? 'trading.menu.sellList' : 'trading.menu.buyList')}
        </Link>,
        <Link key="orders" to="/position/orderList">
          {t('trading.menu.orderList')}
        </Link>,
      ]}
      request={async (params) => {
        const filters = orderFiltersOf(params, { defaultStatus: 'pending' });
        sync(urlFiltersOf(filters, 'pending'));
        lastFilters.current = { ...toQuery(filters), kind };
        const q = { ...pageOf(params), ...toQuery(filters) };
        return tableRequest(async () => {
          const d = await (kind === 'buy' ? tradingCalls.buyList(q) : tradingCalls.sellList(q));
          return { list: d.list.map((r) => liveOrder(r, undefined)), total: d.total };
        });
      }}
      dialogs={
        <>
          <ReviewDrawer
            order={reviewing}
            onClose={() => setReviewing(null)}
            onDone={() => {
              setReviewing(null);
              reload();
            }}
            onReject={(o) => {
              setReviewing(null);
              setRejecting(o);
            }}
          />
          <ReasonDialog
            {...queue.rejectDialog({
              one: async (o, reason) => {
                await tradingCalls.reject(o.id, reason);
                feedback.message.success(t('trading.review.rejected'));
              },
              batch: (chosen, reason) => reviewRows(chosen, false, reason),
            })}
            title={
              rejecting
                ? t('trading.review.rejectTitle', { no: rejecting.orderNo })
                : t('trading.batch.rejectTitle', { count: selected.length })
            }
            label={t('trading.review.rejectReason')}
            required
            okText={t('trading.review.reject')}
            testId="reject-dialog"
          >
            <Typography.Paragraph type="secondary">{t('trading.review.rejectHelp')}</Typography.Paragraph>
          </ReasonDialog>
          <BatchResultModal
            rows={results?.rows ?? null}
            approve={results?.approve}
            whatTitle={t('batch.stock')}
            onClose={() => setResults(null)}
          />
          <OrderDetailDrawer id={detail} onClose={() => setDetail(null)} />
        </>
      }
    />
  );
}
