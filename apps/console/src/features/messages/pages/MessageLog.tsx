import { useRef, useState } from 'react';
import { Drawer, Popconfirm, Progress, Space, Tag, Typography } from 'antd';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import {
  DELIVERY_STATUSES,
  MESSAGE_CHANNELS,
  SEND_STATUSES,
  type DataOf,
  type SendItem,
  type messageSendsApi,
} from '@stock-admin/contracts';
import { useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { tableDefaults, pageOf } from '../../../lib/proTable';
import { time } from '../../../shared/components/cells';
import { messageCalls } from '../api';
import { CHANNEL_COLOR } from './MessageTemplates';
import { tableRequest } from '../../../shared/tableRequest';
import { formatCount } from '../../../shared/money';
import { ListTable } from '../../../shared/list/ListTable';
import type { ListLayout } from '../../../shared/list/layout';

/** 消息日志: what was sent to whom, its progress and outcome (issue 39). */
const SENDS_LAYOUT: ListLayout = {
  id: 'message-sends',
  must: ['channel', 'title', 'audienceLabel', 'status', 'progress', 'sent', 'failed', 'adminName', 'scheduledAt'],
  card: { head: ['title', 'status'], fields: ['channel', 'audienceLabel', 'progress', 'failed'] },
};

type Delivery = DataOf<typeof messageSendsApi.deliveries>['list'][number];
const STATUS_COLOR = {
  scheduled: 'blue',
  queued: 'gold',
  running: 'processing',
  done: 'green',
  cancelled: 'default',
  failed: 'red',
} as const;
const DELIVERY_COLOR = { sent: 'green', failed: 'red', no_device: 'default' } as const;
const POLL_MS = 2000;

/** Per-recipient delivery of one send, failures first. */
function Deliveries({ send, onClose }: { send: SendItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const columns: ProColumns<Delivery>[] = [
    {
      title: t('messages.log.deliveryStatus'),
      dataIndex: 'status',
      width: 110,
      valueType: 'select',
      valueEnum: Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, { text: t(`messages.deliveryStatuses.${s}`) }])),
      render: (_, r) => <Tag color={DELIVERY_COLOR[r.status]}>{t(`messages.deliveryStatuses.${r.status}`)}</Tag>,
    },
    {
      title: t('messages.log.user'),
      key: 'user',
      search: false,
      render: (_, r) => [r.nickName, r.phone, `#${r.userId}`].filter(Boolean).join(' · '),
    },
    { title: t('messages.log.error'), dataIndex: 'error', search: false, ellipsis: true, render: (_, r) => r.error ?? '-' },
    { title: t('messages.log.attempts'), dataIndex: 'attempts', search: false, width: 70, align: 'right' },
    { title: t('messages.log.updatedAt'), dataIndex: 'updatedAt', search: false, width: 170, render: (_, r) => time(r.updatedAt) },
  ];
  return (
    <Drawer
      open={!!send}
      onClose={onClose}
      width="min(860px, 100vw)"
      title={send ? `${t('messages.log.deliveries')} · ${send.title}` : ''}
      destroyOnHidden
    >
      {send && (
        <ProTable<Delivery>
          {...tableDefaults()}
          rowKey="userId"
          columns={columns}
          search={{ labelWidth: 'auto' }}
          options={false}
          request={async (params) => {
            return tableRequest(() =>
              messageCalls.deliveries({
                id: send.id,
                ...pageOf(params),
                status: params.status || undefined,
              }),
            );
          }}
        />
      )}
    </Drawer>
  );
}

/** 消息日志 (/account/pushlist): every send with its live progress and outcome; deliveries per recipient; retry, cancel. */
export default function MessageLog() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const actionRef = useRef<ActionType>(undefined);
  const [viewing, setViewing] = useState<SendItem | null>(null);
  const [polling, setPolling] = useState(false);
  const reload = () => void actionRef.current?.reload();

  const columns: ProColumns<SendItem>[] = [
    {
      title: t('messages.template.channel'),
      dataIndex: 'channel',
      width: 150,
      valueType: 'select',
      valueEnum: Object.fromEntries(MESSAGE_CHANNELS.map((c) => [c, { text: t(`messages.channels.${c}`) }])),
      render: (_, r) => <Tag color={CHANNEL_COLOR[r.channel]}>{t(`messages.channels.${r.channel}`)}</Tag>,
    },
    {
      title: t('messages.log.subject'),
      dataIndex: 'title',
      search: false,
      ellipsis: true,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <a onClick={() => setViewing(r)} data-testid={`send-${r.id}`}>
            {r.title}
          </a>
          {r.templateName && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.templateName}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: t('messages.log.audience'), dataIndex: 'audienceLabel', search: false, width: 180, ellipsis: true },
    {
      title: t('messages.log.status'),
      dataIndex: 'status',
      width: 120,
      valueType: 'select',
      valueEnum: Object.fromEntries(SEND_STATUSES.map((s) => [s, { text: t(`messages.sendStatuses.${s}`) }])),
      render: (_, r) => (
        <Tag color={STATUS_COLOR[r.status]} data-testid={`send-status-${r.id}`}>
          {t(`messages.sendStatuses.${r.status}`)}
        </Tag>
      ),
    },
    {
      title: t('messages.log.progress'),
      key: 'progress',
      search: false,
      width: 200,
      render: (_, r) => (
        <Progress
          size="small"
          percent={r.total ? Math.min(100, Math.floor((r.done / r.total) * 100)) : 0}
          status={r.status === 'failed' ? 'exception' : r.status === 'running' ? 'active' : undefined}
          format={() => `${formatCount(r.done)}/${formatCount(r.total)}`}
          aria-label={t('messages.log.progress')}
        />
      ),
    },
    { title: t('messages.log.sent'), dataIndex: 'sent', search: false, width: 96, align: 'right' },
    {
      title: t('messages.log.failed'),
      dataIndex: 'failed',
      search: false,
      width: 80,
      align: 'right',
      render: (_, r) => (r.failed ? <Typography.Text type="danger">{r.failed}</Typography.Text> : 0),
    },
    { title: t('messages.log.noDevice'), dataIndex: 'noDevice', search: false, width: 80, align: 'right' },
    { title: t('messages.log.admin'), dataIndex: 'adminName', search: false, width: 100 },
    { title: t('messages.log.scheduledAt'), dataIndex: 'scheduledAt', search: false, width: 170, render: (_, r) => time(r.scheduledAt) },
    { title: t('messages.log.finishedAt'), dataIndex: 'finishedAt', search: false, width: 170, render: (_, r) => time(r.finishedAt) },
    {
      title: t('messages.actions'),
      key: 'actions',
      valueType: 'option',
      fixed: 'right',
      width: 180,
      render: (_, r) => [
        <a key="d" onClick={() => setViewing(r)}>
          {t('messages.log.deliveries')}
        </a>,
        can('add') && (r.failed > 0 || r.status === 'failed') && !['queued', 'running', 'scheduled'].includes(r.status) && (
          <Popconfirm
            key="retry"
            title={t('messages.log.retryConfirm')}
            onConfirm={() =>
              messageCalls.retry(r.id).then(() => {
                feedback.message.success(t('messages.log.retried'));
                reload();
              })
            }
          >
            <a data-testid={`send-retry-${r.id}`}>{t('messages.log.retry')}</a>
          </Popconfirm>
        ),
        can('add') && ['queued', 'running', 'scheduled'].includes(r.status) && (
          <Popconfirm
            key="cancel"
            title={t('messages.log.cancelConfirm')}
            onConfirm={() =>
              messageCalls.cancel(r.id).then(() => {
                feedback.message.success(t('messages.log.cancelled'));
                reload();
              })
            }
          >
            <Typography.Link type="danger">{t('messages.log.cancel')}</Typography.Link>
          </Popconfirm>
        ),
      ],
    },
  ];

  return (
    <div data-testid="page-pushlist">
      <ListTable<SendItem>
        {...tableDefaults()}
        actionRef={actionRef}
        rowKey="id"
        columns={columns}
        headerTitle={t('messages.log.title')}
        search={{ labelWidth: 'auto' }}
        layout={SENDS_LAYOUT}
        // sends in progress refresh the page until they end
        polling={polling ? POLL_MS : undefined}
        request={async (params) => {
          return tableRequest(
            () =>
              messageCalls.sends({
                ...pageOf(params),
                channel: params.channel || undefined,
                status: params.status || undefined,
              }),
            (d) => {
              setPolling(d.list.some((s) => s.status === 'queued' || s.status === 'running'));
            },
          );
        }}
      />
      <Deliveries send={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
