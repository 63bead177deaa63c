import type { ProColumns } from '@ant-design/pro-components';
import type { TFunction } from 'i18next';
import { DIRECTIONS, type Action, type PermissionKey } from '@stock-admin/contracts';
import { AgentSelect } from '../../../shared/components/Pickers';

type Can = (permission: PermissionKey, action: Action) => boolean;

export const enumOf = (t: TFunction, prefix: string, values: readonly string[]) =>
  Object.fromEntries(values.map((v) => [v, { text: t(`${prefix}.${v}`) }]));

/**
 * The search-only fields every trading list shares (contracts `listFilters`): user id, phone, agent
 * (with `agentlist` query), stock, direction and a time range titled `timeTitle`. Lists add their
 * status (and kind, locked) fields.
 */
export function filterColumns<T>(t: TFunction, can: Can, o: { timeTitle: string }): ProColumns<T>[] {
  return [
    {
      title: t('trading.filter.userId'),
      dataIndex: 'userId',
      hideInTable: true,
      fieldProps: { placeholder: t('trading.filter.userIdPlaceholder'), maxLength: 12, inputMode: 'numeric' },
    },
    { title: t('trading.filter.phone'), dataIndex: 'phone', hideInTable: true, fieldProps: { maxLength: 20 } },
    {
      title: t('trading.filter.agent'),
      dataIndex: 'agentId',
      hideInTable: true,
      hideInSearch: !can('agentlist', 'query'),
      renderFormItem: () => <AgentSelect placeholder={t('trading.filter.agentPlaceholder')} />,
    },
    {
      title: t('trading.filter.stock'),
      dataIndex: 'gid',
      hideInTable: true,
      fieldProps: { placeholder: t('trading.filter.stockPlaceholder'), maxLength: 10 },
    },
    {
      title: t('trading.col.direction'),
      dataIndex: 'direction',
      hideInTable: true,
      valueType: 'select',
      valueEnum: enumOf(t, 'direction', DIRECTIONS),
    },
    { title: o.timeTitle, dataIndex: 'time', hideInTable: true, valueType: 'dateTimeRange' },
  ];
}
