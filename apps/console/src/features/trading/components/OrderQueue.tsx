import '../../../shared/styles/trading.css';
import { useRef, useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { tradingApi, type OrderItem } from '@stock-admin/contracts';
import { useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { tableDefaults } from '../../../lib/proTable';
import type { Params } from '../../../shared/filters';
import { MarketStatus } from '../../../shared/market/MarketStatus';
import { tradingCalls } from '../api';
import { batchRows, isPending, type BatchRow } from '../../../shared/batch';
import { ORDER_FILTER_KEYS, orderFiltersOf, orderFiltersOfSearch, toQuery, urlFiltersOf, useListFilters } from '../lib/filters';
import { liveOrder, useLiveOrders } from '../lib/liveOrders';
import { useQueueRefresh } from '../../../shared/useQueueRefresh';
import { BatchResultModal } from '../../../shared/components/BatchResultModal';
import { ExportButton } from './ExportButton';
import { filterColumns } from './filterColumns';
import { OrderDetailDrawer } from './OrderDetailDrawer';
import { orderColumns, type OrderView } from './orderColumns';
import { ReasonDialog } from '../../../shared/components/ReasonDialog';
import { ReviewDrawer } from './ReviewDrawer';

/**
 * A review queue (买入列表 / 卖出列表): pending orders unless the operator picks another status; approve
 * one in a drawer (live quote, optional fill price within today's limits) or reject it with a reason;
 * approve or reject a selection and see each order's outcome. The buy queue follows badge 19 (new buys
 * reload it); the header badge's `?_t=` reloads it from page 1.
 */
export function OrderQueue({ kind }: { kind: 'buy' | 'sell' }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const canReview = can('edit');
  const actionRef = useRef<ActionType>(undefined);
  const lastFilters = useRef<Record<string, unknown>>({});
  const { initial, sync } = useListFilters(ORDER_FILTER_KEYS, (s) => orderFiltersOfSearch(s, { defaultStatus: 'pending' }));
  const [rows, setRows] = useState<OrderItem[]>([]);
  const live = useLiveOrders(rows);
  const [selected, setSelected] = useState<OrderItem[]>([]);
  const [reviewing, setReviewing] = useState<OrderItem | null>(null);
  const [rejecting, setRejecting] = useState<OrderItem | null>(null);
  const [batchReject, setBatchReject] = useState(false);
  const [detail, setDetail] = useState<number | null>(null);
  const [results, setResults] = useState<{ rows: BatchRow[]; approve: boolean } | null>(null);
  const reload = () => void actionRef.current?.reload();
  useQueueRefresh(actionRef, { badge: kind === 'buy' ? 19 : undefined, onFresh: () => setSelected([]) });

  const runBatch = async (approve: boolean, reason?: string) => {
    const chosen = selected;
    const d = await tradingCalls.batch(
      chosen.map((o) => o.id),
      approve,
      reason,
    );
    setSelected([]);
    setResults({ rows: batchRows(d.results, chosen, t('trading.batch.missing')), approve });
    reload();
  };

  const confirmBatchApprove = () =>
    feedback.modal.confirm({
      title: t('trading.batch.approveTitle', { n: selected.length }),
      content: t('trading.batch.approveContent'),
      okText: t('trading.review.approve'),
      cancelText: t('trading.common.cancel'),
      onOk: () => runBatch(true).catch(() => undefined),
    });

  const columns: ProColumns<OrderView>[] = [
    ...filterColumns<OrderView>(t, can, { timeTitle: t('trading.order.placedAt') }),
    ...orderColumns(t, { allStatus: true }),
    {
      title: t('trading.col.actions'),
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

  return (
    <div className="trading-page" data-testid={`${kind}-list`}>
      <ProTable<OrderView, Params>
        {...tableDefaults()}
        actionRef={actionRef}
        columns={columns}
        dataSource={live}
        onDataSourceChange={setRows}
        headerTitle={
          <Space size={16} wrap>
            <span>{t(`trading.menu.${kind}List`)}</span>
            <MarketStatus />
          </Space>
        }
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        form={{ initialValues: initial }}
        scroll={{ x: 2100 }}
        options={{ reload: true, density: false, setting: true }}
        rowSelection={
          canReview
            ? {
                selectedRowKeys: selected.map((r) => r.id),
                preserveSelectedRowKeys: true,
                getCheckboxProps: (r) => ({ disabled: !isPending(r) }),
                onChange: (_, rs) => setSelected(rs.filter(Boolean)),
              }
            : false
        }
        toolBarRender={() => [
          <ExportButton
            key="export"
            endpoint={tradingApi.orderExport}
            filters={lastFilters}
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
        tableAlertRender={({ selectedRowKeys }) => (
          <span data-testid="queue-selected">{t('trading.batch.selected', { n: selectedRowKeys.length })}</span>
        )}
        tableAlertOptionRender={() => (
          <Space size={8}>
            <Button size="small" type="primary" icon={<CheckOutlined />} onClick={confirmBatchApprove} data-testid="batch-approve">
              {t('trading.batch.approve')}
            </Button>
            <Button size="small" danger icon={<CloseOutlined />} onClick={() => setBatchReject(true)} data-testid="batch-reject">
              {t('trading.batch.reject')}
            </Button>
            <Button size="small" type="link" onClick={() => setSelected([])}>
              {t('trading.batch.clear')}
            </Button>
          </Space>
        )}
        request={async (params) => {
          const filters = orderFiltersOf(params, { defaultStatus: 'pending' });
          sync(urlFiltersOf(filters, 'pending'));
          lastFilters.current = { ...toQuery(filters), kind };
          const q = { pageNum: params.current ?? 1, pageSize: params.pageSize ?? 10, ...toQuery(filters) } as never;
          try {
            const d = await (kind === 'buy' ? tradingCalls.buyList(q) : tradingCalls.sellList(q));
            return { data: d.list.map((r) => liveOrder(r, undefined)), total: d.total, success: true };
          } catch {
            return { data: [], total: 0, success: false };
          }
        }}
      />
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
        open={!!rejecting || batchReject}
        title={
          rejecting ? t('trading.review.rejectTitle', { no: rejecting.orderNo }) : t('trading.batch.rejectTitle', { n: selected.length })
        }
        label={t('trading.review.rejectReason')}
        required
        okText={t('trading.review.reject')}
        testId="reject-dialog"
        onClose={() => {
          setRejecting(null);
          setBatchReject(false);
        }}
        onSubmit={async (reason) => {
          if (rejecting) {
            await tradingCalls.reject(rejecting.id, reason);
            feedback.message.success(t('trading.review.rejected'));
            setRejecting(null);
            reload();
          } else {
            await runBatch(false, reason);
            setBatchReject(false);
          }
        }}
      >
        <Typography.Paragraph type="secondary">{t('trading.review.rejectHelp')}</Typography.Paragraph>
      </ReasonDialog>
      <BatchResultModal rows={results?.rows ?? null} approve={results?.approve ?? true} onClose={() => setResults(null)} />
      <OrderDetailDrawer id={detail} onClose={() => setDetail(null)} />
    </div>
  );
}
