import { useState } from 'react';
import { Button, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { type TaskRecord } from '@stock-admin/contracts';
import { feedback } from '../../../lib/feedback';
import { taskCalls } from '../api';
import { showFieldError } from '../../../lib/serverErrors';

/** Changes a task's schedule (cron in Asia/Shanghai, or `@every 15m`); "default" restores the registered one. */
export function ScheduleModal({ task, onClose, onSaved }: { task: TaskRecord; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ schedule: string }>();
  const [busy, setBusy] = useState(false);
  const save = async (schedule: string) => {
    setBusy(true);
    try {
      await taskCalls.update({ key: task.key, schedule });
      feedback.message.success(t('tasks.scheduleSaved'));
      onSaved();
    } catch (e) {
      showFieldError(form, e, ['schedule']);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('tasks.scheduleTitle', { name: task.name })}
      onCancel={onClose}
      confirmLoading={busy}
      onOk={() => void form.validateFields().then((v) => save(v.schedule.trim()))}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ schedule: task.schedule }}>
        <Form.Item
          name="schedule"
          label={t('tasks.schedule')}
          extra={t('tasks.scheduleHint', { def: task.defaultSchedule })}
          rules={[{ required: true, whitespace: true, message: t('tasks.scheduleRequired') }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        {task.schedule !== task.defaultSchedule && (
          <Button onClick={() => void save('default')} disabled={busy}>
            {t('tasks.restoreDefault')}
          </Button>
        )}
      </Form>
    </Modal>
  );
}
