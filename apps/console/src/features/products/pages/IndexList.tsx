import '../products.css';
import { useRef, useState } from 'react';
import { Button, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ActionType } from '@ant-design/pro-components';
import { ListTable } from '../../../shared/list/ListTable';
import type { ListLayout } from '../../../shared/list/layout';
import { useTranslation } from 'react-i18next';
import type { IndexItem } from '@stock-admin/contracts';
import { Access, useAccess } from '../../../lib/access';
import { tableDefaults, pageOf } from '../../../lib/proTable';
import { useUrlFilters, type Params } from '../../../shared/filters';
import { MarketStatus } from '../../../shared/market/MarketStatus';
import { useLiveRows } from '../../../shared/market/useQuotes';
import { indexCalls } from '../api';
import { IndexFormDrawer } from '../components/IndexFormDrawer';
import { indexColumns, type IndexFlag } from '../components/indexColumns';
import { INDEX_FILTER_KEYS, indexFiltersOf } from '../lib/filters';
import { useRowActions } from '../../../shared/useRowActions';
import { tableRequest } from '../../../shared/tableRequest';

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
  const actionRef = useRef<ActionType>(undefined);
  const { initialValues, sync } = useUrlFilters(INDEX_FILTER_KEYS);
  const [initial] = useState(() => indexFiltersOf(initialValues));
  const [rows, setRows] = useState<IndexItem[]>([]);
  const live = useLiveRows(rows);
  const [editing, setEditing] = useState<{ index: IndexItem | null } | null>(null);
  const { busy, run, confirm } = useRowActions(setRows);
  const reload = () => void actionRef.current?.reload();

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
    canEdit: staff && can('edit'),
    onFlag,
    onEdit: (index) => setEditing({ index }),
  });

  return (
    <div className="products-page" data-testid="index-list">
      <ListTable<IndexItem, Params>
        {...tableDefaults()}
        actionRef={actionRef}
        columns={columns}
        dataSource={live}
        onDataSourceChange={setRows}
        headerTitle={
          <Space size={16} wrap>
            <span>{t('products.index.title')}</span>
            <MarketStatus />
          </Space>
        }
        // opened with filters the collapsed form would hide: show them all
        search={{ labelWidth: 'auto', defaultCollapsed: !Object.keys(initial).some((k) => k !== 'code' && k !== 'name') }}
        form={{ initialValues: initial }}
        layout={INDICES_LAYOUT}
        options={{ reload: true, density: false, setting: true }}
        toolBarRender={() =>
          staff
            ? [
                <Access key="add" action="add">
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ index: null })} data-testid="index-add">
                    {t('products.index.add')}
                  </Button>
                </Access>,
              ]
            : []
        }
        request={async (params) => {
          const filters = indexFiltersOf(params);
          sync(filters);
          return tableRequest(() => indexCalls.indexList({ ...pageOf(params), ...filters }));
        }}
      />
      <IndexFormDrawer
        open={!!editing}
        index={editing?.index ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
    </div>
  );
}
