import { Col, Descriptions, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EditorProps } from '../../../shared/list/CrudList';
import { MARKETS, type IndexItem } from '@stock-admin/contracts';
import { FormDrawer } from '../../../shared/components/FormDrawer';
import { indexCalls } from '../api';
import {
  NEW_INDEX,
  descriptionError,
  formToIndexAdd,
  formToIndexUpdate,
  indexCodeError,
  indexToForm,
  lotsError,
  lotsOrderError,
  nameError,
  priceError,
  type IndexFormValues,
} from '../lib/forms';
import { checkRule } from './rules';

const FIELDS = [
  'market',
  'code',
  'name',
  'homeShown',
  'listShown',
  'tradable',
  'marginPerLot',
  'feePerLot',
  'valuePerPoint',
  'minLots',
  'maxLots',
  'description',
];

/** Add or edit an index product: the money per lot / per point (≤ 4 decimals), the lot range, the flags. */
export function IndexFormDrawer({ open, record: index, onClose, onSaved }: EditorProps<IndexItem>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<IndexFormValues>();
  const market = Form.useWatch('market', form);

  const save = async (values: IndexFormValues) => {
    if (index) await indexCalls.indexUpdate(formToIndexUpdate(index.id, values));
    else await indexCalls.indexAdd(formToIndexAdd(values));
    return t(index ? 'products.msg.updated' : 'products.msg.added');
  };

  const money = (name: keyof IndexFormValues, label: string, testId: string) => (
    <Form.Item name={name} label={label} rules={checkRule(t, priceError, true)}>
      <InputNumber<string> stringMode style={{ width: '100%' }} step="1" placeholder="0.0000" data-testid={testId} />
    </Form.Item>
  );

  return (
    <FormDrawer<IndexFormValues>
      open={open}
      record={index}
      form={form}
      width={560}
      title={t(index ? 'products.index.editTitle' : 'products.index.addTitle')}
      initial={() => (index ? indexToForm(index) : NEW_INDEX)}
      save={save}
      fields={FIELDS}
      onClose={onClose}
      onSaved={onSaved}
      okText={t('products.common.save')}
      saveTestId="index-form-ok"
      formTestId="index-form"
      formName="index"
    >
      {index ? (
        <Descriptions size="small" column={2} bordered style={{ marginBottom: 24 }}>
          <Descriptions.Item label={t('products.col.code')}>{index.code}</Descriptions.Item>
          <Descriptions.Item label="GID">{index.gid}</Descriptions.Item>
        </Descriptions>
      ) : (
        <Row gutter={16}>
          <Col span={10}>
            <Form.Item
              name="market"
              label={t('products.col.market')}
              rules={[{ required: true, message: t('products.form.err.required') }]}
            >
              <Select
                options={MARKETS.map((m) => ({ value: m, label: t(`products.market.${m}`) }))}
                onChange={() => form.getFieldValue('code') && void form.validateFields(['code']).catch(() => undefined)}
              />
            </Form.Item>
          </Col>
          <Col span={14}>
            <Form.Item
              name="code"
              label={t('products.col.code')}
              dependencies={['market']}
              rules={checkRule(t, (v) => indexCodeError(market, v), true)}
              extra={t('products.form.indexCodeHint')}
            >
              <Input maxLength={6} inputMode="numeric" placeholder="000300" data-testid="index-form-code" />
            </Form.Item>
          </Col>
        </Row>
      )}
      <Form.Item name="name" label={t('products.col.name')} rules={checkRule(t, nameError, true)}>
        <Input maxLength={60} data-testid="index-form-name" />
      </Form.Item>
      <Row gutter={16}>
        <Col span={8}>{money('marginPerLot', t('products.col.marginPerLot'), 'index-form-margin')}</Col>
        <Col span={8}>{money('feePerLot', t('products.col.feePerLot'), 'index-form-fee')}</Col>
        <Col span={8}>{money('valuePerPoint', t('products.col.valuePerPoint'), 'index-form-point')}</Col>
      </Row>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="minLots" label={t('products.col.minLots')} rules={checkRule(t, lotsError, true)}>
            <InputNumber<string> stringMode style={{ width: '100%' }} step="1" data-testid="index-form-min" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="maxLots"
            label={t('products.col.maxLots')}
            dependencies={['minLots']}
            rules={[...checkRule(t, lotsError, true), ...checkRule(t, (v) => lotsOrderError(form.getFieldValue('minLots'), v))]}
          >
            <InputNumber<string> stringMode style={{ width: '100%' }} step="1" data-testid="index-form-max" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="tradable" label={t('products.col.tradable')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="homeShown" label={t('products.col.homeShown')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="listShown" label={t('products.col.listShown')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="description" label={t('products.col.description')} rules={checkRule(t, descriptionError)}>
        <Input.TextArea rows={3} maxLength={2000} showCount />
      </Form.Item>
    </FormDrawer>
  );
}
