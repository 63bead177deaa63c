import { useEffect, useState } from 'react';
import { Button, DatePicker, Drawer, Form, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { BOND_LOT, MARKETS, SHARE_LOT, SUBSCRIBE_TYPES, type IssueItem, type IssueKind } from '@stock-admin/contracts';
import { feedback } from '../../../lib/feedback';
import { showFieldError } from '../../../lib/serverErrors';
import { newsharesCalls } from '../api';

const DATES = ['subscribeDate', 'allotDate', 'payDeadline', 'listingDate'] as const;
type DateField = (typeof DATES)[number];
type Values = Omit<
  IssueItem,
  'id' | 'kind' | 'board' | 'phase' | 'subscriptions' | 'lotSize' | DateField | 'underlyingCode' | 'peRatio'
> & {
  underlyingCode?: string;
  peRatio?: string;
} & Record<DateField, Dayjs>;
const FIELDS = ['code', 'name', 'market', 'underlyingCode', 'issuePrice', 'peRatio', 'issueSize', 'maxPerUser', 'subscribeType', ...DATES];
const DAY = 'YYYY-MM-DD';

/**
 * Add / edit a new-share or new-bond issue. The dates are Shanghai calendar days, in order (subscription ≤
 * allotment ≤ payment deadline ≤ listing); a rush is bought on listing day, so its dates follow the listing
 * day. The server checks everything again and names the field it refuses.
 */
export function IssueDrawer({
  kind,
  open,
  record,
  onClose,
  onSaved,
}: {
  kind: IssueKind;
  open: boolean;
  record: IssueItem | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const type = Form.useWatch('subscribeType', form);
  const lot = kind === 'bond' ? BOND_LOT : SHARE_LOT;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (record)
      form.setFieldsValue({
        ...record,
        underlyingCode: record.underlyingCode ?? undefined,
        peRatio: record.peRatio ?? undefined,
        ...Object.fromEntries(DATES.map((d) => [d, dayjs(record[d])])),
      } as unknown as Values);
    else {
      const today = dayjs();
      form.setFieldsValue({
        market: 'sh',
        subscribeType: 'public',
        issuePrice: kind === 'bond' ? '100' : undefined,
        issueSize: kind === 'bond' ? 1_000_000 : 10_000_000,
        maxPerUser: kind === 'bond' ? 1000 : 10_000,
        shown: true,
        locked: false,
        autoConvert: true,
        subscribeDate: today,
        allotDate: today.add(2, 'day'),
        payDeadline: today.add(3, 'day'),
        listingDate: today.add(7, 'day'),
      } as Partial<Values>);
    }
  }, [open, record, form, kind]);

  const submit = async () => {
    const v = await form.validateFields();
    const body = {
      ...v,
      peRatio: v.peRatio ? String(v.peRatio) : undefined,
      issuePrice: String(v.issuePrice),
      underlyingCode: kind === 'bond' ? v.underlyingCode : undefined,
      ...(Object.fromEntries(DATES.map((d) => [d, v[d].format(DAY)])) as Record<DateField, string>),
    };
    setBusy(true);
    try {
      if (record) await newsharesCalls.update(kind, { id: record.id, ...body });
      else await newsharesCalls.add(kind, body);
      feedback.message.success(t('newshares.issue.saved'));
      onSaved();
    } catch (e) {
      showFieldError(form, e, FIELDS);
    } finally {
      setBusy(false);
    }
  };

  // a rush is bought on listing day: its other dates are that day
  const onListing = (d: Dayjs | null) => {
    if (d && type === 'rush') form.setFieldsValue({ subscribeDate: d, allotDate: d, payDeadline: d });
  };

  return (
    <Drawer
      open={open}
      width={560}
      title={t(`newshares.issue.${record ? 'edit' : 'add'}.${kind}`)}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="issue-save">
            {t('common.ok')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" data-testid="issue-form">
        <Space.Compact block>
          <Form.Item name="code" label={t('newshares.issue.code')} rules={[{ required: true, pattern: /^\d{6}$/ }]} style={{ flex: 1 }}>
            <Input maxLength={6} placeholder={kind === 'bond' ? '113001' : '603001'} />
          </Form.Item>
          <Form.Item name="name" label={t('newshares.issue.name')} rules={[{ required: true, max: 40 }]} style={{ flex: 2 }}>
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="market" label={t('newshares.issue.market')} rules={[{ required: true }]} style={{ flex: 1 }}>
            <Select options={MARKETS.map((m) => ({ value: m, label: t(`newshares.issue.markets.${m}`) }))} />
          </Form.Item>
        </Space.Compact>
        {kind === 'bond' && (
          <Form.Item name="underlyingCode" label={t('newshares.issue.underlying')} rules={[{ required: true, pattern: /^\d{6}$/ }]}>
            <Input maxLength={6} placeholder="600519" />
          </Form.Item>
        )}
        <Space.Compact block>
          <Form.Item name="issuePrice" label={t('newshares.issue.price')} rules={[{ required: true }]} style={{ flex: 1 }}>
            <InputNumber
              min={0.0001}
              step={0.01}
              precision={kind === 'bond' ? 0 : 2}
              prefix="¥"
              style={{ width: '100%' }}
              stringMode
              disabled={kind === 'bond'}
            />
          </Form.Item>
          {kind === 'share' && (
            <Form.Item name="peRatio" label={t('newshares.issue.pe')} style={{ flex: 1 }}>
              <InputNumber min={0} step={0.01} precision={2} style={{ width: '100%' }} stringMode />
            </Form.Item>
          )}
        </Space.Compact>
        {kind === 'bond' && <Typography.Paragraph type="secondary">{t('newshares.issue.bondFace')}</Typography.Paragraph>}
        <Space.Compact block>
          <Form.Item name="issueSize" label={t('newshares.issue.size')} rules={[{ required: true }]} style={{ flex: 1 }}>
            <InputNumber min={lot} step={lot} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="maxPerUser" label={t('newshares.issue.cap')} rules={[{ required: true }]} style={{ flex: 1 }}>
            <InputNumber min={lot} step={lot} precision={0} style={{ width: '100%' }} addonAfter={t(`newshares.unit.${kind}`)} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="subscribeType" label={t('newshares.issue.subscribeType')} rules={[{ required: true }]}>
          <Select options={SUBSCRIBE_TYPES.map((s) => ({ value: s, label: t(`newshares.type.${s}`) }))} />
        </Form.Item>
        <Space.Compact block>
          {DATES.map((d) => (
            <Form.Item key={d} name={d} label={t(`newshares.issue.${d}`)} rules={[{ required: true }]} style={{ flex: 1 }}>
              <DatePicker
                format={DAY}
                style={{ width: '100%' }}
                allowClear={false}
                disabled={type === 'rush' && d !== 'listingDate'}
                onChange={d === 'listingDate' ? onListing : undefined}
              />
            </Form.Item>
          ))}
        </Space.Compact>
        <Space size={24} wrap>
          <Form.Item name="shown" label={t('newshares.issue.shown')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="locked" label={t('newshares.issue.locked')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            name="autoConvert"
            label={t('newshares.issue.autoConvert')}
            tooltip={t('newshares.issue.autoConvertTip')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        </Space>
      </Form>
    </Drawer>
  );
}
