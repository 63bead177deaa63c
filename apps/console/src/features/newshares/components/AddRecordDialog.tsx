import { useEffect, useState } from 'react';
import { Form, InputNumber, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IssueItem } from '@stock-admin/contracts';
import { feedback } from '../../../lib/feedback';
import { showFieldError } from '../../../lib/serverErrors';
import { newsharesCalls } from '../api';
import { formatCount } from '../../../shared/money';

interface Values {
  issueId: number;
  userId: number;
  quantity: number;
}

/**
 * A subscription entered for a user by hand (one made by phone, say): any issue of the kind, outside its window
 * too; the cap, the lot and, for a placement, the user's free cash are checked as for the user's own.
 */
export function AddRecordDialog({
  open,
  issues,
  issueId,
  onClose,
  onDone,
}: {
  open: boolean;
  issues: IssueItem[];
  issueId?: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const issueIdNow = Form.useWatch('issueId', form);
  const chosen = issues.find((i) => i.id === issueIdNow);
  useEffect(() => {
    if (open) form.setFieldsValue({ issueId, userId: undefined, quantity: undefined });
  }, [open, issueId, form]);

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await newsharesCalls.addRecord(v);
      feedback.message.success(t('newshares.issue.saved'));
      onDone();
    } catch (e) {
      showFieldError(form, e, ['issueId', 'userId', 'quantity']);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('newshares.record.addTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="add-record-form">
        <Form.Item name="issueId" label={t('newshares.record.addIssue')} rules={[{ required: true }]}>
          <Select showSearch optionFilterProp="label" options={issues.map((i) => ({ value: i.id, label: `${i.name} ${i.code}` }))} />
        </Form.Item>
        <Form.Item name="userId" label={t('newshares.record.addUser')} rules={[{ required: true }]}>
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="quantity"
          label={t('newshares.record.addQty')}
          rules={[{ required: true }]}
          extra={
            chosen ? `${t('newshares.issue.lot')} ${chosen.lotSize} · ${t('newshares.issue.cap')} ${formatCount(chosen.maxPerUser)}` : null
          }
        >
          <InputNumber
            min={chosen?.lotSize ?? 1}
            step={chosen?.lotSize ?? 100}
            max={chosen?.maxPerUser}
            precision={0}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
