import { Alert, Descriptions, Tag, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ProColumns } from '@ant-design/pro-components';
import type { ListLayout } from '../../../shared/list/layout';
import { useTranslation } from 'react-i18next';
import { logsApi, type OperationLogItem } from '@stock-admin/contracts';
import { logCalls } from '../api';
import { actionName } from '../../../shared/logActions';
import { clientOf, prettyJson, summaryDiff } from '../../../shared/format';
import { LogPage } from '../components/LogPage';

/** 操作日志: who did what to which record, and its outcome (issue 39); the row's own expansion shows the change. */
const OPERATION_LOG_LAYOUT: ListLayout = {
  id: 'operation-log',
  must: ['createdAt', 'adminName', 'module', 'action', 'targetId', 'summary', 'ip', 'result'],
  card: { head: ['adminName', 'result'], fields: ['createdAt', 'module', 'action', 'targetId'] },
};

/** Modules that write operation-log rows (the `module` of the contracts' mutating endpoints). */
export const MODULES = [
  'session',
  'register',
  'account',
  'admins',
  'roles',
  'users',
  'agents',
  'funds',
  'recharge',
  'withdraw',
  'channels',
  'layering',
  'paysetting',
  'messages',
  'tasks',
  'logs',
];

/** The expanded row: the call's input and the before/after summary as JSON. */
function Detail({ r }: { r: OperationLogItem }) {
  const { t } = useTranslation();
  const s = (r.summary ?? {}) as { input?: unknown; before?: unknown; after?: unknown };
  const block = (label: string, v: unknown, testId: string) =>
    v === undefined ? null : (
      <div className="oplog-json">
        <div className="oplog-json-label">{label}</div>
        <pre data-testid={testId}>{prettyJson(v)}</pre>
      </div>
    );
  return (
    <div className="oplog-detail" data-testid={`oplog-detail-${r.id}`}>
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
        <Descriptions.Item label={t('logs.col.method')}>
          {r.method} <Typography.Text code>{r.action}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('logs.col.status')}>
          {r.status} {r.msg ? `· ${r.msg}` : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('logs.col.client')}>
          <Tooltip title={r.userAgent}>{clientOf(r.userAgent)}</Tooltip>
        </Descriptions.Item>
      </Descriptions>
      <div className="oplog-json-row">
        {block(t('logs.op.before'), s.before, 'oplog-before')}
        {block(t('logs.op.after'), s.after, 'oplog-after')}
        {block(t('logs.op.input'), s.input, 'oplog-input')}
      </div>
      {s.input === undefined && s.before === undefined && s.after === undefined && r.summary != null && (
        <div className="oplog-json">
          <pre>{prettyJson(r.summary)}</pre>
        </div>
      )}
    </div>
  );
}

/** Whether the hash chain of the rows verifies (walked by the server: `npm run audit:verify` does the same). */
function ChainStatus() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['logs', 'chain'], queryFn: () => logCalls.chainVerify(), staleTime: 30_000 });
  const r = q.data;
  if (!r) return null;
  return (
    <Alert
      showIcon
      style={{ marginBottom: 16 }}
      type={r.ok ? 'success' : 'error'}
      data-testid="oplog-chain"
      message={
        r.ok
          ? t('logs.chain.ok', { count: r.checked, first: r.firstSeq, last: r.lastSeq })
          : t(`logs.chain.${r.broken!.problem}`, { seq: r.broken!.seq, id: r.broken!.id ?? '-' })
      }
      description={r.unsealed ? t('logs.chain.unsealed', { count: r.unsealed }) : undefined}
    />
  );
}

/** 操作日志 (super-user only): who did what to which record, with the before/after summary. */
export default function OperationLog() {
  const { t, i18n } = useTranslation();

  const columns: ProColumns<OperationLogItem>[] = [
    {
      title: t('logs.col.admin'),
      dataIndex: 'adminName',
      width: 140,
      render: (_, r) => (r.adminName ? r.adminName : r.adminId ? `#${r.adminId}` : '-'),
    },
    {
      title: t('logs.col.module'),
      dataIndex: 'module',
      width: 120,
      valueType: 'select',
      fieldProps: { showSearch: true, options: MODULES.map((m) => ({ value: m, label: t(`logs.module.${m}`, { defaultValue: m }) })) },
      render: (_, r) => <Tag>{t(`logs.module.${r.module}`, { defaultValue: r.module })}</Tag>,
    },
    {
      title: t('logs.col.action'),
      dataIndex: 'action',
      width: 230,
      ellipsis: true,
      // the action's name in the reader's language; the path itself in the expanded row (and here when unknown)
      render: (_, r) => {
        const name = actionName(r.operation, (key) => (i18n.exists(key) ? t(key) : null));
        return name ? (
          <Tooltip title={r.action}>
            <span data-testid={`oplog-action-${r.id}`}>{name}</span>
          </Tooltip>
        ) : (
          <Typography.Text code>{r.action}</Typography.Text>
        );
      },
    },
    { title: t('logs.col.target'), dataIndex: 'targetId', width: 90 },
    {
      title: t('logs.col.summary'),
      dataIndex: 'summary',
      hideInSearch: true,
      ellipsis: true,
      render: (_, r) => {
        const lines = summaryDiff(r.summary, 3, (f) => t(`logs.field.${f}`, { defaultValue: f }));
        return lines.length ? (
          <Typography.Text type="secondary" className="oplog-summary" ellipsis={{ tooltip: lines.join('\n') }}>
            {lines.join('；')}
          </Typography.Text>
        ) : (
          '-'
        );
      },
    },
    { title: t('logs.col.ip'), dataIndex: 'ip', width: 130, hideInSearch: true },
    {
      title: t('logs.col.result'),
      dataIndex: 'result',
      width: 100,
      valueType: 'select',
      valueEnum: { ok: { text: t('opResult.ok') }, fail: { text: t('opResult.fail') } },
      render: (_, r) => (
        <Tooltip title={r.result === 'ok' ? undefined : r.msg}>
          <Tag color={r.result === 'ok' ? 'green' : 'red'}>{t(`opResult.${r.result}`, { defaultValue: r.result })}</Tag>
        </Tooltip>
      ),
    },
  ];

  return (
    <LogPage<OperationLogItem>
      name="operation-log"
      testId="page-operationlog"
      title={t('logs.menu.operationLog')}
      layout={OPERATION_LOG_LAYOUT}
      filterKeys={['adminName', 'module', 'action', 'targetId', 'result']}
      columns={columns}
      list={(q) => logCalls.operationList(q)}
      exportEndpoint={logsApi.operationExport}
      settings
      banner={<ChainStatus />}
      expandable={{ expandedRowRender: (r) => <Detail r={r} />, rowExpandable: (r) => r.summary != null || !!r.userAgent }}
    />
  );
}
