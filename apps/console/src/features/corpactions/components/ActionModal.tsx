import { useEffect, useState } from 'react';
import { Alert, DatePicker, Form, Input, InputNumber, Modal, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { planText } from '@stock-admin/contracts/exrights';
import { feedback } from '../../../lib/feedback';
import { isHeldError } from '../../../lib/request';
import { showFieldError } from '../../../lib/serverErrors';
import { HeldHint } from '../../../shared/approvalHint';
import { StockPicker } from '../../../shared/components/StockPicker';
import { corpCalls } from '../api';
import { perShare } from '../lib';

interface Values {
  gid: string;
  recordDate: Dayjs;
  exDate: Dayjs;
  payDate?: Dayjs;
  cashPer10?: string;
  bonusPer10?: string;
  transferPer10?: string;
  splitRatio?: string;
  note?: string;
}

const day = (d?: Dayjs) => (d ? d.format('YYYY-MM-DD') : undefined);
const text = (v?: string | number | null) => (v == null || v === '' ? undefined : String(v));

/**
 * Enters one action as the exchange announces it (10派5元 is 5 per 10 shares): the stock, its record date and ex-date,
 * and at least one of cash, bonus, transfer or split. Held for a second administrator (`corporate.action`).
 */
export function ActionModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const v = Form.useWatch([], form) as Partial<Values> | undefined;
  const plan = planText(
    {
      cashPerShare: text(v?.cashPer10) ? perShare(text(v?.cashPer10)!) : null,
      bonusPer10: text(v?.bonusPer10) ?? null,
      transferPer10: text(v?.transferPer10) ?? null,
      splitRatio: text(v?.splitRatio) ?? null,
    },
    i18n.language === 'en-US' ? 'en-US' : 'zh-CN',
  );
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const submit = async () => {
    const f = await form.validateFields();
    setBusy(true);
    try {
      await corpCalls.add({
        gid: f.gid,
        recordDate: day(f.recordDate)!,
        exDate: day(f.exDate)!,
        ...(f.payDate ? { payDate: day(f.payDate) } : {}),
        ...(text(f.cashPer10) ? { cashPerShare: perShare(text(f.cashPer10)!) } : {}),
        ...(text(f.bonusPer10) ? { bonusPer10: text(f.bonusPer10) } : {}),
        ...(text(f.transferPer10) ? { transferPer10: text(f.transferPer10) } : {}),
        ...(text(f.splitRatio) ? { splitRatio: text(f.splitRatio) } : {}),
        ...(f.note ? { note: f.note } : {}),
      });
      feedback.message.success(t('corpactions.added'));
      onDone();
    } catch (e) {
      if (isHeldError(e)) onDone();
      else showFieldError(form, e, undefined, { cashPerShare: 'cashPer10' });
    } finally {
      setBusy(false);
    }
  };

  const number = (name: keyof Values, label: string, extra?: string) => (
    <Form.Item name={name} label={label} extra={extra}>
      <InputNumber<string> stringMode min="0" style={{ width: '100%' }} data-testid={`corp-${name}`} />
    </Form.Item>
  );
  return (
    <Modal
      open={open}
      title={t('corpactions.addTitle')}
      onCancel={onClose}
      onOk={submit}
      okButtonProps={{ loading: busy, id: 'corp-add-ok' }}
      destroyOnHidden
      width={560}
    >
      <HeldHint operation="corporate.action" />
      <Form form={form} layout="vertical">
        <Form.Item name="gid" label={t('corpactions.col.stock')} rules={[{ required: true }]} htmlFor="corp-stock">
          <StockPicker onPick={() => undefined} id="corp-stock" />
        </Form.Item>
        <Space wrap>
          <Form.Item name="recordDate" label={t('corpactions.col.recordDate')} rules={[{ required: true }]}>
            <DatePicker data-testid="corp-recordDate" />
          </Form.Item>
          <Form.Item name="exDate" label={t('corpactions.col.exDate')} rules={[{ required: true }]}>
            <DatePicker data-testid="corp-exDate" />
          </Form.Item>
          <Form.Item name="payDate" label={t('corpactions.col.payDate')}>
            <DatePicker data-testid="corp-payDate" />
          </Form.Item>
        </Space>
        {number('cashPer10', t('corpactions.col.cashPer10'))}
        <Space wrap>
          {number('bonusPer10', t('corpactions.col.bonusPer10'))}
          {number('transferPer10', t('corpactions.col.transferPer10'))}
        </Space>
        {number('splitRatio', t('corpactions.col.splitRatio'), t('corpactions.splitHelp'))}
        <Form.Item name="note" label={t('corpactions.col.note')}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
      {plan ? <Alert type="info" message={<Typography.Text strong>{t('corpactions.planPreview', { plan })}</Typography.Text>} /> : null}
    </Modal>
  );
}
