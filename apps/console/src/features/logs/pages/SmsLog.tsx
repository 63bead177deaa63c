import { useRef } from 'react';
import { Tag, Tooltip } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { ListTable } from '../../../shared/list/ListTable';
import type { ListLayout } from '../../../shared/list/layout';
import { useTranslation } from 'react-i18next';
import { SMS_KINDS, logsApi, type SmsLogItem } from '@stock-admin/contracts';
import { tableDefaults } from '../../../lib/proTable';
import { logCalls } from '../api';
import { ExportButton } from '../../../shared/components/ExportButton';
import { filtersOf, timeRange, toListQuery, useUrlFilters, type Params } from '../../../shared/filters';
import { fmtTime } from '../../../shared/format';
import '../logs.css';
import { tableRequest } from '../../../shared/tableRequest';

/** 短信日志: every column (a short list): on a phone, a card per message (issue 39). */
const SMS_LOG_LAYOUT: ListLayout = {
  id: 'sms-log',
  must: ['createdAt', 'phone', 'kind', 'content', 'provider', 'result', 'ip'],
  card: { head: ['phone', 'result'], fields: ['createdAt', 'kind', 'content'] },
};

const FILTER_KEYS = ['phone', 'kind', 'result', 'beginTime', 'endTime'] as const;

/** 短信日志 (hidden from the menu, reachable by URL): every SMS the platform sent, with the provider's outcome. */
export default function SmsLog() {
  const { t } = useTranslation();
  const { initialValues, sync } = useUrlFilters(FILTER_KEYS, { rangeField: 'createdAt' });
  const last = useRef<Record<string, unknown>>({});

  const columns: ProColumns<SmsLogItem>[] = [
    {
      title: t('logs.col.time'),
      dataIndex: 'createdAt',
      valueType: 'dateTimeRange',
      width: 170,
      render: (_, r) => fmtTime(r.createdAt),
      search: { transform: timeRange },
    },
    { title: t('logs.col.phone'), dataIndex: 'phone', width: 130, copyable: true },
    {
      title: t('logs.col.kind'),
      dataIndex: 'kind',
      width: 110,
      valueType: 'select',
      valueEnum: Object.fromEntries(SMS_KINDS.map((k) => [k, { text: t(`logs.smsKind.${k}`) }])),
      render: (_, r) => <Tag>{t(`logs.smsKind.${r.kind}`, { defaultValue: r.kind })}</Tag>,
    },
    {
      title: t('logs.col.content'),
      dataIndex: 'content',
      hideInSearch: true,
      ellipsis: true,
    },
    { title: t('logs.col.provider'), dataIndex: 'provider', width: 90, hideInSearch: true },
    {
      title: t('logs.col.result'),
      dataIndex: 'result',
      width: 100,
      valueType: 'select',
      valueEnum: { sent: { text: t('logs.sendResult.sent') }, failed: { text: t('logs.sendResult.failed') } },
      render: (_, r) => (
        <Tooltip title={r.error}>
          <Tag color={r.result === 'sent' ? 'green' : 'red'}>{t(`logs.sendResult.${r.result}`, { defaultValue: r.result })}</Tag>
        </Tooltip>
      ),
    },
    { title: t('logs.col.ip'), dataIndex: 'ip', width: 130, hideInSearch: true },
  ];

  return (
    <div data-testid="page-smslog">
      <ListTable<SmsLogItem, Params>
        {...tableDefaults()}
        headerTitle={t('logs.menu.smslog')}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        form={{ initialValues }}
        options={{ reload: true, density: false, setting: false }}
        layout={SMS_LOG_LAYOUT}
        request={async (params) => {
          const f = filtersOf(params);
          last.current = f;
          sync(f);
          return tableRequest(() => logCalls.smsList(toListQuery(params)));
        }}
        toolBarRender={() => [
          <ExportButton key="export" endpoint={logsApi.smsExport} filters={() => last.current} name="sms-log" testId="log-export" />,
        ]}
      />
    </div>
  );
}
