import { Tag, Typography } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined, SyncOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { CorpRun } from '@stock-admin/contracts';
import { pageOf, tableDefaults } from '../../../lib/proTable';
import { fmtTime } from '../../../shared/format';
import { ListTable } from '../../../shared/list/ListTable';
import type { ListLayout } from '../../../shared/list/layout';
import { tableRequest } from '../../../shared/tableRequest';
import { corpCalls } from '../api';
import { movedColumns } from '../components/movedColumns';

const LAYOUT: ListLayout = {
  id: 'corpactions-runs',
  must: ['day', 'trigger', 'status', 'actions', 'positions', 'credited', 'debited', 'startedAt'],
  card: { head: ['day', 'status'], fields: ['trigger', 'actions', 'positions', 'credited', 'debited', 'startedAt'] },
};

const STATUS = {
  running: { color: 'processing', icon: <SyncOutlined spin /> },
  done: { color: 'green', icon: <CheckCircleOutlined /> },
  failed: { color: 'red', icon: <CloseCircleOutlined /> },
} as const;

/** 除权执行记录: every run of the ex-date job or of "run now" that applied something, with what it moved and any error. */
export default function CorpRuns() {
  const { t } = useTranslation();
  const columns: ProColumns<CorpRun>[] = [
    { title: t('corpactions.col.day'), dataIndex: 'day', width: 110, valueType: 'date', render: (_, r) => r.day },
    {
      title: t('corpactions.col.trigger'),
      dataIndex: 'trigger',
      width: 110,
      hideInSearch: true,
      render: (_, r) => t(`corpactions.trigger.${r.trigger}`),
    },
    { title: t('corpactions.col.by'), dataIndex: 'by', width: 110, hideInSearch: true, render: (_, r) => r.by ?? '—' },
    {
      title: t('corpactions.col.status'),
      dataIndex: 'status',
      width: 100,
      hideInSearch: true,
      render: (_, r) => (
        <Tag color={STATUS[r.status].color} icon={STATUS[r.status].icon}>
          {t(`corpactions.runStatus.${r.status}`)}
        </Tag>
      ),
    },
    { title: t('corpactions.col.actions'), dataIndex: 'actions', width: 90, align: 'right', hideInSearch: true },
    ...movedColumns<CorpRun>(t),
    {
      title: t('corpactions.col.startedAt'),
      dataIndex: 'startedAt',
      width: 170,
      hideInSearch: true,
      render: (_, r) => fmtTime(r.startedAt),
    },
    {
      title: t('corpactions.col.finishedAt'),
      dataIndex: 'finishedAt',
      width: 170,
      hideInSearch: true,
      render: (_, r) => (r.finishedAt ? fmtTime(r.finishedAt) : '—'),
    },
    {
      title: t('corpactions.col.error'),
      dataIndex: 'error',
      hideInSearch: true,
      ellipsis: true,
      render: (_, r) => (r.error ? <Typography.Text type="danger">{r.error}</Typography.Text> : '—'),
    },
  ];
  return (
    <div data-testid="page-corpactions-runs">
      <ListTable<CorpRun, { day?: string }>
        {...tableDefaults()}
        rowKey="id"
        headerTitle={t('corpactions.menu.runs')}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        options={{ reload: true, density: false, setting: true }}
        layout={LAYOUT}
        live={['CORP_ACTIONS_APPLIED']}
        request={({ day, ...params }) => tableRequest(() => corpCalls.runs({ ...pageOf(params), ...(day ? { day } : {}) }))}
      />
    </div>
  );
}
