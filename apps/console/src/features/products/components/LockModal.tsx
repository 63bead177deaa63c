import { useEffect, useState } from 'react';
import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StockItem } from '@stock-admin/contracts';

/** Confirms locking a stock's trading, with an optional reason (sent as `reason`, kept with the lock). */
export function LockModal({
  stock,
  onClose,
  onConfirm,
}: {
  stock: StockItem | null;
  onClose: () => void;
  /** The dialog stays open, busy, until it settles. */
  onConfirm: (reason: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason?: string }>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (stock) form.resetFields();
  }, [stock, form]);
  const ok = async () => {
    const { reason } = await form.validateFields();
    setSaving(true);
    try {
      await onConfirm((reason ?? '').trim());
    } catch {
      /* shown by the request client */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={!!stock}
      title={t('products.lock.title')}
      onCancel={onClose}
      onOk={() => void ok().catch(() => undefined)}
      confirmLoading={saving}
      okText={t('products.lock.ok')}
      cancelText={t('products.common.cancel')}
      okButtonProps={{ danger: true, 'data-testid': 'stock-lock-ok' }}
      forceRender
    >
      <Typography.Paragraph>{stock && t('products.lock.content', { name: stock.name, code: stock.code })}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="stock-lock">
        <Form.Item name="reason" label={t('products.lock.reason')}>
          <Input.TextArea
            rows={3}
            maxLength={200}
            showCount
            placeholder={t('products.lock.reasonPlaceholder')}
            data-testid="stock-lock-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
