import '../products.css';
import { useState } from 'react';
import { CrudList } from '../../../shared/list/CrudList';
import { liveProductTable, ProductTitle } from '../components/productList';
import type { ListLayout } from '../../../shared/list/layout';
import { useTranslation } from 'react-i18next';
import type { IndexItem } from '@stock-admin/contracts';
import { useAccess } from '../../../lib/access';
import { useUrlFilters } from '../../../shared/filters';
import { useLiveRows } from '../../../shared/market/useQuotes';
import { indexCalls } from '../api';
import { IndexFormDrawer } from '../components/IndexFormDrawer';
import { indexColumns, type IndexFlag } from '../components/indexColumns';
import { INDEX_FILTER_KEYS, indexFiltersOf } from '../lib/filters';
import { useRowActions } from '../../../shared/useRowActions';

/** 指数列表: the index, its switches and its trading terms (issue 39). */
const INDICES_LAYOUT: ListLayout = {
  id: 'indices',
  must: [
    'code',
    'name',
    'last',
    'change',
    'changePct',
    'tradable',
    'homeShown',
    'listShown',
    'marginPerLot',
    'feePerLot',
    'valuePerPoint',
    'lots',
  ],
  card: { head: ['name', 'tradable'], fields: ['code', 'last', 'changePct', 'homeShown', 'listShown', 'marginPerLot'] },
};

const FLAG_CALL: Record<IndexFlag, (i: IndexItem, v: boolean) => Promise<IndexItem>> = {
  tradable: (i, v) => indexCalls.indexTrans(i.id, v),
  homeShown: (i, v) => indexCalls.indexShow(i.id, 'home', v),
  listShown: (i, v) => indexCalls.indexShow(i.id, 'list', v),
};

/**
 * 指数产品 (/product/index): index products with live quotes, filters kept in the URL, the tradable /
 * home-shown / list-shown switches (each asks first) and the add / edit drawer.
 */
export default function IndexList() {
  const { t } = useTranslation();
  const { can, info } = useAccess();
  const staff = info?.agentId == null;
  const { initialValues, sync } = useUrlFilters(INDEX_FILTER_KEYS);
  const [initial] = useState(() => indexFiltersOf(initialValues));
  const [rows, setRows] = useState<IndexItem[]>([]);
  const live = useLiveRows(rows);
  const { busy, run, confirm } = useRowActions(setRows);

  const onFlag = (i: IndexItem, flag: IndexFlag, value: boolean) =>
    confirm(
      {
        title: t(`products.index.flagTitle.${flag}.${value ? 'on' : 'off'}`),
        content: t('products.index.flagContent', { name: i.name, code: i.code }),
        okText: t('products.common.ok'),
        cancelText: t('products.common.cancel'),
        danger: !value,
      },
      () => run(`${flag}-${i.id}`, () => FLAG_CALL[flag](i, value), t('products.msg.updated')),
    );

  const columns = indexColumns(t, {
    busy,
    may: (action) => staff && can(action),
    onFlag,
  });

  // no delete: the API has no call that removes an index; it is switched off (tradable, shown) instead
  return (
    <CrudList<IndexItem, { list: IndexItem[]; total: number }>
      testId="index-list"
      className="products-page"
      manage={staff}
      title={<ProductTitle title={t('products.index.title')} />}
      layout={INDICES_LAYOUT}
      table={liveProductTable(live, setRows, initial)}
      load={(page, params) => {
        const filters = indexFiltersOf(params);
        sync(filters);
        return indexCalls.indexList({ ...page, ...filters });
      }}
      add={{ label: t('products.index.add'), testId: 'index-add' }}
      actionsWidth={80}
      editTestId={(r) => `index-edit-${r.code}`}
      Editor={IndexFormDrawer}
      columns={() => columns}
    />
  );
}
