import type { ProColumns } from '@ant-design/pro-components';
import type { TFunction } from 'i18next';
import { Amount } from '../../../shared/components/cells';

/** What an action or a run moved — positions adjusted, cash to longs, cash from shorts — the same three columns on both lists. */
export function movedColumns<T extends { positions: number; credited: string; debited: string }>(t: TFunction): ProColumns<T>[] {
  const money = (key: 'credited' | 'debited'): ProColumns<T> => ({
    title: t(`corpactions.col.${key}`),
    dataIndex: key,
    width: 120,
    align: 'right',
    hideInSearch: true,
    render: (_, r) => <Amount value={r[key]} />,
  });
  return [
    { title: t('corpactions.col.positions'), dataIndex: 'positions', width: 100, align: 'right', hideInSearch: true },
    money('credited'),
    money('debited'),
  ];
}
