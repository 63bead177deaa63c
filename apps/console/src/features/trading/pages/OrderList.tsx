import '../../../shared/styles/trading.css';
import { useRef, useState } from 'react';
import { Space } from 'antd';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { ListTable } from '../../../shared/list/ListTable';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { tradingApi, type OrderItem } from '@stock-admin/contracts';
import { useAccess } from '../../../lib/access';
import { tableDefaults, pageOf } from '../../../lib/proTable';
import type { Params } from '../../../shared/filters';
import { MarketStatus } from '../../../shared/market/MarketStatus';
import { tradingCalls } from '../api';
import { ExportButton } from '../../../shared/components/ExportButton';
import { filterColumns } from '../components/filterColumns';
import { OrderDetailDrawer } from '../components/OrderDetailDrawer';
import { ORDER_LIST_LAYOUT, orderColumns, type OrderView } from '../components/orderColumns';
import { ORDER_FILTER_KEYS, orderFiltersOf, orderFiltersOfSearch, orderSearchOf, toQuery, useListFilters } from '../lib/filters';
import { liveOrder, ORDER_LIVE_FIELDS, settledBuyPatch, useLiveOrders } from '../lib/liveOrders';
import { useQueueRefresh } from '../../../shared/useQueueRefresh';
import { tableRequest } from '../../../shared/tableRequest';

/** A settled buy on screen is patched in place (issue 64). */
const ORDER_LIST_PATCH = settledBuyPatch((q) => tradingCalls.orderList(q));

/**
 * 委托列表 (/position/orderList, hidden from the menu; the positions page links here filtered by user):
 * every order, buy and sell, with kind and status filters kept in the URL, and each order's detail with
 * its status history. Pending orders link to their review queue.
 */
export default function OrderList() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const navigate = useNavigate();
  const actionRef = useRef<ActionType>(undefined);
  const lastFilters = useRef<Record<string, unknown>>({});
  const { initial, sync } = useListFilters(ORDER_FILTER_KEYS, orderFiltersOfSearch);
  const [rows, setRows] = useState<OrderItem[]>([]);
  const live = useLiveOrders(rows);
  const [detail, setDetail] = useState<number | null>(null);
  useQueueRefresh(actionRef);

  const columns: ProColumns<OrderView>[] = [
    ...filterColumns<OrderView>(t, can, { timeTitle: t('trading.order.placedAt') }),
    ...orderColumns(t, { kind: true }),
    {
      title: t('common.actions'),
      key: 'actions',
      valueType: 'option',
      fixed: 'right',
      width: 130,
      render: (_, r) => [
        can('get') && (
          <a key="detail" onClick={() => setDetail(r.id)} data-testid={`detail-${r.id}`}>
            {t('trading.order.detail')}
          </a>
        ),
        r.status === 'pending' && can('edit') && (
          <a
            key="review"
            onClick={() => navigate(`/position/${r.kind}List?${orderSearchOf({ userId: String(r.userId), status: 'pending' })}`)}
            data-testid={`to-queue-${r.id}`}
          >
            {t('trading.order.toQueue')}
          </a>
        ),
      ],
    },
  ];

  return (
    <div className="trading-page" data-testid="order-list">
      <ListTable<OrderView, Params>
        {...tableDefaults()}
        actionRef={actionRef}
        columns={columns}
        dataSource={live}
        onDataSourceChange={setRows}
        headerTitle={
          <Space size={16} wrap>
            <span>{t('trading.menu.orderList')}</span>
            <MarketStatus />
          </Space>
        }
        search={{ labelWidth: 'auto', defaultCollapsed: !Object.keys(initial).some((k) => k !== 'userId' && k !== 'phone') }}
        form={{ initialValues: initial }}
        layout={ORDER_LIST_LAYOUT}
        live={['BUY_GP_REQUEST', 'BUY_GP_SETTLED']}
        liveFields={ORDER_LIVE_FIELDS}
        livePatch={ORDER_LIST_PATCH}
        options={{ reload: true, density: false, setting: true }}
        toolBarRender={() => [
          <ExportButton
            key="export"
            endpoint={tradingApi.orderExport}
            filters={() => lastFilters.current}
            name="orders"
            testId="orders-export"
          />,
        ]}
        request={async (params) => {
          const filters = orderFiltersOf(params);
          sync(filters);
          lastFilters.current = toQuery(filters);
          return tableRequest(async () => {
            const d = await tradingCalls.orderList({
              ...pageOf(params),
              ...toQuery(filters),
            });
            return { list: d.list.map((r) => liveOrder(r, undefined)), total: d.total };
          });
        }}
      />
      <OrderDetailDrawer id={detail} onClose={() => setDetail(null)} />
    </div>
  );
}
