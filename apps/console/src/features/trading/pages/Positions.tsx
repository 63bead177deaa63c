import '../../../shared/styles/trading.css';
import { useMemo, useRef, useState } from 'react';
import { Descriptions, Space, Typography } from 'antd';
import type { ActionType, ProFormInstance } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { tradingApi, type DataOf, type PositionItem } from '@stock-admin/contracts';
import { useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { tableDefaults, pageOf } from '../../../lib/proTable';
import type { Params } from '../../../shared/filters';
import { MarketStatus } from '../../../shared/market/MarketStatus';
import { tradingCalls } from '../api';
import { Amount, PnlText, PriceText } from '../../../shared/components/cells';
import { ExportButton } from '../../../shared/components/ExportButton';
import { filterColumns } from '../components/filterColumns';
import { POSITIONS_LAYOUT, positionColumns } from '../components/positionColumns';
import { ListTable } from '../../../shared/list/ListTable';
import { PositionTotals } from '../components/PositionTotals';
import { ReasonDialog } from '../../../shared/components/ReasonDialog';
import { WarningsPanel } from '../components/WarningsPanel';
import { POSITION_FILTER_KEYS, positionFiltersOf, positionFiltersOfSearch, positionSortOf, useListFilters } from '../lib/filters';
import { livePosition, POSITION_LIVE_FIELDS, type PositionView } from '../lib/pnl';
import { LiveQuotesContext, LiveRow, useLiveQuoteStore } from '../lib/liveQuotes';
import { tableRequest } from '../../../shared/tableRequest';
import { formatCode } from '../../../shared/money';

/**
 * 持仓管理 (/position/financing): every position with filters kept in the URL; open positions follow the
 * live quotes (price, P/L and P/L % recomputed here from each tick); the filtered set's totals above the
 * table; the users near their force-close line; force close (reason required), lock / unlock, and the
 * user's orders. `source` = 'admin' lists only created positions (创建持仓记录).
 */
const CREATED_LAYOUT = { ...POSITIONS_LAYOUT, id: 'created-positions' };

export default function Positions({ source }: { source?: 'admin' }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const canEdit = can('edit') && source !== 'admin';
  const actionRef = useRef<ActionType>(undefined);
  const lastFilters = useRef<Record<string, unknown>>({});
  const formRef = useRef<ProFormInstance>(undefined);
  const { initial, sync } = useListFilters(POSITION_FILTER_KEYS, positionFiltersOfSearch);
  const [rows, setRows] = useState<PositionItem[]>([]);
  const [totals, setTotals] = useState<DataOf<typeof tradingApi.positions>['totals'] | null>(null);
  const openGids = useMemo(() => rows.filter((r) => r.status === 'open').map((r) => r.gid), [rows]);
  // the live quotes reach the cells that show them, not this page: a tick never re-renders the table
  const quotes = useLiveQuoteStore(openGids);
  const view = useMemo(() => rows.map((r) => livePosition(r, undefined)), [rows]);
  const [closing, setClosing] = useState<PositionItem | null>(null);
  const [locking, setLocking] = useState<PositionItem | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const closingView = closing ? (view.find((r) => r.id === closing.id) ?? livePosition(closing, undefined)) : null;

  const replace = (p: PositionItem) => setRows((rs) => rs.map((r) => (r.id === p.id ? p : r)));

  const unlock = (p: PositionView) =>
    feedback.modal.confirm({
      title: t('trading.lock.unlockTitle'),
      content: t('trading.lock.unlockContent', { no: p.positionNo, stock: p.stockName }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        setBusy(`lock-${p.id}`);
        try {
          replace(await tradingCalls.lock(p.id, false));
          feedback.message.success(t('trading.lock.unlocked'));
        } catch {
          /* shown by the request client */
        } finally {
          setBusy(null);
        }
      },
    });

  const columns = [
    ...filterColumns<PositionView>(t, can, { timeTitle: t('trading.col.openedAt') }),
    ...positionColumns(t, {
      canEdit,
      canSeeAdjustments: can('corpactions', 'query'),
      busy,
      onForceClose: setClosing,
      onLock: setLocking,
      onUnlock: unlock,
    }),
  ];

  const pickUser = (userId: number) => {
    formRef.current?.setFieldsValue({ userId: String(userId) });
    formRef.current?.submit();
  };

  return (
    <LiveQuotesContext.Provider value={quotes}>
      <div className="trading-page" data-testid={source === 'admin' ? 'created-list' : 'position-list'}>
        {source !== 'admin' && <WarningsPanel onPick={pickUser} />}
        <ListTable<PositionView, Params>
          {...tableDefaults()}
          actionRef={actionRef}
          formRef={formRef}
          columns={columns}
          dataSource={view}
          onDataSourceChange={setRows}
          headerTitle={
            <Space size={16} wrap>
              <span>{t(source === 'admin' ? 'trading.menu.createList' : 'trading.position.title')}</span>
              <MarketStatus />
            </Space>
          }
          search={{ labelWidth: 'auto', defaultCollapsed: !Object.keys(initial).some((k) => k !== 'userId' && k !== 'phone') }}
          form={{ initialValues: initial }}
          layout={source === 'admin' ? CREATED_LAYOUT : POSITIONS_LAYOUT}
          live={['BUY_GP_SETTLED', 'FORCE_CLOSED']}
          liveFields={POSITION_LIVE_FIELDS}
          options={{ reload: true, density: false, setting: true }}
          toolBarRender={() => [
            <ExportButton
              key="export"
              endpoint={tradingApi.positionExport}
              filters={() => lastFilters.current}
              name={source === 'admin' ? 'created-positions' : 'positions'}
              testId="positions-export"
            />,
            <Link key="orders" to="/position/orderList">
              {t('trading.menu.orderList')}
            </Link>,
            <Link key="sells" to="/position/sellList">
              {t('trading.menu.sellList')}
            </Link>,
            source === 'admin' ? (
              <Link key="create" to="/position/createfinancing">
                {t('trading.menu.createfinancing')}
              </Link>
            ) : (
              <Link key="created" to="/position/createList">
                {t('trading.menu.createList')}
              </Link>
            ),
          ]}
          tableExtraRender={() => <PositionTotals totals={totals} rows={view} />}
          request={async (params, sort) => {
            const filters = positionFiltersOf(params);
            sync(filters);
            lastFilters.current = source === 'admin' ? { ...filters, source } : filters;
            const q = {
              ...pageOf(params),
              ...filters,
              ...positionSortOf(sort),
            };
            return tableRequest(async () => {
              const d = await (source === 'admin' ? tradingCalls.createdList(q) : tradingCalls.positions(q));
              setTotals(d.totals);
              return { list: d.list.map((r) => livePosition(r, undefined)), total: d.total };
            });
          }}
        />
        <ReasonDialog
          open={!!closing}
          title={t('trading.close.title')}
          label={t('trading.close.reason')}
          required
          okText={t('trading.close.ok')}
          testId="force-close-dialog"
          onClose={() => setClosing(null)}
          onSubmit={async (reason) => {
            const p = await tradingCalls.forceClose(closing!.id, reason);
            replace(p);
            setClosing(null);
            feedback.message.success(t('trading.close.done'));
            void actionRef.current?.reload();
          }}
        >
          {closingView && (
            <LiveRow r={closingView}>
              {(closingView) => (
                <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
                  <Descriptions.Item label={t('trading.col.positionNo')} span={2}>
                    {closingView.positionNo}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('trading.col.user')}>
                    {closingView.userName || closingView.phone} #{closingView.userId}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('trading.col.stock')}>
                    {closingView.stockName} {formatCode(closingView)}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('trading.col.shares')}>{closingView.shares}</Descriptions.Item>
                  <Descriptions.Item label={t('trading.col.margin')}>
                    <Amount value={closingView.margin} />
                  </Descriptions.Item>
                  <Descriptions.Item label={t('trading.col.buyPrice')}>
                    <PriceText value={closingView.buyPrice} />
                  </Descriptions.Item>
                  <Descriptions.Item label={t('trading.col.last')}>
                    <PriceText value={closingView.last} />
                  </Descriptions.Item>
                  <Descriptions.Item label={t('trading.col.pnl')} span={2}>
                    <PnlText value={closingView.pnl} strong /> (<PnlText value={closingView.pnlPct} pct />)
                  </Descriptions.Item>
                </Descriptions>
              )}
            </LiveRow>
          )}
          <Typography.Paragraph type="secondary">{t('trading.close.help')}</Typography.Paragraph>
        </ReasonDialog>
        <ReasonDialog
          open={!!locking}
          title={t('trading.lock.title')}
          label={t('trading.lock.reason')}
          required={false}
          okText={t('trading.lock.lock')}
          testId="lock-dialog"
          onClose={() => setLocking(null)}
          onSubmit={async (reason) => {
            replace(await tradingCalls.lock(locking!.id, true, reason));
            setLocking(null);
            feedback.message.success(t('trading.lock.done'));
          }}
        >
          <Typography.Paragraph>
            {locking && t('trading.lock.content', { no: locking.positionNo, stock: locking.stockName })}
          </Typography.Paragraph>
        </ReasonDialog>
      </div>
    </LiveQuotesContext.Provider>
  );
}
