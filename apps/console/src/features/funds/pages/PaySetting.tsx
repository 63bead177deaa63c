import '../../../shared/styles/funds.css';
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Row, Skeleton, Space, Typography } from 'antd';
import { ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { Access, useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { paySettingCalls } from '../api';
import { AmountInput } from '../../../shared/components/Money';
import { formatMoney, isAmount, isPositiveAmount } from '../../../shared/money';
import { formToSettings, isPercent, minutesOf, settingsToForm, TIME_END, TIME_START, type PaySettingValues } from '../lib/paysetting';
import { showFieldError } from '../../../lib/serverErrors';
import { timeZoneName } from '../../../lib/timeZone';

const FIELDS = [
  'minRecharge',
  'minWithdraw',
  'withdrawFeePercent',
  'withdrawFeeFixed',
  'withdrawStart',
  'withdrawEnd',
  'maxOpenRechargePerHour',
];

/** Site-wide deposit and withdrawal rules (/allsetting/paysetting, 支付渠道设置). */
export default function PaySetting() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const editable = can('paysetting', 'edit');
  const [form] = Form.useForm<PaySettingValues>();
  const [saving, setSaving] = useState(false);
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['funds', 'paysetting'], queryFn: paySettingCalls.get, retry: false });

  useEffect(() => {
    if (q.data) form.setFieldsValue(settingsToForm(q.data));
  }, [q.data, form]);

  const percent = Form.useWatch('withdrawFeePercent', form);
  const fixed = Form.useWatch('withdrawFeeFixed', form);
  const start = Form.useWatch('withdrawStart', form);
  const end = Form.useWatch('withdrawEnd', form);

  const label = (k: string) => t(`funds.paysetting.${k}`);
  const required = (k: string) => ({ required: true, message: t('funds.paysetting.required', { field: label(k) }) });
  const amountRule = (positive: boolean) => ({
    validator: (_: unknown, v: string | null | undefined) => {
      if (v === null || v === undefined || v === '') return Promise.resolve();
      if (!isAmount(String(v))) return Promise.reject(new Error(t('funds.common.amountInvalid')));
      if (positive && !isPositiveAmount(String(v))) return Promise.reject(new Error(t('funds.common.amountPositive')));
      return Promise.resolve();
    },
  });

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const saved = await paySettingCalls.update(formToSettings(values));
      qc.setQueryData(['funds', 'paysetting'], saved);
      feedback.message.success(t('funds.paysetting.saved'));
    } catch (e) {
      showFieldError(form, e, FIELDS);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="funds-page" data-testid="pay-setting">
      <Card
        title={t('funds.paysetting.title')}
        extra={
          q.data ? (
            <Typography.Text type="secondary">
              {t('funds.paysetting.updatedAt', { time: dayjs(q.data.updatedAt).format('YYYY-MM-DD HH:mm:ss') })}
            </Typography.Text>
          ) : null
        }
      >
        {q.isError && !q.data ? (
          <Alert
            type="error"
            showIcon
            message={t('funds.paysetting.loadFailed')}
            action={
              <Button size="small" icon={<ReloadOutlined />} onClick={() => void q.refetch()}>
                {t('funds.common.refresh')}
              </Button>
            }
          />
        ) : !q.data ? (
          <Skeleton active />
        ) : (
          <Form
            form={form}
            layout="vertical"
            name="paySetting"
            disabled={!editable}
            style={{ maxWidth: 760 }}
            data-testid="pay-setting-form"
          >
            <Row gutter={24}>
              <Col xs={24} sm={12}>
                <Form.Item name="minRecharge" label={label('minRecharge')} rules={[required('minRecharge'), amountRule(true)]}>
                  <AmountInput prefix="¥" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name="minWithdraw" label={label('minWithdraw')} rules={[required('minWithdraw'), amountRule(true)]}>
                  <AmountInput prefix="¥" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="withdrawFeePercent"
                  label={label('feePercent')}
                  extra={t('funds.paysetting.feePercentHelp')}
                  rules={[
                    { required: true, message: t('funds.paysetting.required', { field: label('feePercent') }) },
                    {
                      validator: (_, v: string | undefined) =>
                        !v || isPercent(String(v)) ? Promise.resolve() : Promise.reject(new Error(t('funds.paysetting.feePercentInvalid'))),
                    },
                  ]}
                >
                  <Input suffix="%" inputMode="decimal" autoComplete="off" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name="withdrawFeeFixed" label={label('feeFixed')} rules={[required('feeFixed'), amountRule(false)]}>
                  <AmountInput prefix="¥" />
                </Form.Item>
              </Col>
              <Col xs={24}>
                <Typography.Paragraph type="secondary" style={{ marginTop: -8 }} data-testid="fee-formula">
                  {t('funds.paysetting.feeFormula', {
                    percent: percent && isPercent(String(percent)) ? String(percent).trim() : '0',
                    fixed: formatMoney(fixed && isAmount(String(fixed)) ? String(fixed) : '0'),
                  })}
                </Typography.Paragraph>
              </Col>
              <Col xs={12} sm={6}>
                <Form.Item
                  name="withdrawStart"
                  label={label('withdrawStart')}
                  rules={[required('withdrawStart'), { pattern: TIME_START, message: t('funds.paysetting.timeInvalid') }]}
                >
                  <Input placeholder={t('form.timePlaceholder')} maxLength={5} autoComplete="off" />
                </Form.Item>
              </Col>
              <Col xs={12} sm={6}>
                <Form.Item
                  name="withdrawEnd"
                  label={label('withdrawEnd')}
                  dependencies={['withdrawStart']}
                  rules={[
                    required('withdrawEnd'),
                    { pattern: TIME_END, message: t('funds.paysetting.timeInvalid') },
                    ({ getFieldValue }) => ({
                      validator: (_, v: string | undefined) => {
                        const s = String(getFieldValue('withdrawStart') ?? '');
                        if (v && TIME_END.test(v) && TIME_START.test(s) && minutesOf(v) <= minutesOf(s))
                          return Promise.reject(new Error(t('funds.paysetting.endBeforeStart')));
                        return Promise.resolve();
                      },
                    }),
                  ]}
                >
                  <Input placeholder={t('form.timePlaceholder')} maxLength={5} autoComplete="off" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="maxOpenRechargePerHour"
                  label={label('maxOpen')}
                  extra={t('funds.paysetting.maxOpenHelp')}
                  rules={[required('maxOpen'), { type: 'integer', min: 1, max: 100, message: t('funds.paysetting.maxOpenInvalid') }]}
                >
                  <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={24}>
                <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
                  {t('funds.paysetting.hoursHelp', { start: start || '--:--', end: end || '--:--', zone: timeZoneName(q.data.timeZone) })}
                </Typography.Paragraph>
              </Col>
            </Row>
            <Access action="edit">
              <Space>
                <Button
                  type="primary"
                  icon={<SaveOutlined />}
                  loading={saving}
                  onClick={() => void save().catch(() => undefined)}
                  data-testid="pay-setting-save"
                >
                  {t('funds.paysetting.save')}
                </Button>
                <Button onClick={() => form.setFieldsValue(settingsToForm(q.data!))}>{t('funds.paysetting.reset')}</Button>
              </Space>
            </Access>
          </Form>
        )}
      </Card>
    </div>
  );
}
