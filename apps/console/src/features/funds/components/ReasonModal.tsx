import { useEffect, useState, type ReactNode } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { showFieldError } from '../../../lib/serverErrors';

/** A required reason (max 200), e.g. to reject a deposit or a withdrawal; `onSubmit` throws to keep the dialog open. */
export function ReasonModal({
  open,
  title,
  children,
  onClose,
  onSubmit,
  testId = 'reason-modal',
}: {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  onClose: () => void;
  onSubmit: (reason: string) => Promise<void>;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  const submit = async () => {
    const { reason } = await form.validateFields();
    setSaving(true);
    try {
      await onSubmit(reason.trim());
    } catch (e) {
      showFieldError(form, e, ['reason']);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={saving}
      okText={t('funds.common.ok')}
      cancelText={t('funds.common.cancel')}
      okButtonProps={{ danger: true, 'data-testid': `${testId}-ok` } as never}
      forceRender
    >
      <div data-testid={testId}>
        {children}
        <Form form={form} layout="vertical" name={testId}>
          <Form.Item
            name="reason"
            label={t('funds.common.reasonLabel')}
            rules={[{ required: true, whitespace: true, message: t('funds.common.reasonRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={200} showCount placeholder={t('funds.common.reasonPlaceholder')} />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
