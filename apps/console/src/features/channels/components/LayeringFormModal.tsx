import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LayeringItem } from '@stock-admin/contracts';
import { feedback } from '../../../lib/feedback';
import type { EditorProps } from '../../../shared/list/CrudList';
import { AmountInput } from '../../../shared/components/Money';
import { useFormSave } from '../../../shared/useFormSave';
import { layeringCalls } from '../api';
import { formToLayeringPayload, layeringToForm, type LayeringFormValues } from '../lib/forms';

const FIELDS = ['layeringName', 'payNums', 'payMoney', 'withdrawalMoney', 'withdrawalNums'];

/** Add/edit a layering tier (spec §5 Layering form): the name is required, the thresholds are optional numbers. */
export function LayeringFormModal({ open, record: tier, onClose, onSaved }: EditorProps<LayeringItem>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LayeringFormValues>();
  const { busy: saving, submit } = useFormSave(form, { fields: FIELDS });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(tier ? layeringToForm(tier) : {});
  }, [open, tier, form]);

  const save = async (values: LayeringFormValues) => {
    const payload = formToLayeringPayload(values);
    if (tier) {
      await layeringCalls.layeringUpdate({ ...payload, id: tier.id });
      feedback.message.success(t('channels.layering.updated'));
    } else {
      await layeringCalls.layeringAdd(payload);
      feedback.message.success(t('channels.layering.added'));
    }
    onSaved();
  };

  return (
    <Modal
      open={open}
      title={t(tier ? 'channels.layering.editTitle' : 'channels.layering.addTitle')}
      onCancel={onClose}
      onOk={() => submit(save)}
      confirmLoading={saving}
      okText={t('channels.layering.ok')}
      cancelText={t('channels.layering.cancel')}
      forceRender
      okButtonProps={{ 'data-testid': 'layering-form-ok' }}
    >
      <Form form={form} layout="vertical" name="layering" data-testid="layering-form">
        <Form.Item
          name="layeringName"
          label={t('channels.layering.layeringName')}
          rules={[{ required: true, whitespace: true, message: t('channels.layering.layeringNameRequired') }]}
        >
          <Input maxLength={64} placeholder={t('channels.layering.layeringNameRequired')} autoComplete="off" />
        </Form.Item>
        <Form.Item name="payNums" label={t('channels.layering.payNums')}>
          <InputNumber min={0} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="payMoney" label={t('channels.layering.payMoney')}>
          <AmountInput />
        </Form.Item>
        <Form.Item name="withdrawalMoney" label={t('channels.layering.withdrawalMoney')}>
          <AmountInput />
        </Form.Item>
        <Form.Item name="withdrawalNums" label={t('channels.layering.withdrawalNums')} extra={t('channels.layering.thresholdHelp')}>
          <InputNumber min={0} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
