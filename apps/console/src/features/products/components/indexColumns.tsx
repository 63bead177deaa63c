import { Switch, Tooltip, Typography } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import type { TFunction } from 'i18next';
import type { IndexItem } from '@stock-admin/contracts';
import { quoteColumns } from './quoteColumns';
import { formatPrice } from '../../../shared/market/quoteFormat';

/** The three switches of an index product. */
export type IndexFlag = 'tradable' | 'homeShown' | 'listShown';

export interface IndexColumnContext {
  busy: string | null;
  /** Does this viewer hold the action (turning a flag on needs `enable`, off `disable`)? */
  may: (action: 'enable' | 'disable') => boolean;
  onFlag: (i: IndexItem, flag: IndexFlag, value: boolean) => void;
}

const NUM = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The columns (and search fields) of 指数产品; edit is the list's (CrudList). */
export function indexColumns(t: TFunction, c: IndexColumnContext): ProColumns<IndexItem>[] {
  const flag = (f: IndexFlag): ProColumns<IndexItem> => ({
    title: t(`products.col.${f}`),
    dataIndex: f,
    width: 96,
    valueType: 'select',
    valueEnum: { true: { text: t('products.common.yes') }, false: { text: t('products.common.no') } },
    render: (_, r) => (
      <Switch
        size="small"
        checked={r[f]}
        disabled={!c.may(r[f] ? 'disable' : 'enable')}
        loading={c.busy === `${f}-${r.id}`}
        onChange={(v) => c.onFlag(r, f, v)}
        aria-label={`${t(`products.col.${f}`)} · ${r.name}`}
        data-testid={`index-${f}-${r.code}`}
      />
    ),
  });
  const money = (k: 'marginPerLot' | 'feePerLot' | 'valuePerPoint'): ProColumns<IndexItem> => ({
    title: t(`products.col.${k}`),
    dataIndex: k,
    search: false,
    width: 110,
    align: 'right',
    render: (_, r) => <span style={NUM}>{formatPrice(r[k])}</span>,
  });
  return [
    {
      title: t('products.col.code'),
      dataIndex: 'code',
      width: 100,
      fixed: 'left',
      fieldProps: { placeholder: '000300', maxLength: 10 },
      render: (_, r) => <span style={NUM}>{r.code}</span>,
    },
    {
      title: t('products.col.name'),
      dataIndex: 'name',
      width: 150,
      fieldProps: { maxLength: 50 },
      render: (_, r) => (
        <div>
          <div>{r.name}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.gid}
          </Typography.Text>
        </div>
      ),
    },
    ...quoteColumns<IndexItem>(t),
    flag('tradable'),
    flag('homeShown'),
    flag('listShown'),
    money('marginPerLot'),
    money('feePerLot'),
    money('valuePerPoint'),
    {
      title: t('products.col.lots'),
      key: 'lots',
      search: false,
      width: 110,
      align: 'right',
      render: (_, r) => (
        <span style={NUM}>
          {r.minLots} ~ {r.maxLots}
        </span>
      ),
    },
    {
      title: t('products.col.description'),
      dataIndex: 'description',
      search: false,
      width: 160,
      ellipsis: true,
      render: (_, r) => (r.description ? <Tooltip title={r.description}>{r.description}</Tooltip> : '-'),
    },
  ];
}
