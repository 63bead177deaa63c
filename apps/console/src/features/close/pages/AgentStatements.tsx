import { useRef } from 'react';
import { Tag, Typography } from 'antd';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AgentStatementRow } from '@stock-admin/contracts';
import { pageOf, tableDefaults } from '../../../lib/proTable';
import { platformToday } from '../../../lib/timeZone';
import { Amount, PnlText } from '../../../shared/components/cells';
import { formatCount } from '../../../shared/money';
import { ListTable } from '../../../shared/list/ListTable';
import type { ListLayout } from '../../../shared/list/layout';
import { tableRequest } from '../../../shared/tableRequest';
import { agentStatementCalls } from '../api';
import { defaultPeriod } from '../period';

const LAYOUT: ListLayout = {
  id: 'close-agent-statements',
  // at 1440 px: who, and the four figures of the period that add up (opening + commissions + other = closing)
  must: ['name', 'parentName', 'opening', 'commissions', 'other', 'closing', 'users'],
  card: { head: ['name', 'level'], fields: ['commissions', 'opening', 'closing', 'other', 'users'] },
};

const DAY = 'YYYY-MM-DD';
const asDay = (v: string | Dayjs) => dayjs(v).format(DAY);

/**
 * 代理对账单: every agent the operator may see (an agent's staff: their subtree) over a period — the balance at its
 * start, the commissions earned, what else moved the balance, the balance at its end — largest commissions first.
 * Each agent opens its statement.
 */
export default function AgentStatements() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actionRef = useRef<ActionType>(undefined);
  const period = useRef<[string, string]>(defaultPeriod().map(asDay) as [string, string]);
  const open = (r: AgentStatementRow) => navigate(`/close/agent?agentId=${r.agentId}&from=${period.current[0]}&to=${period.current[1]}`);

  const money = (key: 'opening' | 'other' | 'closing', width = 140): ProColumns<AgentStatementRow> => ({
    title: t(`close.agents.col.${key}`),
    dataIndex: key,
    width,
    align: 'right',
    hideInSearch: true,
    render: (_, r) => (key === 'other' ? <PnlText value={r.other} /> : <Amount value={r[key]} />),
  });
  const columns: ProColumns<AgentStatementRow>[] = [
    {
      title: t('close.agents.col.name'),
      dataIndex: 'name',
      width: 180,
      hideInSearch: true,
      render: (_, r) => (
        <a onClick={() => open(r)} data-testid={`agent-statement-${r.agentId}`}>
          {r.name}
        </a>
      ),
    },
    {
      title: t('close.agents.col.level'),
      dataIndex: 'level',
      width: 90,
      hideInSearch: true,
      render: (_, r) => <Tag>{t('close.agents.level', { level: r.level })}</Tag>,
    },
    {
      title: t('close.agents.col.parentName'),
      dataIndex: 'parentName',
      width: 140,
      hideInSearch: true,
      render: (_, r) => r.parentName ?? '-',
    },
    money('opening'),
    {
      title: t('close.agents.col.commissions'),
      dataIndex: 'commissions',
      width: 150,
      align: 'right',
      hideInSearch: true,
      render: (_, r) => (
        <span>
          <PnlText value={r.commissions} />
          <Typography.Text type="secondary"> ({formatCount(r.commissionCount)})</Typography.Text>
        </span>
      ),
    },
    money('other', 120),
    money('closing'),
    {
      title: t('close.agents.col.users'),
      dataIndex: 'users',
      width: 90,
      align: 'right',
      hideInSearch: true,
      render: (_, r) => formatCount(r.users),
    },
    {
      title: t('close.agents.period'),
      dataIndex: 'period',
      valueType: 'dateRange',
      hideInTable: true,
      initialValue: defaultPeriod(),
      fieldProps: { allowClear: false, disabledDate: (d: Dayjs) => d.isAfter(platformToday(), 'day') },
    },
    { title: t('close.agents.keyword'), dataIndex: 'keyword', hideInTable: true },
    {
      title: t('common.actions'),
      valueType: 'option',
      fixed: 'right',
      width: 100,
      render: (_, r) => [
        <a key="view" onClick={() => open(r)}>
          {t('close.agents.view')}
        </a>,
      ],
    },
  ];

  return (
    <div data-testid="page-agent-statements">
      <ListTable<AgentStatementRow, { period?: [string, string]; keyword?: string }>
        {...tableDefaults()}
        rowKey="agentId"
        actionRef={actionRef}
        headerTitle={t('close.agents.menu')}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        options={{ reload: true, density: false, setting: true }}
        layout={LAYOUT}
        request={({ period: range, keyword, ...params }) => {
          period.current = range ? [asDay(range[0]), asDay(range[1])] : (defaultPeriod().map(asDay) as [string, string]);
          return tableRequest(() =>
            agentStatementCalls.list({ ...pageOf(params), from: period.current[0], to: period.current[1], keyword: keyword || undefined }),
          );
        }}
      />
    </div>
  );
}
