import { HeldHint } from '../../../shared/approvalHint';
import { useEffect } from 'react';
import { Button, Drawer, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { SPREAD_RULE_TYPES, addSpreadRuleInput, type SpreadRuleItem } from '@stock-admin/contracts';
import { feedback } from '../../../lib/feedback';
import type { EditorProps } from '../../../shared/list/CrudList';
import { useFormSave } from '../../../shared/useFormSave';
import { riskCalls } from '../api';
import { NEW_RULE, bandUnit, formToInput, isBand, ruleToForm, type SpreadForm } from '../lib/spread';
import { checkWith } from '../lib/validate';

const FIELDS = ['type', 'start', 'end', 'prefix', 'ratePct', 'enabled', 'note'];

/** Add or edit a spread rule: its type, the band (start, end) or the code prefix, the rate %, enabled, a note. */
export function SpreadDrawer({ open, record: rule, onClose, onSaved }: EditorProps<SpreadRuleItem>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SpreadForm>();
  const { busy: saving, submit } = useFormSave(form, { fields: FIELDS, onHeld: onSaved });
  const type = Form.useWatch('type', form) ?? 'change_pct';
  const band = isBand(type);
  const unit = bandUnit(type);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(rule ? ruleToForm(rule) : NEW_RULE);
  }, [open, rule, form]);

  const check = (name: string) => async () => {
    const mine = checkWith(addSpreadRuleInput, formToInput(form.getFieldsValue(true))).find((i) => i.key === name);
    if (mine) throw new Error(t(`risk.err.${mine.code}`, mine.values));
  };
  const rules = (name: string) => [{ validator: check(name) }];

  const save = async (v: SpreadForm) => {
    const input = formToInput({ ...form.getFieldsValue(true), ...v });
    if (rule) await riskCalls.spreadUpdate({ id: rule.id, ...input });
    else await riskCalls.spreadAdd(input);
    feedback.message.success(t(rule ? 'risk.spread.updated' : 'risk.spread.added'));
    onSaved();
  };

  const bound = (name: 'start' | 'end') => (
    <Form.Item name={name} label={t(`risk.spread.${name}`)} rules={rules(name)} dependencies={name === 'end' ? ['start'] : undefined}>
      <InputNumber<string>
        stringMode
        min={type === 'change_pct' ? undefined : '0'}
        style={{ width: 200 }}
        addonBefore={unit === '¥' ? '¥' : undefined}
        addonAfter={unit === '%' ? '%' : undefined}
        data-testid={`spread-${name}`}
      />
    </Form.Item>
  );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={460}
      title={t(rule ? 'risk.spread.editTitle' : 'risk.spread.addTitle')}
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{t('risk.common.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => submit(save)} data-testid="spread-save">
            {t('risk.common.save')}
          </Button>
        </Space>
      }
    >
      <HeldHint operation="risk.settings" />
      <Form form={form} layout="vertical" name="spread-rule">
        <Form.Item name="type" label={t('risk.spread.type')} extra={t(`risk.spread.typeHelp.${type}`)}>
          <Select options={SPREAD_RULE_TYPES.map((v) => ({ value: v, label: t(`risk.spread.types.${v}`) }))} data-testid="spread-type" />
        </Form.Item>
        {band ? (
          <>
            {bound('start')}
            {bound('end')}
          </>
        ) : (
          <Form.Item name="prefix" label={t('risk.spread.prefix')} rules={rules('prefix')}>
            <Input maxLength={6} placeholder="688" style={{ width: 200 }} data-testid="spread-prefix" />
          </Form.Item>
        )}
        <Form.Item name="ratePct" label={t('risk.spread.rate')} extra={t('risk.spread.rateHelp')} rules={rules('ratePct')}>
          <InputNumber<string> stringMode min="0" max="100" step="0.01" style={{ width: 200 }} addonAfter="%" data-testid="spread-rate" />
        </Form.Item>
        <Form.Item name="enabled" label={t('risk.spread.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="note" label={t('risk.spread.note')}>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
