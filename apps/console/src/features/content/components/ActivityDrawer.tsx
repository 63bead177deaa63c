import { useEffect, useState } from 'react';
import { Button, DatePicker, Drawer, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { ACTIVITY_TARGETS, type ActivityItem } from '@stock-admin/contracts';
import { feedback } from '../../../lib/feedback';
import { showFieldError } from '../../../lib/serverErrors';
import type { EditorProps } from '../../../shared/list/CrudList';
import { LazyEditor } from '../../../components/LazyEditor';
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
  const [busy, setBusy] = useState(false);
  const target = Form.useWatch('target', form);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (!record) form.setFieldsValue({ target: 'all', shown: true, rules: '', window: [dayjs(), dayjs().add(7, 'day')] });
    else
      form.setFieldsValue({
        ...record,
        banner: record.banner ?? undefined,
        targetId: record.targetId ?? undefined,
        window: [dayjs(record.startsAt), dayjs(record.endsAt)],
      });
  }, [open, record, form]);

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
      if (record) await contentCalls.updateActivity({ id: record.id, ...body });
      else await contentCalls.addActivity(body);
      feedback.message.success(t('content.saved'));
      onSaved();
    } catch (e) {
      showFieldError(form, e, ['title', 'banner', 'rules', 'target', 'targetId'], { startsAt: 'window', endsAt: 'window' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      open={open}
      width={760}
      title={t(record ? 'content.activity.edit' : 'content.activity.add')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
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
  );
}
