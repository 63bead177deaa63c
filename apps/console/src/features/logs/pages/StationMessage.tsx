import { useEffect, useRef, useState } from 'react';
import {
  Button,
  Drawer,
  Form,
  Input,
  Modal,
  Popconfirm,
  Progress,
  Radio,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { STATION_MAX_USERS, type StationMessageItem } from '@stock-admin/contracts';
import { Access, useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { tableDefaults } from '../../../lib/proTable';
import { stationCalls, userPicker } from '../api';
import { filtersOf, timeRange, toListQuery, useUrlFilters, type Params } from '../../../shared/filters';
import { fmtTime } from '../../../shared/format';
import { showFieldError } from '../../../lib/serverErrors';
import '../logs.css';

const FILTER_KEYS = ['title', 'audience', 'beginTime', 'endTime'] as const;

/** Users by phone prefix (`/admin/user/list.do`), multiple choice. */
function UserPicker({ value, onChange, id }: { value?: number[]; onChange?: (v: number[]) => void; id?: string }) {
  const { t } = useTranslation();
  const [kw, setKw] = useState('');
  const [debounced, setDebounced] = useState('');
  const [known, setKnown] = useState<Record<number, string>>({});
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(kw.trim()), 300);
    return () => clearTimeout(timer);
  }, [kw]);
  const q = useQuery({ queryKey: ['logs', 'userPicker', debounced], queryFn: () => userPicker(debounced), staleTime: 30_000 });
  const options = (q.data ?? []).map((u) => ({ value: u.id, label: `${u.phone} ${u.realName || u.nickName || ''} #${u.id}`.trim() }));
  for (const v of value ?? []) if (!options.some((o) => o.value === v)) options.push({ value: v, label: known[v] ?? `#${v}` });
  return (
    <Select
      id={id}
      mode="multiple"
      showSearch
      value={value}
      onChange={(v: number[]) => {
        const labels = { ...known };
        for (const o of options) labels[o.value] = o.label;
        setKnown(labels);
        onChange?.(v);
      }}
      filterOption={false}
      onSearch={setKw}
      loading={q.isFetching}
      options={options}
      maxCount={STATION_MAX_USERS}
      placeholder={t('logs.station.usersPlaceholder')}
      notFoundContent={t('logs.station.noUsers')}
      data-testid="station-users"
    />
  );
}

interface SendValues {
  title: string;
  content: string;
  audience: 'all' | 'users';
  userIds?: number[];
}

function SendModal({ onClose, onSent }: { onClose: () => void; onSent: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SendValues>();
  const audience = Form.useWatch('audience', form);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const r = await stationCalls.send({
        title: v.title.trim(),
        content: v.content.trim(),
        audience: v.audience,
        userIds: v.audience === 'users' ? (v.userIds ?? []).join(',') : undefined,
      });
      feedback.message.success(t('logs.station.sent', { count: r.recipientCount }));
      onSent();
    } catch (e) {
      showFieldError(form, e, ['title', 'content', 'userIds']);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      width={620}
      title={t('logs.station.sendTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('logs.station.send')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'station-send-ok' } as never}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="station-send" initialValues={{ audience: 'users' }}>
        <Form.Item name="audience" label={t('logs.station.audience')}>
          <Radio.Group>
            <Radio value="users" data-testid="station-audience-users">
              {t('logs.station.audiences.users')}
            </Radio>
            <Radio value="all" data-testid="station-audience-all">
              {t('logs.station.audiences.all')}
            </Radio>
          </Radio.Group>
        </Form.Item>
        {audience !== 'all' && (
          <Form.Item
            name="userIds"
            label={t('logs.station.recipients')}
            rules={[{ required: true, type: 'array', min: 1, message: t('logs.station.usersRequired') }]}
          >
            <UserPicker />
          </Form.Item>
        )}
        <Form.Item
          name="title"
          label={t('logs.station.title')}
          rules={[{ required: true, whitespace: true, message: t('logs.station.titleRequired') }]}
        >
          <Input maxLength={100} showCount />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('logs.station.content')}
          rules={[{ required: true, whitespace: true, message: t('logs.station.contentRequired') }]}
        >
          <Input.TextArea rows={5} maxLength={5000} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface Recipient {
  userId: number;
  phone: string;
  nickName: string;
  readAt: string | null;
}

/** Recipients of one message with their read state. */
function RecipientsDrawer({ message, onClose }: { message: StationMessageItem; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [read, setRead] = useState<boolean | undefined>();
  const q = useQuery({
    queryKey: ['logs', 'stationRecipients', message.id, page, read],
    queryFn: () => stationCalls.recipients({ id: message.id, ...page, read }),
    placeholderData: (prev) => prev,
  });
  const columns: TableColumnsType<Recipient> = [
    { title: 'ID', dataIndex: 'userId', width: 80 },
    { title: t('logs.col.phone'), dataIndex: 'phone', width: 140 },
    { title: t('logs.station.nickName'), dataIndex: 'nickName' },
    {
      title: t('logs.station.readState'),
      dataIndex: 'readAt',
      width: 200,
      render: (v: string | null) =>
        v ? <Tag color="green">{t('logs.station.readAt', { time: fmtTime(v) })}</Tag> : <Tag>{t('logs.station.unread')}</Tag>,
    },
  ];
  return (
    <Drawer open width={680} title={t('logs.station.recipientsTitle', { title: message.title })} onClose={onClose} destroyOnHidden>
      <Typography.Paragraph className="station-content">{message.content}</Typography.Paragraph>
      <Radio.Group
        value={read === undefined ? 'all' : String(read)}
        onChange={(e) => {
          setRead(e.target.value === 'all' ? undefined : e.target.value === 'true');
          setPage((p) => ({ ...p, pageNum: 1 }));
        }}
        style={{ marginBottom: 12 }}
        optionType="button"
        options={[
          { value: 'all', label: t('logs.station.all') },
          { value: 'true', label: t('logs.station.read') },
          { value: 'false', label: t('logs.station.unread') },
        ]}
      />
      <Table<Recipient>
        rowKey="userId"
        size="small"
        loading={q.isFetching && !q.data}
        columns={columns}
        dataSource={q.data?.list ?? []}
        pagination={{
          ...tableDefaults().pagination,
          current: page.pageNum,
          pageSize: page.pageSize,
          total: q.data?.total ?? 0,
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
      />
    </Drawer>
  );
}

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
      title: t('logs.station.title'),
      dataIndex: 'title',
      width: 220,
      render: (_, r) => (
        <Space size={4}>
          <span>{r.title}</span>
          {r.withdrawn && <Tag>{t('logs.station.withdrawn')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('logs.station.content'),
      dataIndex: 'content',
      hideInSearch: true,
      ellipsis: true,
    },
    {
      title: t('logs.station.audience'),
      dataIndex: 'audience',
      width: 120,
      valueType: 'select',
      valueEnum: { all: { text: t('logs.station.audiences.all') }, users: { text: t('logs.station.audiences.users') } },
      render: (_, r) => <Tag color={r.audience === 'all' ? 'blue' : 'default'}>{t(`logs.station.audiences.${r.audience}`)}</Tag>,
    },
    {
      title: t('logs.station.readCol'),
      dataIndex: 'readCount',
      width: 180,
      hideInSearch: true,
      render: (_, r) => (
        <div data-testid={`station-read-${r.id}`}>
          <div>
            {r.readCount} / {r.recipientCount}
          </div>
          <Progress percent={r.recipientCount ? Math.round((r.readCount / r.recipientCount) * 100) : 0} size="small" />
        </div>
      ),
    },
    { title: t('logs.station.sender'), dataIndex: 'adminName', width: 120, hideInSearch: true },
    {
      title: t('logs.col.time'),
      dataIndex: 'createdAt',
      valueType: 'dateTimeRange',
      width: 170,
      render: (_, r) => fmtTime(r.createdAt),
      search: { transform: timeRange },
    },
    {
      title: t('logs.col.actions'),
      valueType: 'option',
      key: 'option',
      width: 150,
      fixed: 'right',
      hideInTable: !can('get') && !can('delete'),
      render: (_, r) => [
        can('get') && (
          <a key="view" onClick={() => setViewing(r)} data-testid={`station-view-${r.id}`}>
            {t('logs.station.recipientsAction')}
          </a>
        ),
        can('delete') && !r.withdrawn && (
          <Popconfirm
            key="withdraw"
            title={t('logs.station.withdrawConfirm')}
            onConfirm={async () => {
              try {
                await stationCalls.withdraw(r.id);
                feedback.message.success(t('logs.station.withdrawDone'));
                void actionRef.current?.reload();
              } catch {
                /* shown by the client */
              }
            }}
          >
            <a className="danger-link">{t('logs.station.withdraw')}</a>
          </Popconfirm>
        ),
      ],
    },
  ];

  return (
    <div data-testid="page-stationmessage">
      <ProTable<StationMessageItem, Params>
        {...tableDefaults()}
        headerTitle={t('logs.menu.stationmessage')}
        actionRef={actionRef}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        form={{ initialValues }}
        options={{ reload: true, density: false, setting: false }}
        scroll={{ x: 1200 }}
        request={async (params) => {
          sync(filtersOf(params));
          try {
            const d = await stationCalls.list(toListQuery(params) as never);
            return { data: d.list, total: d.total, success: true };
          } catch {
            return { data: [], total: 0, success: false };
          }
        }}
        toolBarRender={() => [
          <Access key="send" action="add">
            <Button type="primary" icon={<SendOutlined />} onClick={() => setSending(true)} data-testid="station-send">
              {t('logs.station.sendAction')}
            </Button>
          </Access>,
        ]}
      />
      {sending && (
        <SendModal
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
