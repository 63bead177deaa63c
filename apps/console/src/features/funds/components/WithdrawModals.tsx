import { isHeldError } from '../../../lib/request';
import { HeldHint } from '../../../shared/approvalHint';
import { useEffect, useState } from 'react';
import { Descriptions, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WithdrawItem } from '@stock-admin/contracts';
import { useAccess } from '../../../lib/access';
import { showFieldError } from '../../../lib/serverErrors';
import { Money } from '../../../shared/components/Money';
import { ChannelSelect } from '../../../shared/components/Pickers';
import { formatYuan } from '../../../shared/money';

export interface ApproveValues {
  channelId?: number;
  note?: string;
}

/**
 * Approve (pay) one withdrawal, or a batch: shows what is paid to whom, with an optional payout
 * channel (those usable for withdrawals) and note. `onSubmit` throws to keep the dialog open.
 */
export function ApproveModal({
  open,
  item,
  count,
  total,
  onClose,
  onSubmit,
}: {
  open: boolean;
  /** The one request (single approve); absent for a batch. */
  item?: WithdrawItem | null;
  /** Batch size, and the batch's total amount (named in the confirmation). */
  count?: number;
  total?: string;
  onClose: () => void;
  onSubmit: (v: ApproveValues) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const [form] = Form.useForm<ApproveValues>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await onSubmit({ channelId: v.channelId ?? undefined, note: v.note?.trim() || undefined });
    } catch (e) {
      if (isHeldError(e)) onClose();
      else showFieldError(form, e, ['channelId', 'note']);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={item ? t('funds.withdraw.approveTitle') : t('funds.withdraw.batchApproveTitle')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={saving}
      okText={t('funds.common.ok')}
      cancelText={t('funds.common.cancel')}
      forceRender
      okButtonProps={{ 'data-testid': 'pay-dialog-ok' }}
      width={560}
    >
      <div data-testid="pay-dialog">
        <HeldHint operation="withdrawal.pay" amount={item ? item.amount : (total ?? null)} />
        {item ? (
          <>
            <Typography.Paragraph type="secondary">{t('funds.withdraw.approveDesc')}</Typography.Paragraph>
            <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('funds.common.orderNo')}>{item.orderNo}</Descriptions.Item>
              <Descriptions.Item label={t('funds.common.user')}>
                {item.phone} {item.realName ?? ''}
              </Descriptions.Item>
              <Descriptions.Item label={t('funds.common.amount')}>
                <Money value={item.amount} strong type="danger" />
              </Descriptions.Item>
              <Descriptions.Item label={t('funds.withdraw.fee')}>
                <Money value={item.fee} />
              </Descriptions.Item>
              <Descriptions.Item label={t('funds.withdraw.bank')}>
                {item.bankName} {item.bankBranch}
              </Descriptions.Item>
              <Descriptions.Item label={t('funds.withdraw.holder')}>{item.holderName}</Descriptions.Item>
              <Descriptions.Item label={t('funds.withdraw.cardNo')}>
                <Typography.Text copyable={{ text: item.cardNo }}>{item.cardNo}</Typography.Text>
              </Descriptions.Item>
            </Descriptions>
          </>
        ) : (
          <Typography.Paragraph>
            {t('funds.withdraw.batchApproveDesc', { count: count ?? 0, amount: formatYuan(total) })}
          </Typography.Paragraph>
        )}
        <Form form={form} layout="vertical" name="withdrawApprove">
          {can('channallist', 'query') && (
            <Form.Item name="channelId" label={t('funds.withdraw.payoutChannel')}>
              <ChannelSelect payout placeholder={t('funds.withdraw.payoutChannelPlaceholder')} />
            </Form.Item>
          )}
          <Form.Item name="note" label={t('funds.common.adminNote')}>
            <Input.TextArea rows={2} maxLength={500} placeholder={t('funds.common.notePlaceholder')} />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
