import { isHeldError } from '../../../lib/request';
import { HeldHint } from '../../../shared/approvalHint';
import { useEffect, useState } from 'react';
import { Alert, Form, Input, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RechargeItem } from '@stock-admin/contracts';
import { feedback } from '../../../lib/feedback';
import { rechargeCalls } from '../api';
import { formatYuan, isAmount, isPositiveAmount } from '../../../shared/money';
import { showFieldError } from '../../../lib/serverErrors';
import { AmountInput } from '../../../shared/components/Money';
import { ChannelSelect, UserSelect } from '../../../shared/components/Pickers';

export interface CreateRechargeValues {
  userId?: number;
  amount?: string | null;
  channelId?: number;
  immediate?: boolean;
  note?: string;
}

/** Form → `/admin/recharge/create.do` payload: status 1 when successful at once (a note is then required). */
export function createRechargePayload(v: CreateRechargeValues) {
  const note = (v.note ?? '').trim();
  return {
    userId: v.userId as number,
    amount: String(v.amount ?? '').trim(),
    channelId: v.channelId ?? undefined,
    status: v.immediate ? 1 : 0,
    note: note || undefined,
  } as const;
}

/** An admin-created deposit order: user, amount, channel, and "successful at once" (needs a note). */
export function CreateRechargeModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CreateRechargeValues>();
  const [saving, setSaving] = useState(false);
  const immediate = Form.useWatch('immediate', form);
  const amount = Form.useWatch('amount', form);
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await rechargeCalls.create(createRechargePayload(values));
      feedback.message.success(t('funds.recharge.created'));
      onCreated();
    } catch (e) {
      // held for a second administrator (the queue has it): this dialog is done
      if (isHeldError(e)) onClose();
      else showFieldError(form, e, ['userId', 'amount', 'channelId', 'note']);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('funds.recharge.create')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={saving}
      okText={t('funds.common.submit')}
      cancelText={t('funds.common.cancel')}
      forceRender
      okButtonProps={{ 'data-testid': 'recharge-create-ok' }}
    >
      <HeldHint operation="deposit.create" amount={isAmount(String(amount ?? '')) ? String(amount) : null} />
      <Form form={form} layout="vertical" name="rechargeCreate" data-testid="recharge-create-form" initialValues={{ immediate: false }}>
        <Form.Item
          name="userId"
          label={t('funds.recharge.userField')}
          rules={[{ required: true, message: t('funds.recharge.userRequired') }]}
        >
          <UserSelect placeholder={t('funds.recharge.userPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('funds.recharge.amountField')}
          rules={[
            { required: true, message: t('funds.recharge.amountRequired') },
            {
              validator: (_, v: string | null | undefined) => {
                if (v === null || v === undefined || v === '') return Promise.resolve();
                if (!isAmount(String(v))) return Promise.reject(new Error(t('funds.common.amountInvalid')));
                if (!isPositiveAmount(String(v))) return Promise.reject(new Error(t('funds.common.amountPositive')));
                return Promise.resolve();
              },
            },
          ]}
        >
          <AmountInput prefix="¥" />
        </Form.Item>
        <Form.Item name="channelId" label={t('funds.recharge.channelField')}>
          <ChannelSelect placeholder={t('funds.recharge.channelPlaceholder')} />
        </Form.Item>
        <Form.Item name="immediate" label={t('funds.recharge.immediate')} valuePropName="checked" extra={t('funds.recharge.immediateHelp')}>
          <Switch data-testid="recharge-immediate" />
        </Form.Item>
        <Form.Item
          name="note"
          label={t('funds.recharge.noteField')}
          dependencies={['immediate']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, v: string | undefined) =>
                getFieldValue('immediate') && !v?.trim() ? Promise.reject(new Error(t('funds.recharge.noteRequired'))) : Promise.resolve(),
            }),
          ]}
          required={!!immediate}
        >
          <Input.TextArea rows={3} maxLength={500} showCount placeholder={t('funds.common.notePlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Edits a deposit's admin note (not shown to the user). */
export function NoteModal({ order, onClose, onSaved }: { order: RechargeItem | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ note: string }>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (order) form.setFieldsValue({ note: order.adminNote });
  }, [order, form]);
  const submit = async () => {
    if (!order) return;
    const { note } = await form.validateFields();
    setSaving(true);
    try {
      await rechargeCalls.updateNote({ id: order.id, note: (note ?? '').trim() });
      feedback.message.success(t('funds.recharge.noteSaved'));
      onSaved();
    } catch (e) {
      showFieldError(form, e, ['note']);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={!!order}
      title={t('funds.recharge.editNoteTitle')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={saving}
      okText={t('funds.common.ok')}
      cancelText={t('funds.common.cancel')}
      forceRender
      okButtonProps={{ 'data-testid': 'note-dialog-ok' }}
    >
      {order && (
        <Alert
          type="info"
          showIcon={false}
          style={{ marginBottom: 16 }}
          message={t('funds.recharge.orderInfo', { orderNo: order.orderNo, user: order.phone, amount: formatYuan(order.amount) })}
        />
      )}
      <Form form={form} layout="vertical" name="rechargeNote">
        <Form.Item name="note" label={t('funds.common.adminNote')}>
          <Input.TextArea rows={4} maxLength={500} showCount placeholder={t('funds.common.notePlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
