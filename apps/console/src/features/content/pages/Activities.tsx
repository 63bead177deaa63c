import { useRef, useState } from 'react';
import { Button, DatePicker, Drawer, Form, Input, InputNumber, Popconfirm, Select, Space, Switch, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { ListTable } from '../../../shared/list/ListTable';
import type { ListLayout } from '../../../shared/list/layout';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { ACTIVITY_TARGETS, type ActivityItem } from '@stock-admin/contracts';
import { Access, useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { tableDefaults } from '../../../lib/proTable';
import { showFieldError } from '../../../lib/serverErrors';
import { contentCalls } from '../api';
import { ImageField } from '../components/ImageField';
import { LazyEditor } from '../../../components/LazyEditor';
import { tableRequest } from '../../../shared/tableRequest';

/** 活动管理: every column (a short list): on a phone, a card per activity (issue 39). */
const ACTIVITIES_LAYOUT: ListLayout = {
  id: 'activities',
  must: ['title', 'state', 'window', 'target', 'shown'],
  card: { head: ['title', 'state'], fields: ['window', 'target', 'shown'] },
};

const STATE_COLOR = { upcoming: 'blue', running: 'green', ended: 'default' } as const;
interface Values {
  title: string;
  banner?: string;
  rules: string;
  window: [Dayjs, Dayjs];
  target: ActivityItem['target'];
  targetId?: number;
  shown: boolean;
}

/** 活动管理 (/allsetting/activesetting, not in the menu): activities with their window, target and state. */
export default function Activities() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const actionRef = useRef<ActionType>(undefined);
  const [editing, setEditing] = useState<ActivityItem | null | 'new'>(null);
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const target = Form.useWatch('target', form);
  const reload = () => void actionRef.current?.reload();

  const open = (r: ActivityItem | 'new') => {
    setEditing(r);
    form.resetFields();
    if (r === 'new') form.setFieldsValue({ target: 'all', shown: true, rules: '', window: [dayjs(), dayjs().add(7, 'day')] });
    else
      form.setFieldsValue({
        ...r,
        banner: r.banner ?? undefined,
        targetId: r.targetId ?? undefined,
        window: [dayjs(r.startsAt), dayjs(r.endsAt)],
      });
  };
  const save = async () => {
    const { window, ...v } = await form.validateFields();
    const body = {
      ...v,
      startsAt: window[0].toISOString(),
      endsAt: window[1].toISOString(),
      targetId: v.target === 'all' ? undefined : v.targetId,
    };
    setBusy(true);
    try {
      if (editing && editing !== 'new') await contentCalls.updateActivity({ id: editing.id, ...body });
      else await contentCalls.addActivity(body);
      feedback.message.success(t('content.saved'));
      setEditing(null);
      reload();
    } catch (e) {
      showFieldError(form, e, ['title', 'banner', 'rules', 'target', 'targetId'], { startsAt: 'window', endsAt: 'window' });
    } finally {
      setBusy(false);
    }
  };

  const columns: ProColumns<ActivityItem>[] = [
    { title: t('content.activity.title'), dataIndex: 'title', ellipsis: true },
    {
      title: t('content.activity.state'),
      dataIndex: 'state',
      width: 100,
      render: (_, r) => <Tag color={STATE_COLOR[r.state]}>{t(`content.activity.states.${r.state}`)}</Tag>,
    },
    {
      title: t('content.activity.window'),
      key: 'window',
      width: 300,
      render: (_, r) => `${dayjs(r.startsAt).format('YYYY-MM-DD HH:mm')} ~ ${dayjs(r.endsAt).format('YYYY-MM-DD HH:mm')}`,
    },
    {
      title: t('content.activity.target'),
      key: 'target',
      width: 160,
      render: (_, r) => `${t(`content.activity.targets.${r.target}`)}${r.targetId ? ` #${r.targetId}` : ''}`,
    },
    {
      title: t('content.shown'),
      dataIndex: 'shown',
      width: 80,
      render: (_, r) => (
        <Switch
          size="small"
          checked={r.shown}
          disabled={!can('edit')}
          onChange={(v) => void contentCalls.showActivity(r.id, v).then(reload)}
        />
      ),
    },
    {
      title: t('content.actions'),
      key: 'actions',
      valueType: 'option',
      width: 130,
      render: (_, r) => [
        can('edit') && (
          <a key="edit" onClick={() => open(r)}>
            {t('content.edit')}
          </a>
        ),
        can('delete') && (
          <Popconfirm
            key="del"
            title={t('content.deleteConfirm', { name: r.title })}
            onConfirm={() => contentCalls.removeActivity(r.id).then(reload)}
          >
            <Typography.Link type="danger">{t('content.delete')}</Typography.Link>
          </Popconfirm>
        ),
      ],
    },
  ];

  return (
    <div data-testid="page-activities">
      <ListTable<ActivityItem>
        {...tableDefaults()}
        actionRef={actionRef}
        rowKey="id"
        search={false}
        columns={columns}
        headerTitle={t('content.menu.activesetting')}
        layout={ACTIVITIES_LAYOUT}
        toolBarRender={() => [
          <Access key="add" action="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
              {t('content.activity.add')}
            </Button>
          </Access>,
        ]}
        request={async (params) => {
          return tableRequest(() => contentCalls.activities({ pageNum: params.current ?? 1, pageSize: params.pageSize ?? 10 }));
        }}
      />
      <Drawer
        open={editing !== null}
        width={760}
        title={t(editing === 'new' ? 'content.activity.add' : 'content.activity.edit')}
        onClose={() => setEditing(null)}
        destroyOnHidden
        extra={
          <Space>
            <Button onClick={() => setEditing(null)}>{t('common.cancel')}</Button>
            <Button type="primary" loading={busy} onClick={() => void save()}>
              {t('common.ok')}
            </Button>
          </Space>
        }
      >
        <Form form={form} layout="vertical">
          <Form.Item name="title" label={t('content.activity.title')} rules={[{ required: true, max: 100 }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="window" label={t('content.activity.window')} rules={[{ required: true }]}>
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
          </Form.Item>
          <Space.Compact block>
            <Form.Item name="target" label={t('content.activity.target')} style={{ flex: 1 }}>
              <Select options={ACTIVITY_TARGETS.map((x) => ({ value: x, label: t(`content.activity.targets.${x}`) }))} />
            </Form.Item>
            {target && target !== 'all' && (
              <Form.Item name="targetId" label={t(`content.activity.targetId.${target}`)} rules={[{ required: true }]} style={{ flex: 1 }}>
                <InputNumber min={1} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            )}
          </Space.Compact>
          <Form.Item name="banner" label={t('content.activity.banner')}>
            <ImageField />
          </Form.Item>
          <Form.Item name="rules" label={t('content.activity.rules')} rules={[{ required: true }]}>
            <LazyEditor minHeight={200} />
          </Form.Item>
          <Form.Item name="shown" label={t('content.shown')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Drawer>
    </div>
  );
}
