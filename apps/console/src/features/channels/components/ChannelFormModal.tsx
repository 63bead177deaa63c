import { useEffect } from 'react';
import { Col, Divider, Form, Image, Input, InputNumber, Modal, Row, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHANNEL_TYPES, CHANNEL_TYPE_LABELS, type ChannelItem } from '@stock-admin/contracts';
import { feedback } from '../../../lib/feedback';
import type { EditorProps } from '../../../shared/list/CrudList';
import { AmountInput } from '../../../shared/components/Money';
import { IMAGE_FALLBACK } from '../../../shared/money';
import { useFormSave } from '../../../shared/useFormSave';
import { channelCalls } from '../api';
import {
  NEW_CHANNEL,
  channelToForm,
  compareAmounts,
  formToChannelPayload,
  isHttpUrl,
  isImageRef,
  requiredForType,
  sectionsForType,
  type ChannelFormValues,
} from '../lib/forms';

const FIELDS = [
  'type',
  'name',
  'displayName',
  'payeeName',
  'account',
  'bankName',
  'bankBranch',
  'qrImage',
  'minAmount',
  'maxAmount',
  'dailyCap',
  'gatewayUrl',
  'merchantCode',
  'merchantKey',
  'shown',
  'enabled',
  'withdrawable',
  'sort',
  'remark',
];

/**
 * Add/edit a payment channel. The list has only masked secrets (`****1234`): on edit the merchant
 * code and secret start blank and are kept when left blank.
 */
export function ChannelFormModal({ open, record: channel, onClose, onSaved }: EditorProps<ChannelItem>) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<ChannelFormValues>();
  const { busy: saving, submit } = useFormSave(form, { fields: FIELDS });
  const type = Form.useWatch('type', form);
  const qr = Form.useWatch('qrImage', form);
  const en = i18n.language === 'en-US';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(channel ? channelToForm(channel) : NEW_CHANNEL);
  }, [open, channel, form]);

  const required = new Set(requiredForType(type, { hasStoredMerchantCode: !!channel?.merchantCode }));
  const show = sectionsForType(type);
  const need = (field: string) =>
    required.has(field) ? [{ required: true, whitespace: true, message: t('channels.form.requiredForType') }] : [];

  const save = async (values: ChannelFormValues) => {
    const payload = formToChannelPayload(values);
    if (channel) {
      await channelCalls.update({ ...payload, id: channel.id });
      feedback.message.success(t('channels.list.updated'));
    } else {
      await channelCalls.add(payload);
      feedback.message.success(t('channels.list.added'));
    }
    onSaved();
  };

  const secretExtra = (masked: string | undefined) =>
    channel ? t('channels.form.secretKeep', { masked: masked || t('channels.form.secretUnset') }) : undefined;

  return (
    <Modal
      open={open}
      title={t(channel ? 'channels.form.editTitle' : 'channels.form.addTitle')}
      onCancel={onClose}
      onOk={() => submit(save)}
      confirmLoading={saving}
      okText={t('channels.layering.ok')}
      cancelText={t('channels.layering.cancel')}
      width={760}
      forceRender
      okButtonProps={{ 'data-testid': 'channel-form-ok' }}
    >
      <Form form={form} layout="vertical" name="channel" data-testid="channel-form">
        <Divider orientation="left" plain style={{ marginTop: 0 }}>
          {t('channels.form.basic')}
        </Divider>
        <Row gutter={16}>
          <Col xs={24} sm={8}>
            <Form.Item name="type" label={t('channels.form.type')} rules={[{ required: true, message: t('channels.form.typeRequired') }]}>
              <Select
                options={CHANNEL_TYPES.map((v) => ({ value: v, label: en ? CHANNEL_TYPE_LABELS[v].en : CHANNEL_TYPE_LABELS[v].zh }))}
                data-testid="channel-type"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name="name"
              label={t('channels.form.name')}
              tooltip={t('channels.form.nameHelp')}
              rules={[{ required: true, whitespace: true, message: t('channels.form.nameRequired') }]}
            >
              <Input maxLength={64} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name="displayName"
              label={t('channels.form.displayName')}
              tooltip={t('channels.form.displayNameHelp')}
              rules={[{ required: true, whitespace: true, message: t('channels.form.displayNameRequired') }]}
            >
              <Input maxLength={64} autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>

        <Divider orientation="left" plain>
          {t('channels.form.payee')}
        </Divider>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="payeeName" label={t('channels.form.payeeName')} rules={need('payeeName')}>
              <Input maxLength={64} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="account"
              label={t('channels.form.account')}
              tooltip={t('channels.form.accountHelp')}
              dependencies={['qrImage', 'type']}
              rules={[
                ...need('account'),
                ({ getFieldValue }) => ({
                  validator: (_, v: string | undefined) => {
                    const ty = getFieldValue('type');
                    if ((ty === 'alipay' || ty === 'wechat') && !v?.trim() && !String(getFieldValue('qrImage') ?? '').trim())
                      return Promise.reject(new Error(t('channels.form.accountOrQr')));
                    return Promise.resolve();
                  },
                }),
              ]}
            >
              <Input maxLength={128} autoComplete="off" />
            </Form.Item>
          </Col>
          {show.bank && (
            <>
              <Col xs={24} sm={12}>
                <Form.Item name="bankName" label={t('channels.form.bankName')} rules={need('bankName')}>
                  <Input maxLength={64} autoComplete="off" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name="bankBranch" label={t('channels.form.bankBranch')}>
                  <Input maxLength={128} autoComplete="off" />
                </Form.Item>
              </Col>
            </>
          )}
          {(show.qr || !!qr) && (
            <Col xs={24}>
              <Form.Item
                name="qrImage"
                label={t('channels.form.qrImage')}
                extra={t('channels.form.qrImageHelp')}
                rules={[
                  {
                    validator: (_, v: string | undefined) =>
                      !v?.trim() || isImageRef(v) ? Promise.resolve() : Promise.reject(new Error(t('channels.form.qrImageInvalid'))),
                  },
                ]}
              >
                <Input maxLength={500} autoComplete="off" />
              </Form.Item>
              {!!qr && isImageRef(qr) && (
                <div style={{ marginTop: -8, marginBottom: 16 }}>
                  <Typography.Text type="secondary" style={{ marginRight: 8 }}>
                    {t('channels.form.preview')}
                  </Typography.Text>
                  <Image
                    fallback={IMAGE_FALLBACK}
                    src={qr}
                    width={88}
                    height={88}
                    style={{ objectFit: 'contain', border: '1px solid #f0f0f0' }}
                  />
                </div>
              )}
            </Col>
          )}
        </Row>

        <Divider orientation="left" plain>
          {t('channels.form.limits')}
        </Divider>
        <Row gutter={16}>
          <Col xs={24} sm={8}>
            <Form.Item name="minAmount" label={t('channels.form.minAmount')} extra={t('channels.form.limitHelp')}>
              <AmountInput />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name="maxAmount"
              label={t('channels.form.maxAmount')}
              dependencies={['minAmount']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, v: string | null | undefined) => {
                    const min = getFieldValue('minAmount') as string | null | undefined;
                    if (v && min && compareAmounts(String(v), String(min)) < 0)
                      return Promise.reject(new Error(t('channels.form.maxBelowMin')));
                    return Promise.resolve();
                  },
                }),
              ]}
            >
              <AmountInput />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="dailyCap" label={t('channels.form.dailyCap')}>
              <AmountInput />
            </Form.Item>
          </Col>
        </Row>

        {(show.gateway || !!channel?.gatewayUrl || !!channel?.merchantCode) && (
          <>
            <Divider orientation="left" plain>
              {t('channels.form.gateway')}
            </Divider>
            <Row gutter={16}>
              <Col xs={24}>
                <Form.Item
                  name="gatewayUrl"
                  label={t('channels.form.gatewayUrl')}
                  rules={[
                    ...need('gatewayUrl'),
                    {
                      validator: (_, v: string | undefined) =>
                        !v?.trim() || isHttpUrl(v) ? Promise.resolve() : Promise.reject(new Error(t('channels.form.gatewayUrlInvalid'))),
                    },
                  ]}
                >
                  <Input maxLength={500} autoComplete="off" placeholder="https://" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="merchantCode"
                  label={t('channels.form.merchantCode')}
                  extra={secretExtra(channel?.merchantCode)}
                  rules={need('merchantCode')}
                >
                  <Input.Password maxLength={200} autoComplete="new-password" visibilityToggle />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name="merchantKey" label={t('channels.form.merchantKey')} extra={secretExtra(channel?.merchantKey)}>
                  <Input.Password maxLength={500} autoComplete="new-password" visibilityToggle />
                </Form.Item>
              </Col>
            </Row>
          </>
        )}

        <Divider orientation="left" plain>
          {t('channels.form.switches')}
        </Divider>
        <Row gutter={16}>
          <Col xs={12} sm={6}>
            <Form.Item name="shown" label={t('channels.form.shown')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="enabled" label={t('channels.form.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="withdrawable" label={t('channels.form.withdrawable')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="sort" label={t('channels.form.sort')} tooltip={t('channels.form.sortHelp')}>
              <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="remark" label={t('channels.form.remark')}>
              <Input.TextArea maxLength={255} rows={2} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
