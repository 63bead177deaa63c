import { Tag, Tooltip, Typography } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { LOGIN_RESULTS, logsApi, type LoginLogItem } from '@stock-admin/contracts';
import type { ListLayout } from '../../../shared/list/layout';
import { clientOf } from '../../../shared/format';
import { logCalls } from '../api';
import { LogPage } from '../components/LogPage';

/** 登录日志: every column (a short list): on a phone, a card per sign-in (issue 39). */
const LOGIN_LOG_LAYOUT: ListLayout = {
  id: 'login-log',
  must: ['createdAt', 'username', 'ip', 'userAgent', 'result'],
  card: { head: ['username', 'result'], fields: ['createdAt', 'ip', 'userAgent'] },
};

/** 登录日志: who signed in (or failed to), from where, with which client. */
export default function LoginLog() {
  const { t } = useTranslation();
  const columns: ProColumns<LoginLogItem>[] = [
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
    <LogPage<LoginLogItem>
      name="login-log"
      testId="page-loginlog"
      title={t('logs.menu.loginlog')}
      layout={LOGIN_LOG_LAYOUT}
      filterKeys={['username', 'ip', 'result']}
      columns={columns}
      list={(q) => logCalls.loginList(q)}
      exportEndpoint={logsApi.loginExport}
    />
  );
}
