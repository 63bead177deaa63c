import { useEffect, useRef, type ReactNode } from 'react';
import { Form, Input, Modal, type InputRef } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormSave } from '../useFormSave';

/**
 * A dialog asking for a reason (≤ 200 characters): force close and reject require one (a deposit's or a
 * withdrawal's rejection too, with the funds texts), lock keeps an optional one. `onSubmit` throws to keep the dialog open (the request client showed why; a validation
 * message naming `reason` goes under the field).
 */
export function ReasonDialog({
  open,
  title,
  label,
  required,
  okText,
  cancelText,
  placeholder,
  requiredMessage,
  danger = true,
  children,
  onClose,
  onSubmit,
  testId,
}: {
  open: boolean;
  title: ReactNode;
  label: string;
  required: boolean;
  okText?: string;
  cancelText?: string;
  /** The field's placeholder and the message of a missing required reason (defaults: the trading texts). */
  placeholder?: string;
  requiredMessage?: string;
  danger?: boolean;
  children?: ReactNode;
  onClose: () => void;
  onSubmit: (reason: string) => Promise<void>;
  testId: string;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason?: string }>();
  const { busy: saving, submit } = useFormSave(form, { fields: ['reason'] });
  const field = useRef<InputRef>(null);
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => submit(({ reason }) => onSubmit((reason ?? '').trim()))}
      confirmLoading={saving}
      okText={okText ?? t('common.ok')}
      cancelText={cancelText ?? t('common.cancel')}
      okButtonProps={{ danger, 'data-testid': `${testId}-ok` }}
      forceRender
      destroyOnHidden={false}
      // the reason is what the dialog asks: the cursor waits in it (issue 65: R from a queue, then type)
      afterOpenChange={(o) => o && field.current?.focus()}
    >
      <div data-testid={testId}>
        {children}
        <Form form={form} layout="vertical" name={testId}>
          <Form.Item
            name="reason"
            label={label}
            rules={required ? [{ required: true, whitespace: true, message: requiredMessage ?? t('common.reasonRequired') }] : []}
          >
            <Input.TextArea
              ref={field}
              rows={3}
              maxLength={200}
              showCount
              placeholder={placeholder ?? t('common.reasonPlaceholder')}
              data-testid={`${testId}-reason`}
            />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
