import { useRef, useState } from 'react';
import { Button, Popconfirm, Progress, Space, Tag } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { ListTable } from '../../../shared/list/ListTable';
import type { ListLayout } from '../../../shared/list/layout';
import { useTranslation } from 'react-i18next';
import type { StationMessageItem } from '@stock-admin/contracts';
import { Access, useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { tableDefaults } from '../../../lib/proTable';
import { stationCalls } from '../api';
import { filtersOf, timeRange, toListQuery, useUrlFilters, type Params } from '../../../shared/filters';
import { fmtTime } from '../../../shared/format';
import { RecipientsDrawer } from '../components/RecipientsDrawer';
import { StationSendModal } from '../components/StationSendModal';
import { tableRequest } from '../../../shared/tableRequest';

/** 站内信: every column (a short list): on a phone, a card per message (issue 39). */
const STATION_LAYOUT: ListLayout = {
  id: 'station-messages',
  must: ['id', 'title', 'content', 'audience', 'readCount', 'adminName', 'createdAt'],
  card: { head: ['title', 'audience'], fields: ['content', 'readCount', 'createdAt'] },
};

const FILTER_KEYS = ['title', 'audience', 'beginTime', 'endTime'] as const;

// Not on CrudList: a message is sent, never edited, and 撤回 withdraws it from the users' inboxes rather than deleting a
// record.
/** 站内消息: messages sent to users (chosen ones or all), with read counts; send, recipients, withdraw. */
export default function StationMessage() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const actionRef = useRef<ActionType>(undefined);
  const [sending, setSending] = useState(false);
  const [viewing, setViewing] = useState<StationMessageItem | null>(null);
  const { initialValues, sync } = useUrlFilters(FILTER_KEYS, { rangeField: 'createdAt' });

  const columns: ProColumns<StationMessageItem>[] = [
    { title: 'ID', dataIndex: 'id', width: 64, hideInSearch: true },
    {
      title: t('messages.station.title'),
      dataIndex: 'title',
      width: 220,
      render: (_, r) => (
        <Space size={4}>
          <span>{r.title}</span>
          {r.withdrawn && <Tag>{t('messages.station.withdrawn')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('messages.station.content'),
      dataIndex: 'content',
      hideInSearch: true,
      ellipsis: true,
    },
    {
      title: t('messages.station.audience'),
      dataIndex: 'audience',
      width: 120,
      valueType: 'select',
      valueEnum: { all: { text: t('messages.station.audiences.all') }, users: { text: t('messages.station.audiences.users') } },
      render: (_, r) => <Tag color={r.audience === 'all' ? 'blue' : 'default'}>{t(`messages.station.audiences.${r.audience}`)}</Tag>,
    },
    {
      title: t('messages.station.readCol'),
      dataIndex: 'readCount',
      width: 180,
      hideInSearch: true,
      render: (_, r) => (
        <div data-testid={`station-read-${r.id}`}>
          <div>
            {r.readCount} / {r.recipientCount}
          </div>
          <Progress
            percent={r.recipientCount ? Math.round((r.readCount / r.recipientCount) * 100) : 0}
            size="small"
            aria-label={`${r.readCount} / ${r.recipientCount}`}
          />
        </div>
      ),
    },
    { title: t('messages.station.sender'), dataIndex: 'adminName', width: 120, hideInSearch: true },
    {
      title: t('messages.station.time'),
      dataIndex: 'createdAt',
      valueType: 'dateTimeRange',
      width: 170,
      render: (_, r) => fmtTime(r.createdAt),
      search: { transform: timeRange },
    },
    {
      title: t('messages.station.actions'),
      valueType: 'option',
      key: 'option',
      width: 168,
      fixed: 'right',
      hideInTable: !can('get') && !can('delete'),
      render: (_, r) => [
        can('get') && (
          <a key="view" onClick={() => setViewing(r)} data-testid={`station-view-${r.id}`}>
            {t('messages.station.recipientsAction')}
          </a>
        ),
        can('delete') && !r.withdrawn && (
          <Popconfirm
            key="withdraw"
            title={t('messages.station.withdrawConfirm')}
            onConfirm={async () => {
              try {
                await stationCalls.withdraw(r.id);
                feedback.message.success(t('messages.station.withdrawDone'));
                void actionRef.current?.reload();
              } catch {
                /* shown by the client */
              }
            }}
          >
            <a className="danger-link">{t('messages.station.withdraw')}</a>
          </Popconfirm>
        ),
      ],
    },
  ];

  return (
    <div data-testid="page-stationmessage">
      <ListTable<StationMessageItem, Params>
        {...tableDefaults()}
        headerTitle={t('messages.menu.stationmessage')}
        actionRef={actionRef}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        form={{ initialValues }}
        options={{ reload: true, density: false, setting: false }}
        layout={STATION_LAYOUT}
        request={async (params) => {
          sync(filtersOf(params));
          return tableRequest(() => stationCalls.list(toListQuery(params)));
        }}
        toolBarRender={() => [
          <Access key="send" action="add">
            <Button type="primary" icon={<SendOutlined />} onClick={() => setSending(true)} data-testid="station-send">
              {t('messages.station.sendAction')}
            </Button>
          </Access>,
        ]}
      />
      {sending && (
        <StationSendModal
          onClose={() => setSending(false)}
          onSent={() => {
            setSending(false);
            void actionRef.current?.reload();
          }}
        />
      )}
      {viewing && <RecipientsDrawer message={viewing} onClose={() => setViewing(null)} />}
    </div>
  );
}
