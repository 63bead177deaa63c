import '../products.css';
import { useRef, useState } from 'react';
import { Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { CrudList } from '../../../shared/list/CrudList';
import { liveProductTable, ProductTitle } from '../components/productList';
import type { ListLayout } from '../../../shared/list/layout';
import { useTranslation } from 'react-i18next';
import { productsApi, type StockItem } from '@stock-admin/contracts';
import { useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { useUrlFilters } from '../../../shared/filters';
import { useLiveRows } from '../../../shared/market/useQuotes';
import { stockCalls } from '../api';
import { ImportModal } from '../components/ImportModal';
import { LockModal } from '../components/LockModal';
import { StockFormDrawer } from '../components/StockFormDrawer';
import { stockColumns } from '../components/stockColumns';
import { STOCK_FILTER_KEYS, stockFiltersOf, stockSortOf, type Filters } from '../lib/filters';
import { useRowActions } from '../../../shared/useRowActions';
import { ExportButton } from '../../../shared/components/ExportButton';

/** 股票列表: every column an operator acts on is in view (issue 39). */
const STOCKS_LAYOUT: ListLayout = {
  id: 'stocks',
  must: ['code', 'name', 'market', 'board', 'marketBoard', 'last', 'change', 'changePct', 'turnover', 'spreadRate', 'shown', 'locked'],
  card: { head: ['name', 'locked'], fields: ['code', 'last', 'changePct', 'marketBoard', 'spreadRate', 'shown'] },
};

/**
 * 股票产品 (/product/shares): the stock list with live quotes (merged into the rows as QUOTES frames
 * arrive, while the page is on screen), filters kept in the URL, show / lock switches that ask first,
 * add / edit drawers, delete, CSV import with a per-row report and CSV export of the current filters.
 */
export default function StockList() {
  const { t } = useTranslation();
  const { can, info } = useAccess();
  // Agent staff read products only (the server refuses their changes anyway).
  const staff = info?.agentId == null;
  const { initialValues, sync } = useUrlFilters(STOCK_FILTER_KEYS);
  const [initial] = useState(() => stockFiltersOf(initialValues));
  const lastFilters = useRef<Filters>(initial);
  const [rows, setRows] = useState<StockItem[]>([]);
  const live = useLiveRows(rows);
  const [locking, setLocking] = useState<StockItem | null>(null);
  const [importing, setImporting] = useState(false);
  const { busy, run, confirm } = useRowActions(setRows);

  const onShown = (s: StockItem, shown: boolean) =>
    confirm(
      {
        title: t(shown ? 'products.stock.showTitle' : 'products.stock.hideTitle'),
        content: t(shown ? 'products.stock.showContent' : 'products.stock.hideContent', { name: s.name, code: s.code }),
        okText: t('products.common.ok'),
        cancelText: t('products.common.cancel'),
        danger: !shown,
      },
      () => run(`shown-${s.id}`, () => stockCalls.stockShow(s.id, shown), t(shown ? 'products.msg.shown' : 'products.msg.hidden')),
    );

  const onLocked = (s: StockItem, locked: boolean) => {
    if (locked) return setLocking(s);
    confirm(
      {
        title: t('products.lock.unlockTitle'),
        content: t('products.lock.unlockContent', { name: s.name, code: s.code }),
        okText: t('products.common.ok'),
        cancelText: t('products.common.cancel'),
      },
      () => run(`locked-${s.id}`, () => stockCalls.stockLock(s.id, false), t('products.msg.unlocked')),
    );
  };

  const columns = stockColumns(t, {
    busy,
    may: (action) => staff && can(action),
    onShown,
    onLocked,
  });

  return (
    <CrudList<StockItem, { list: StockItem[]; total: number }>
      testId="stock-list"
      className="products-page"
      manage={staff}
      title={<ProductTitle title={t('products.stock.title')} />}
      layout={STOCKS_LAYOUT}
      table={liveProductTable(live, setRows, initial)}
      load={(page, params, sort) => {
        const filters = stockFiltersOf(params);
        lastFilters.current = filters;
        sync(filters);
        return stockCalls.stockList({ ...page, ...filters, ...stockSortOf(sort) });
      }}
      add={{ label: t('products.stock.add'), testId: 'stock-add' }}
      toolbarAfter={() => [
        staff && can('import') && (
          <Button key="import" icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="stock-import">
            {t('products.import.button')}
          </Button>
        ),
        <ExportButton
          key="export"
          endpoint={productsApi.stockExport}
          filters={() => lastFilters.current}
          name="stocks"
          testId="stock-export"
        />,
      ]}
      actionsWidth={100}
      editTestId={(r) => `stock-edit-${r.code}`}
      remove={{
        confirm: (r) => t('products.stock.deleteConfirm', { name: r.name, code: r.code }),
        // a refusal (positions still hold it) is the server's, shown by the request client
        run: (r) => stockCalls.stockDelete(r.id),
        done: () => feedback.message.success(t('products.msg.deleted')),
        testId: (r) => `stock-delete-${r.code}`,
      }}
      Editor={StockFormDrawer}
      extra={({ reload }) => (
        <>
          <LockModal
            stock={locking}
            onClose={() => setLocking(null)}
            onConfirm={async (reason) => {
              const s = locking!;
              await run(`locked-${s.id}`, () => stockCalls.stockLock(s.id, true, reason), t('products.msg.locked'));
              setLocking(null);
            }}
          />
          <ImportModal open={importing} onClose={() => setImporting(false)} onImported={reload} />
        </>
      )}
      columns={() => columns}
    />
  );
}
