import '../../../shared/styles/users.css';
import { useRef, useState } from 'react';
import { Card, Space, Tag, Tooltip, Typography } from 'antd';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { ListTable } from '../../../shared/list/ListTable';
import type { ListLayout } from '../../../shared/list/layout';
import { useTranslation } from 'react-i18next';
import { fundRecordsApi, FUND_TYPE_INFO, type FundRecordItem, type FundType } from '@stock-admin/contracts';
import { useAccess } from '../../../lib/access';
import { tableDefaults, pageOf } from '../../../lib/proTable';
import { fundRecordCalls } from '../api';
import { Money } from '../../../shared/components/Money';
import { UserAgentSelect } from '../../../shared/components/AccountPickers';
import { formatCount, formatMoney } from '../../../shared/money';
import { fundFilters, type Params } from '../../../shared/userFilters';
import { noteText, referenceText } from '../lib/words';
import { accountTypeEnum, accountTypeLabel, fundTypeLabel, fundTypeOptions } from '../../../shared/userLabels';
import { fmtTime as time } from '../../../shared/format';
import { ExportButton } from '../../../shared/components/ExportButton';
import { tableRequest } from '../../../shared/tableRequest';

type Totals = { count: number; amountIn: string; amountOut: string; net: string };

const TYPE_COLORS = { in: 'red', out: 'green', any: 'blue' } as const;

/** 资金记录: when, whose money, how much moved, what was left and why (issue 39). */
const FUND_RECORDS_LAYOUT: ListLayout = {
  id: 'fund-records',
  must: ['createdAt', 'userPhone', 'agentName', 'typeTag', 'amount', 'enableAmtAfter', 'frozenAmtAfter', 'note'],
  card: { head: ['userPhone', 'typeTag'], fields: ['amount', 'enableAmtAfter', 'frozenAmtAfter', 'createdAt'] },
};
const TRANSFERS_LAYOUT: ListLayout = { ...FUND_RECORDS_LAYOUT, id: 'transfer-records' };

/**
 * The ledger as a list (资金记录, and 资金互转记录 with `transfers`): filters by user, type, owner, agent,
 * account type, reference and time; totals of the filtered set as the server computed them; export.
 */
export function FundRecordTable({ transfers = false }: { transfers?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { can } = useAccess();
  const actionRef = useRef<ActionType>(undefined);
  const lastFilters = useRef<Record<string, unknown>>({});
  const [totals, setTotals] = useState<Totals | null>(null);
  const only: FundType[] | undefined = transfers ? ['transfer_in', 'transfer_out'] : undefined;
  const prefix = transfers ? 'transfer' : 'fund';

  // the transfers page exports transfers only, unless a type was picked
  const exportFilters = () => {
    const f = { ...lastFilters.current };
    if (transfers && !f.type) f.type = only!.join(',');
    return f;
  };

  const columns: ProColumns<FundRecordItem>[] = [
    {
      title: t('fundrecords.col.user'),
      dataIndex: 'user',
      hideInTable: true,
      fieldProps: { placeholder: t('fundrecords.filter.userPlaceholder') },
    },
    {
      title: t('fundrecords.col.type'),
      dataIndex: 'type',
      hideInTable: true,
      valueType: 'select',
      fieldProps: {
        mode: 'multiple',
        options: fundTypeOptions(lang, only),
        maxTagCount: 'responsive',
        placeholder: t('common.selectPlaceholder'),
      },
    },
    {
      title: t('fundrecords.col.owner'),
      dataIndex: 'owner',
      hideInTable: true,
      hideInSearch: transfers,
      valueType: 'select',
      valueEnum: {
        user: { text: t('fundrecords.owner.user') },
        agent: { text: t('fundrecords.owner.agent') },
        all: { text: t('fundrecords.owner.all') },
      },
    },
    {
      title: t('field.agent'),
      dataIndex: 'agentId',
      hideInTable: true,
      hideInSearch: !can('agentlist', 'query'),
      renderFormItem: () => <UserAgentSelect />,
    },
    {
      title: t('field.accountType'),
      dataIndex: 'accountType',
      hideInTable: true,
      valueType: 'select',
      valueEnum: accountTypeEnum(lang),
    },
    {
      title: t('fundrecords.col.reference'),
      key: 'referenceSearch',
      dataIndex: 'reference',
      hideInTable: true,
      fieldProps: { placeholder: t('fundrecords.filter.referencePlaceholder') },
    },
    { title: t('fundrecords.col.time'), dataIndex: 'timeRange', hideInTable: true, valueType: 'dateTimeRange' },
    { title: 'ID', dataIndex: 'id', search: false, width: 80, fixed: 'left' },
    {
      title: t('fundrecords.col.time'),
      dataIndex: 'createdAt',
      search: false,
      width: 170,
      render: (_, r) => <span className="ua-nowrap">{time(r.createdAt)}</span>,
    },
    {
      title: t('fundrecords.col.user'),
      dataIndex: 'userPhone',
      search: false,
      width: 170,
      render: (_, r) =>
        r.owner === 'agent' ? (
          <div>
            <Tag color="gold">{t('fundrecords.owner.agent')}</Tag>
            {r.agentName}
          </div>
        ) : (
          <div>
            <div>{r.userPhone}</div>
            <div className="ua-sub">
              {r.userRealName || '-'} · ID {r.userId} · {accountTypeLabel(r.accountType, lang)}
            </div>
          </div>
        ),
    },
    {
      title: t('field.agent'),
      dataIndex: 'agentName',
      search: false,
      width: 130,
      render: (_, r) => (r.owner === 'user' ? r.agentName || '-' : '-'),
    },
    {
      title: t('fundrecords.col.type'),
      dataIndex: 'typeTag',
      search: false,
      width: 140,
      render: (_, r) => (
        <Tag color={TYPE_COLORS[FUND_TYPE_INFO[r.type]?.direction ?? 'any']} data-testid={`fund-type-${r.id}`}>
          {fundTypeLabel(r.type, lang)}
        </Tag>
      ),
    },
    {
      title: t('fundrecords.col.amount'),
      dataIndex: 'amount',
      search: false,
      width: 140,
      align: 'right',
      render: (_, r) => (
        <span data-testid={`fund-amount-${r.id}`}>
          <Money value={r.amount} signed strong />
        </span>
      ),
    },
    {
      title: t('fundrecords.col.enableAfter'),
      dataIndex: 'enableAmtAfter',
      search: false,
      width: 140,
      align: 'right',
      render: (_, r) => <Money value={r.enableAmtAfter} />,
    },
    {
      title: t('fundrecords.col.equityAfter'),
      dataIndex: 'userAmtAfter',
      search: false,
      width: 140,
      align: 'right',
      render: (_, r) => <Money value={r.userAmtAfter} />,
    },
    {
      title: t('fundrecords.col.frozenAfter'),
      dataIndex: 'frozenAmtAfter',
      search: false,
      width: 120,
      align: 'right',
      render: (_, r) => <Money value={r.frozenAmtAfter} />,
    },
    {
      title: t('fundrecords.col.reference'),
      dataIndex: 'reference',
      search: false,
      width: 160,
      render: (_, r) =>
        r.reference ? (
          <Tooltip title={r.reference}>
            <Typography.Text copyable={{ text: r.reference }} style={{ fontSize: 12 }} data-testid={`fund-ref-${r.id}`}>
              {referenceText(t, r.reference)}
            </Typography.Text>
          </Tooltip>
        ) : (
          '-'
        ),
    },
    {
      title: t('fundrecords.col.note'),
      dataIndex: 'note',
      search: false,
      width: 200,
      ellipsis: true,
      render: (_, r) =>
        r.note ? (
          <Tooltip title={noteText(t, r.note)}>
            <span data-testid={`fund-note-${r.id}`}>{noteText(t, r.note)}</span>
          </Tooltip>
        ) : (
          '-'
        ),
    },
    {
      title: t('fundrecords.col.admin'),
      dataIndex: 'adminId',
      search: false,
      width: 90,
      render: (_, r) => (r.adminId ? `#${r.adminId}` : '-'),
    },
  ];

  const cell = (key: string, title: string, value: React.ReactNode) => (
    <div key={key} className="ua-total" data-testid={`${prefix}-totals-${key}`}>
      <div className="ua-total-title">{title}</div>
      <div className="ua-total-amount">{value}</div>
    </div>
  );

  return (
    <div data-testid={`${prefix}-records`}>
      <ListTable<FundRecordItem, Params>
        {...tableDefaults()}
        actionRef={actionRef}
        columns={columns}
        headerTitle={t(transfers ? 'fundrecords.transferTitle' : 'fundrecords.title')}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        layout={transfers ? TRANSFERS_LAYOUT : FUND_RECORDS_LAYOUT}
        tableExtraRender={() =>
          totals ? (
            <Card size="small" className="ua-totals" title={t('fundrecords.totals.title')} data-testid={`${prefix}-totals`}>
              <Space size={[40, 12]} wrap>
                {cell('count', t('fundrecords.totals.count'), formatCount(totals.count))}
                {cell('in', t('fundrecords.totals.in'), <Money value={totals.amountIn} signed />)}
                {cell('out', t('fundrecords.totals.out'), <Money value={totals.amountOut} signed />)}
                {cell(
                  'net',
                  t('fundrecords.totals.net'),
                  <span title={formatMoney(totals.net)}>
                    <Money value={totals.net} signed strong />
                  </span>,
                )}
              </Space>
            </Card>
          ) : null
        }
        toolBarRender={() => [
          <ExportButton
            key="export"
            endpoint={fundRecordsApi.export}
            filters={exportFilters}
            name={transfers ? 'fund-transfers' : 'fund-records'}
            testId={`${prefix}-export`}
          />,
        ]}
        request={async (params: Params) => {
          const filters = fundFilters(params);
          lastFilters.current = filters;
          const q = { ...pageOf(params), ...filters };
          return tableRequest(
            () => (transfers ? fundRecordCalls.transferList(q) : fundRecordCalls.list(q)),
            (d) => setTotals(d.totals),
            () => setTotals(null),
          );
        }}
      />
    </div>
  );
}
