import { useEffect } from 'react';
import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApprovalItem } from '@stock-admin/contracts';

export interface Deciding {
  item: ApprovalItem;
  approve: boolean;
}

/**
 * A checker's decision on one request: a note either way, and for the operations that ask it (`stepUp`) the current code
 * of the checker's authenticator (the server asks it only of those who have one bound, and refuses a wrong one).
 */
export function DecideModal({
  deciding,
  onClose,
  onDecide,
}: {
  deciding: Deciding | null;
  onClose: () => void;
  onDecide: (v: { note?: string; code?: string }) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ note?: string; code?: string }>();
  useEffect(() => {
    if (deciding) form.resetFields();
  }, [deciding, form]);
  const item = deciding?.item;
  const askCode = !!deciding?.approve && !!item?.stepUp;
  return (
    <Modal
      open={!!deciding}
      title={
        item ? t('approvals.decideTitle', { action: t(deciding!.approve ? 'approvals.approve' : 'approvals.reject'), id: item.id }) : ''
      }
      okText={t(deciding?.approve ? 'approvals.approve' : 'approvals.reject')}
      okButtonProps={{ danger: !deciding?.approve, id: 'approval-decide-ok' }}
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields();
        await onDecide({ note: v.note?.trim() || undefined, code: v.code?.trim() || undefined });
      }}
    >
      {item && (
        <Typography.Paragraph strong data-testid="approval-decide-summary">
          {item.summary}
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="note" label={t('approvals.note')} rules={[{ max: 200 }]}>
          <Input.TextArea rows={2} maxLength={200} placeholder={t('approvals.notePlaceholder')} data-testid="approval-note" />
        </Form.Item>
        {askCode && (
          <Form.Item
            name="code"
            label={t('approvals.code')}
            extra={t('approvals.codeHint')}
            rules={[{ pattern: /^\d{6}$/, message: t('approvals.codeInvalid') }]}
          >
            <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" data-testid="approval-code" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
