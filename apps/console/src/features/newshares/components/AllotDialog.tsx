import { isHeldError } from '../../../lib/request';
import { HeldHint } from '../../../shared/approvalHint';
import { useEffect, useState } from 'react';
import { Form, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { BOND_LOT, SHARE_LOT, type SubscriptionItem } from '@stock-admin/contracts';
import { feedback } from '../../../lib/feedback';
import { showFieldError } from '../../../lib/serverErrors';
import { newsharesCalls } from '../api';

/** Allot one subscription: a quantity up to what was applied for, in whole lots (0 = not allotted). */
export function AllotDialog({ record, onClose, onDone }: { record: SubscriptionItem | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ quantity: number }>();
  const [busy, setBusy] = useState(false);
  const lot = record?.kind === 'bond' ? BOND_LOT : SHARE_LOT;
  useEffect(() => {
    if (record) form.setFieldsValue({ quantity: record.appliedQty });
  }, [record, form]);

  const submit = async () => {
    const { quantity } = await form.validateFields();
    setBusy(true);
    try {
      await newsharesCalls.allot(record!.id, quantity);
      feedback.message.success(t(quantity === 0 ? 'newshares.status.2' : 'newshares.record.allot'));
      onDone();
    } catch (e) {
      if (isHeldError(e)) onDone();
      else showFieldError(form, e, ['quantity']);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!record}
      title={record ? t('newshares.record.allotTitle', { orderNo: record.orderNo }) : ''}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'allot-ok' } as Record<string, string>}
    >
      <HeldHint operation="newshare.allot" />
      <Form form={form} layout="vertical" data-testid="allot-form">
        <Form.Item
          name="quantity"
          label={t('newshares.record.allotQty')}
          extra={record ? t('newshares.record.allotHint', { applied: record.appliedQty, lot }) : null}
          rules={[
            { required: true },
            {
              validator: (_, v: number) =>
                v == null || (v % lot === 0 && v <= (record?.appliedQty ?? 0))
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('newshares.record.allotHint', { applied: record?.appliedQty, lot }))),
            },
          ]}
        >
          <InputNumber min={0} max={record?.appliedQty} step={lot} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
