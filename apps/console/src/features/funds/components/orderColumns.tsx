import { Typography } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import type { TFunction } from 'i18next';
import type { Action, PermissionKey } from '@stock-admin/contracts';
import { amountRange, timeRange } from '../../../shared/fundFilters';
import { AmountRangeInput, Money } from '../../../shared/components/Money';
import { AgentSelect, ChannelSelect } from '../../../shared/components/Pickers';

/** What the deposit and withdrawal rows have in common. */
export interface OrderRow {
  orderNo: string;
  userId: number;
  phone: string;
  realName: string | null;
  agentName: string | null;
  amount: string;
}

/**
 * The search-only columns of both funds lists: keyword (phone, name or order number), agent, channel
 * (deposits only), amount range and a creation-time range titled `timeTitle`.
 */
export function orderFilterColumns<T extends OrderRow>(
  t: TFunction,
  can: (permission: PermissionKey, action: Action) => boolean,
  o: { timeTitle: string; channel?: boolean },
): ProColumns<T>[] {
  return [
    {
      title: t('funds.common.keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: t('funds.common.keywordPlaceholder') },
    },
    {
      title: t('funds.common.agent'),
      dataIndex: 'agentId',
      hideInTable: true,
      hideInSearch: !can('agentlist', 'query'),
      renderFormItem: () => <AgentSelect placeholder={t('funds.common.agentPlaceholder')} />,
    },
    ...(o.channel
      ? [
          {
            title: t('funds.common.channel'),
            dataIndex: 'channelId',
            hideInTable: true,
            hideInSearch: !can('channallist', 'query'),
            renderFormItem: () => <ChannelSelect placeholder={t('funds.common.selectPlaceholder')} />,
          } satisfies ProColumns<T>,
        ]
      : []),
    {
      title: t('funds.common.amountRange'),
      dataIndex: 'amountRange',
      hideInTable: true,
      renderFormItem: () => <AmountRangeInput placeholders={[t('funds.common.minPlaceholder'), t('funds.common.maxPlaceholder')]} />,
      search: { transform: amountRange },
    },
    {
      title: o.timeTitle,
      dataIndex: 'createdRange',
      hideInTable: true,
      valueType: 'dateTimeRange',
      search: { transform: timeRange },
    },
  ];
}

/** The leading table columns of both funds lists: order number, user, agent, amount. */
export function orderIdentityColumns<T extends OrderRow>(t: TFunction): ProColumns<T>[] {
  return [
    {
      title: t('funds.common.orderNo'),
      dataIndex: 'orderNo',
      search: false,
      width: 200,
      fixed: 'left',
      render: (_, r) => (
        <Typography.Text copyable={{ text: r.orderNo }} style={{ fontFamily: 'monospace', fontSize: 12 }}>
          {r.orderNo}
        </Typography.Text>
      ),
    },
    {
      title: t('funds.common.user'),
      dataIndex: 'phone',
      search: false,
      width: 140,
      render: (_, r) => (
        <div>
          <div>{r.phone}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.realName || '-'} · ID {r.userId}
          </Typography.Text>
        </div>
      ),
    },
    { title: t('funds.common.agent'), dataIndex: 'agentName', search: false, width: 110, render: (_, r) => r.agentName || '-' },
    {
      title: t('funds.common.amount'),
      dataIndex: 'amount',
      search: false,
      width: 130,
      align: 'right',
      render: (_, r) => <Money value={r.amount} strong />,
    },
  ];
}
