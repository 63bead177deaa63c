import { Tag, Tooltip } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { SMS_KINDS, logsApi, type SmsLogItem } from '@stock-admin/contracts';
import type { ListLayout } from '../../../shared/list/layout';
import { logCalls } from '../api';
import { LogPage } from '../components/LogPage';

/** 短信日志: every column (a short list): on a phone, a card per message (issue 39). */
const SMS_LOG_LAYOUT: ListLayout = {
  id: 'sms-log',
  must: ['createdAt', 'phone', 'kind', 'content', 'provider', 'result', 'ip'],
  card: { head: ['phone', 'result'], fields: ['createdAt', 'kind', 'content'] },
};

/** 短信日志 (hidden from the menu, reachable by URL): every SMS the platform sent, with the provider's outcome. */
export default function SmsLog() {
  const { t } = useTranslation();
  const columns: ProColumns<SmsLogItem>[] = [
    { title: t('logs.col.phone'), dataIndex: 'phone', width: 130, copyable: true },
    {
      title: t('logs.col.kind'),
      dataIndex: 'kind',
      width: 110,
      valueType: 'select',
      valueEnum: Object.fromEntries(SMS_KINDS.map((k) => [k, { text: t(`logs.smsKind.${k}`) }])),
      render: (_, r) => <Tag>{t(`logs.smsKind.${r.kind}`, { defaultValue: r.kind })}</Tag>,
    },
    { title: t('logs.col.content'), dataIndex: 'content', hideInSearch: true, ellipsis: true },
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
    <LogPage<SmsLogItem>
      name="sms-log"
      testId="page-smslog"
      title={t('logs.menu.smslog')}
      layout={SMS_LOG_LAYOUT}
      filterKeys={['phone', 'kind', 'result']}
      columns={columns}
      list={(q) => logCalls.smsList(q)}
      exportEndpoint={logsApi.smsExport}
    />
  );
}
