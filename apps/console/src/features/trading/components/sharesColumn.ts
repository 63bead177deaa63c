import type { ProColumns } from '@ant-design/pro-components';
import type { TFunction } from 'i18next';
import { formatCount } from '../../../shared/money';

/** 股数: the orders' and the positions' lists show a quantity the same way. */
export const sharesColumn = <T extends { shares: number | string }>(t: TFunction): ProColumns<T> => ({
  title: t('trading.col.shares'),
  dataIndex: 'shares',
  search: false,
  width: 90,
  align: 'right',
  render: (_, r) => formatCount(r.shares),
});
