import { useEffect, useState } from 'react';
import { DatePicker, Drawer, Form, Input, InputNumber, Radio, Button, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { BlockProductItem } from '@stock-admin/contracts';
import { feedback } from '../../../lib/feedback';
import { fieldErrorOf, showFieldError } from '../../../lib/serverErrors';
import { StockPicker } from '../../../shared/components/StockPicker';
import { blocktradeCalls } from '../api';

interface Values {
  gid: string;
  priceMode: 'discount' | 'fixed';
  discount?: string;
  fixedPrice?: string;
  minShares: number;
  maxShares: number;
  totalShares: number;
  tradeKey?: string;
  window: [Dayjs, Dayjs];
}

const FIELDS = ['gid', 'priceMode', 'discount', 'fixedPrice', 'minShares', 'maxShares', 'totalShares', 'tradeKey'];

/** Add / edit a block-trade product: stock, pricing, quantities (lots of 100), window, trade key (never shown back). */
export function ProductDrawer({
  open,
  record,
  onClose,
  onSaved,
}: {
  open: boolean;
  record: BlockProductItem | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const mode = Form.useWatch('priceMode', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (record)
      form.setFieldsValue({
        gid: record.gid,
        priceMode: record.priceMode,
        discount: record.discount ?? undefined,
        fixedPrice: record.fixedPrice ?? undefined,
        minShares: record.minShares,
        maxShares: record.maxShares,
        totalShares: record.totalShares,
        window: [dayjs(record.startsAt), dayjs(record.endsAt)],
      });
    else form.setFieldsValue({ priceMode: 'discount', discount: '0.92', minShares: 1000, maxShares: 10000, totalShares: 100000 });
  }, [open, record, form]);

  const submit = async () => {
    const v = await form.validateFields();
    const body = {
      gid: v.gid,
      priceMode: v.priceMode,
      discount: v.priceMode === 'discount' ? String(v.discount) : undefined,
      fixedPrice: v.priceMode === 'fixed' ? String(v.fixedPrice) : undefined,
      minShares: v.minShares,
      maxShares: v.maxShares,
      totalShares: v.totalShares,
      startsAt: v.window[0].toISOString(),
      endsAt: v.window[1].toISOString(),
      tradeKey: v.tradeKey || undefined,
    };
    setBusy(true);
    try {
      if (record) await blocktradeCalls.update({ id: record.id, ...body });
      else await blocktradeCalls.add({ ...body, tradeKey: v.tradeKey ?? '' }); // the form requires the key when adding
      feedback.message.success(t('blocktrade.product.saved'));
      onSaved();
    } catch (e) {
      // a refusal naming a field shows under it; the window's two ends are one field here
      const fe = fieldErrorOf(e);
      if (fe && (fe.field === 'startsAt' || fe.field === 'endsAt')) form.setFields([{ name: 'window', errors: [fe.reason] }]);
      else showFieldError(form, e, FIELDS);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      open={open}
      width={520}
      title={t(record ? 'blocktrade.product.edit' : 'blocktrade.product.add')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="block-product-save">
            {t('common.ok')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" data-testid="block-product-form">
        <Form.Item name="gid" label={t('blocktrade.product.stock')} rules={[{ required: true }]}>
          <StockPicker onPick={() => undefined} />
        </Form.Item>
        <Form.Item name="priceMode" label={t('blocktrade.product.priceMode')} rules={[{ required: true }]}>
          <Radio.Group
            optionType="button"
            options={(['discount', 'fixed'] as const).map((m) => ({ value: m, label: t(`blocktrade.product.mode.${m}`) }))}
          />
        </Form.Item>
        {mode === 'fixed' ? (
          <Form.Item name="fixedPrice" label={t('blocktrade.product.fixedPrice')} rules={[{ required: true }]}>
            <InputNumber min={0.01} step={0.01} precision={2} prefix="¥" style={{ width: '100%' }} stringMode />
          </Form.Item>
        ) : (
          <Form.Item
            name="discount"
            label={t('blocktrade.product.discount')}
            tooltip={t('blocktrade.product.discountTip')}
            rules={[{ required: true }]}
          >
            <InputNumber min={0.0001} max={1.5} step={0.01} precision={4} style={{ width: '100%' }} stringMode />
          </Form.Item>
        )}
        <Space.Compact block>
          <Form.Item name="minShares" label={t('blocktrade.product.minShares')} rules={[{ required: true }]} style={{ flex: 1 }}>
            <InputNumber min={100} step={100} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="maxShares" label={t('blocktrade.product.maxShares')} rules={[{ required: true }]} style={{ flex: 1 }}>
            <InputNumber min={100} step={100} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="totalShares" label={t('blocktrade.product.totalShares')} rules={[{ required: true }]} style={{ flex: 1 }}>
            <InputNumber min={100} step={100} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="window" label={t('blocktrade.product.window')} rules={[{ required: true }]}>
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="tradeKey"
          label={t('blocktrade.product.tradeKey')}
          tooltip={t('blocktrade.product.tradeKeyTip')}
          rules={record ? [] : [{ required: true, min: 4, max: 32 }]}
        >
          <Input.Password
            autoComplete="new-password"
            placeholder={record ? t('blocktrade.product.tradeKeyKeep') : undefined}
            maxLength={32}
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
