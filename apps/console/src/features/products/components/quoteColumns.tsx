import type { ProColumns } from '@ant-design/pro-components';
import type { TFunction } from 'i18next';
import type { QuoteFields } from '../../../shared/market/useQuotes';
import { ChangeCell, ChangePctCell, LastCell, TurnoverCell } from '../../../shared/market/QuoteCells';

export type QuoteColumnKey = 'last' | 'change' | 'changePct' | 'turnover';

/**
 * The four live columns of a list of symbols (last, change, change %, turnover), not searchable.
 * `sortable` names the columns the list's endpoint can sort by (server-side `sorter`).
 */
export function quoteColumns<T extends QuoteFields>(t: TFunction, opts: { sortable?: readonly QuoteColumnKey[] } = {}): ProColumns<T>[] {
  const sorter = (k: QuoteColumnKey) => (opts.sortable?.includes(k) ? { sorter: true } : {});
  return [
    {
      title: t('market.col.last'),
      dataIndex: 'last',
      key: 'last',
      search: false,
      width: 120,
      align: 'right',
      ...sorter('last'),
      render: (_, r) => <LastCell q={r} />,
    },
    {
      title: t('market.col.change'),
      dataIndex: 'change',
      key: 'change',
      search: false,
      width: 90,
      align: 'right',
      ...sorter('change'),
      render: (_, r) => <ChangeCell q={r} />,
    },
    {
      title: t('market.col.changePct'),
      dataIndex: 'changePct',
      key: 'changePct',
      search: false,
      width: 96,
      align: 'right',
      ...sorter('changePct'),
      render: (_, r) => <ChangePctCell q={r} />,
    },
    {
      title: t('market.col.turnover'),
      dataIndex: 'turnover',
      key: 'turnover',
      search: false,
      width: 110,
      align: 'right',
      ...sorter('turnover'),
      render: (_, r) => <TurnoverCell q={r} />,
    },
  ];
}
