import { useEffect, useState } from 'react';
import { Col, Form, Input, InputNumber, Modal, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AgentItem } from '@stock-admin/contracts';
import { feedback } from '../../../lib/feedback';
import { agentCalls } from '../api';
import { UserAgentSelect } from '../../../shared/components/AccountPickers';
import { percentToRate, rateToPercent } from '../../../shared/decimal';
import { showFieldError } from '../../../lib/serverErrors';

const RATES = ['feeRate', 'deferralRate', 'profitRate'] as const;

interface AgentForm {
  name: string;
  realName?: string;
  phone: string;
  password?: string;
  parentId?: number;
  feeRate?: string;
  deferralRate?: string;
  profitRate?: string;
  locked?: boolean;
  remark?: string;
}

/**
 * Add or edit an agent: name, real name, phone, password (required when adding), parent (none = a top
 * agent), commission rates typed as percentages (sent as fractions, exact), lock, remark.
 */
export function AgentFormModal({
  open,
  agent,
  parent,
  onClose,
  onDone,
}: {
  open: boolean;
  /** The agent being edited; null when adding. */
  agent: AgentItem | null;
  /** Pre-selected parent when adding a sub-agent. */
  parent?: AgentItem | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AgentForm>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (agent)
      form.setFieldsValue({
        name: agent.name,
        realName: agent.realName,
        phone: agent.phone,
        parentId: agent.parentId ?? undefined,
        feeRate: rateToPercent(agent.feeRate),
        deferralRate: rateToPercent(agent.deferralRate),
        profitRate: rateToPercent(agent.profitRate),
        locked: agent.locked,
        remark: agent.remark,
      });
    else if (parent) form.setFieldsValue({ parentId: parent.id });
  }, [open, agent, parent, form]);

  const save = async () => {
    const v = await form.validateFields();
    const rates = Object.fromEntries(
      RATES.map((k) => [k, v[k] === undefined || v[k] === null || v[k] === '' ? undefined : percentToRate(v[k])]),
    );
    setSaving(true);
    try {
      const r = agent
        ? await agentCalls.update({
            id: agent.id,
            name: v.name.trim(),
            realName: (v.realName ?? '').trim(),
            phone: v.phone.trim(),
            password: v.password || undefined,
            parentId: (v.parentId ?? 0) !== (agent.parentId ?? 0) ? (v.parentId ?? 0) : undefined,
            ...rates,
            locked: v.locked,
            remark: (v.remark ?? '').trim(),
          })
        : await agentCalls.add({
            name: v.name.trim(),
            realName: v.realName?.trim() || undefined,
            phone: v.phone.trim(),
            password: v.password!,
            parentId: v.parentId || undefined,
            ...rates,
            remark: v.remark?.trim() || undefined,
          });
      feedback.message.success(r.msg);
      onDone();
    } catch (e) {
      showFieldError(form, e, ['name', 'realName', 'phone', 'password', 'parentId', ...RATES, 'remark']);
    } finally {
      setSaving(false);
    }
  };

  const rateItem = (k: (typeof RATES)[number]) => (
    <Col span={8} key={k}>
      <Form.Item
        name={k}
        label={t(`agents.col.${k}`)}
        rules={[
          {
            validator: (_, v) =>
              v === undefined || v === null || v === '' || percentToRate(v) !== null
                ? Promise.resolve()
                : Promise.reject(new Error(t('agents.form.rateInvalid'))),
          },
        ]}
      >
        <InputNumber<string> stringMode min="0" max="100" addonAfter="%" style={{ width: '100%' }} data-testid={`agent-${k}`} />
      </Form.Item>
    </Col>
  );

  return (
    <Modal
      open={open}
      title={agent ? t('agents.form.editTitle', { name: agent.name }) : t('agents.form.addTitle')}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      destroyOnHidden
      maskClosable={false}
      width={620}
      okButtonProps={{ 'data-testid': 'agent-form-ok' }}
    >
      <Form form={form} layout="vertical" data-testid="agent-form">
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="name"
              label={t('agents.col.name')}
              rules={[{ required: true, whitespace: true, message: t('agents.form.nameRequired') }, { max: 50 }]}
            >
              <Input maxLength={50} data-testid="agent-name" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="realName" label={t('agents.col.realName')} rules={[{ max: 50 }]}>
              <Input maxLength={50} data-testid="agent-realname" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="phone"
              label={t('agents.col.phone')}
              rules={[
                { required: true, message: t('field.phoneRequired') },
                { pattern: /^1\d{10}$/, message: t('field.phoneInvalid') },
              ]}
            >
              <Input maxLength={11} autoComplete="off" data-testid="agent-phone" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="password"
              label={t('field.password')}
              extra={agent ? t('agents.form.passwordKeep') : undefined}
              rules={[
                { required: !agent, message: t('field.passwordRequired') },
                { min: 6, max: 64, message: t('field.passwordLength') },
              ]}
            >
              <Input.Password autoComplete="new-password" data-testid="agent-password" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="parentId" label={t('agents.col.parent')} extra={t('agents.form.parentHint')}>
              <UserAgentSelect initialLabel={agent?.parentName ?? parent?.name} testId="agent-parent" />
            </Form.Item>
          </Col>
          {RATES.map(rateItem)}
          {agent && (
            <Col span={24}>
              <Form.Item name="locked" label={t('agents.col.locked')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          )}
          <Col span={24}>
            <Form.Item name="remark" label={t('common.remark')} rules={[{ max: 500 }]}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
