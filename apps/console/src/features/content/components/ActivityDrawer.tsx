import { DatePicker, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { ACTIVITY_TARGETS, type ActivityItem } from '@stock-admin/contracts';
import type { EditorProps } from '../../../shared/list/CrudList';
import { LazyEditor } from '../../../components/LazyEditor';
import { FormDrawer } from '../../../shared/components/FormDrawer';
import { contentCalls } from '../api';
import { ImageField } from './ImageField';

interface Values {
  title: string;
  banner?: string;
  rules: string;
  window: [Dayjs, Dayjs];
  target: ActivityItem['target'];
  targetId?: number;
  shown: boolean;
}

/** Add / edit an activity: its window, whom it targets (everyone, an agent's line, a tier), banner and rules. */
export function ActivityDrawer({ open, record, onClose, onSaved }: EditorProps<ActivityItem>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const target = Form.useWatch('target', form);
  return (
    <FormDrawer<Values>
      open={open}
      record={record}
      form={form}
      width={760}
      title={t(record ? 'content.activity.edit' : 'content.activity.add')}
      initial={() =>
        record
          ? {
              ...record,
              banner: record.banner ?? undefined,
              targetId: record.targetId ?? undefined,
              window: [dayjs(record.startsAt), dayjs(record.endsAt)],
            }
          : { target: 'all', shown: true, rules: '', window: [dayjs(), dayjs().add(7, 'day')] }
      }
      save={async ({ window, ...v }) => {
        const body = {
          ...v,
          startsAt: window[0].toISOString(),
          endsAt: window[1].toISOString(),
          targetId: v.target === 'all' ? undefined : v.targetId,
        };
        if (record) await contentCalls.updateActivity({ id: record.id, ...body });
        else await contentCalls.addActivity(body);
        return t('content.saved');
      }}
      fields={['title', 'banner', 'rules', 'target', 'targetId']}
      fieldMap={{ startsAt: 'window', endsAt: 'window' }}
      onClose={onClose}
      onSaved={onSaved}
    >
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
        <LazyEditor label={t('content.activity.rules')} minHeight={200} />
      </Form.Item>
      <Form.Item name="shown" label={t('content.shown')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDrawer>
  );
}
