import { useRef } from 'react';
import { Tag, Tooltip, Typography } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { ListTable } from '../../../shared/list/ListTable';
import type { ListLayout } from '../../../shared/list/layout';
import { useTranslation } from 'react-i18next';
import { LOGIN_RESULTS, logsApi, type LoginLogItem } from '@stock-admin/contracts';
import { tableDefaults } from '../../../lib/proTable';
import { logCalls } from '../api';
import { ExportButton } from '../../../shared/components/ExportButton';
import { filtersOf, timeRange, toListQuery, useUrlFilters, type Params } from '../../../shared/filters';
import { clientOf, fmtTime } from '../../../shared/format';
import { tableRequest } from '../../../shared/tableRequest';

/** 登录日志: every column (a short list): on a phone, a card per sign-in (issue 39). */
const LOGIN_LOG_LAYOUT: ListLayout = {
  id: 'login-log',
  must: ['createdAt', 'username', 'ip', 'userAgent', 'result'],
  card: { head: ['username', 'result'], fields: ['createdAt', 'ip', 'userAgent'] },
};

const FILTER_KEYS = ['username', 'ip', 'result', 'beginTime', 'endTime'] as const;

/** 登录日志: who signed in (or failed to), from where, with which client. */
export default function LoginLog() {
  const { t } = useTranslation();
  const { initialValues, sync } = useUrlFilters(FILTER_KEYS, { rangeField: 'createdAt' });
  const last = useRef<Record<string, unknown>>({});

  const columns: ProColumns<LoginLogItem>[] = [
    {
      title: t('logs.col.time'),
      dataIndex: 'createdAt',
      valueType: 'dateTimeRange',
      width: 170,
      render: (_, r) => fmtTime(r.createdAt),
      search: { transform: timeRange },
    },
    {
      title: t('logs.col.admin'),
      dataIndex: 'username',
      width: 150,
      render: (_, r) => (r.adminId ? `${r.username} (#${r.adminId})` : r.username),
    },
    { title: t('logs.col.ip'), dataIndex: 'ip', width: 140, copyable: true },
    {
      title: t('logs.col.client'),
      dataIndex: 'userAgent',
      hideInSearch: true,
      render: (_, r) => (
        <Tooltip title={r.userAgent}>
          <Typography.Text>{clientOf(r.userAgent)}</Typography.Text>
        </Tooltip>
      ),
    },
    {
      title: t('logs.col.result'),
      dataIndex: 'result',
      width: 140,
      valueType: 'select',
      valueEnum: Object.fromEntries(LOGIN_RESULTS.map((r) => [r, { text: t(`logs.loginResult.${r}`) }])),
      render: (_, r) => (
        <Tag color={r.result === 'ok' ? 'green' : 'red'}>{t(`logs.loginResult.${r.result}`, { defaultValue: r.result })}</Tag>
      ),
    },
  ];

  return (
    <div data-testid="page-loginlog">
      <ListTable<LoginLogItem, Params>
        {...tableDefaults()}
        headerTitle={t('logs.menu.loginlog')}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        form={{ initialValues }}
        options={{ reload: true, density: false, setting: false }}
        layout={LOGIN_LOG_LAYOUT}
        request={async (params) => {
          const f = filtersOf(params);
          last.current = f;
          sync(f);
          return tableRequest(() => logCalls.loginList(toListQuery(params)));
        }}
        toolBarRender={() => [
          <ExportButton key="export" endpoint={logsApi.loginExport} filters={() => last.current} name="login-log" testId="log-export" />,
        ]}
      />
    </div>
  );
}
