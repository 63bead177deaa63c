import { Descriptions, Form, Input, InputNumber, Select, Space, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EditorProps } from '../../../shared/list/CrudList';
import { MARKETS, type StockItem } from '@stock-admin/contracts';
import { FormDrawer } from '../../../shared/components/FormDrawer';
import { stockCalls } from '../api';
import { checkRule } from './rules';
import {
  NEW_STOCK,
  formToStockAdd,
  formToStockUpdate,
  nameError,
  rateError,
  stockCodeError,
  stockCodePreview,
  stockToForm,
  type StockFormValues,
} from '../lib/forms';

const FIELDS = ['market', 'code', 'name', 'spreadRate', 'shown'];

/**
 * Add or edit a stock. Adding: market, code (checked against the market's prefixes as it is typed; the
 * board and gid it gives are shown), name, spread rate, shown. Editing: name and spread rate; code and
 * market are the stock's identity and stay.
 */
export function StockFormDrawer({ open, record: stock, onClose, onSaved }: EditorProps<StockItem>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<StockFormValues>();
  const market = Form.useWatch('market', form);
  const code = Form.useWatch('code', form);
  const preview = stock ? null : stockCodePreview(market, code);

  const save = async (values: StockFormValues) => {
    if (stock) await stockCalls.stockUpdate(formToStockUpdate(stock.id, values));
    else await stockCalls.stockAdd(formToStockAdd(values));
    return t(stock ? 'products.msg.updated' : 'products.msg.added');
  };

  return (
    <FormDrawer<StockFormValues>
      open={open}
      record={stock}
      form={form}
      width={480}
      title={t(stock ? 'products.stock.editTitle' : 'products.stock.addTitle')}
      initial={() => (stock ? stockToForm(stock) : NEW_STOCK)}
      save={save}
      fields={FIELDS}
      onClose={onClose}
      onSaved={onSaved}
      okText={t('products.common.save')}
      saveTestId="stock-form-ok"
      formTestId="stock-form"
      formName="stock"
    >
      {stock ? (
        <Descriptions size="small" column={1} bordered style={{ marginBottom: 24 }}>
          <Descriptions.Item label={t('products.col.code')}>{stock.code}</Descriptions.Item>
          <Descriptions.Item label={t('products.col.market')}>{t(`products.market.${stock.market}`)}</Descriptions.Item>
          <Descriptions.Item label={t('products.col.board')}>{t(`products.board.${stock.board}`)}</Descriptions.Item>
          <Descriptions.Item label="GID">{stock.gid}</Descriptions.Item>
        </Descriptions>
      ) : (
        <>
          <Form.Item name="market" label={t('products.col.market')} rules={[{ required: true, message: t('products.form.err.required') }]}>
            <Select
              options={MARKETS.map((m) => ({ value: m, label: t(`products.market.${m}`) }))}
              onChange={() => code && void form.validateFields(['code']).catch(() => undefined)}
              data-testid="stock-form-market"
            />
          </Form.Item>
          <Form.Item
            name="code"
            label={t('products.col.code')}
            dependencies={['market']}
            rules={checkRule(t, (v) => stockCodeError(market, v), true)}
            extra={
              preview ? (
                <Space size={4} data-testid="stock-form-preview">
                  <Tag color="blue">{t(`products.board.${preview.board}`)}</Tag>
                  <Typography.Text type="secondary">{preview.gid}</Typography.Text>
                </Space>
              ) : (
                t('products.form.codeHint')
              )
            }
          >
            <Input maxLength={6} inputMode="numeric" placeholder="600519" data-testid="stock-form-code" />
          </Form.Item>
        </>
      )}
      <Form.Item name="name" label={t('products.col.name')} rules={checkRule(t, nameError, true)}>
        <Input maxLength={60} placeholder={t('products.form.namePlaceholder')} data-testid="stock-form-name" />
      </Form.Item>
      <Form.Item
        name="spreadRate"
        label={t('products.col.spreadRate')}
        rules={checkRule(t, rateError)}
        extra={t(stock ? 'products.form.rateKeepHint' : 'products.form.rateHint')}
      >
        <InputNumber<string> stringMode style={{ width: '100%' }} step="0.0001" placeholder="0.001" data-testid="stock-form-rate" />
      </Form.Item>
      {!stock && (
        <Form.Item name="shown" label={t('products.col.shown')} valuePropName="checked">
          <Switch />
        </Form.Item>
      )}
    </FormDrawer>
  );
}
