import { useEffect, useState } from 'react';
import { Form, Input, Modal, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { AccountType, usersApi, type InputOf, type UserItem } from '@stock-admin/contracts';
import { useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { userCalls } from '../api';
import { showFieldError } from '../../../lib/serverErrors';
import { AmountInput } from '../../../shared/components/Money';
import { UserAgentSelect, TierSelect } from '../../../shared/components/AccountPickers';

const PHONE = /^1\d{10}$/;

interface AddForm {
  accountType: 0 | 1;
  phone: string;
  password: string;
  nickName?: string;
  realName?: string;
  agentId?: number;
  amount?: string;
  remark?: string;
}

/** 添加账户: a simulated (default) or real account, optionally under an agent, with an opening balance. */
export function AddUserModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const [form] = Form.useForm<AddForm>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const r = await userCalls.addSimulatedAccount({
        accountType: v.accountType,
        phone: v.phone.trim(),
        password: v.password,
        nickName: v.nickName?.trim() || undefined,
        realName: v.realName?.trim() || undefined,
        agentId: v.agentId || undefined,
        amount: v.amount || undefined,
        remark: v.remark?.trim() || undefined,
      });
      feedback.message.success(r.msg);
      onDone();
    } catch (e) {
      showFieldError(form, e, ['phone', 'password', 'nickName', 'realName', 'agentId', 'amount', 'remark', 'accountType']);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('users.add.title')}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      destroyOnHidden
      maskClosable={false}
      okButtonProps={{ 'data-testid': 'add-user-ok' }}
    >
      <Form form={form} layout="vertical" initialValues={{ accountType: AccountType.SIMULATED }} data-testid="add-user-form">
        <Form.Item name="accountType" label={t('field.accountType')} rules={[{ required: true }]}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: AccountType.SIMULATED, label: t('users.add.simulated') },
              { value: AccountType.REAL, label: t('users.add.real') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('users.col.phone')}
          rules={[
            { required: true, message: t('field.phoneRequired') },
            { pattern: PHONE, message: t('field.phoneInvalid') },
          ]}
        >
          <Input maxLength={11} autoComplete="off" data-testid="add-user-phone" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('field.password')}
          rules={[
            { required: true, message: t('field.passwordRequired') },
            { min: 6, max: 64, message: t('field.passwordLength') },
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="add-user-password" />
        </Form.Item>
        <Form.Item name="nickName" label={t('users.col.nickName')} rules={[{ max: 50 }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="realName" label={t('users.col.realName')} rules={[{ max: 50 }]}>
          <Input maxLength={50} data-testid="add-user-realname" />
        </Form.Item>
        {can('agentlist', 'query') && (
          <Form.Item name="agentId" label={t('field.agent')} extra={t('users.add.agentHint')}>
            <UserAgentSelect testId="add-user-agent" />
          </Form.Item>
        )}
        <Form.Item name="amount" label={t('users.add.amount')} extra={t('users.add.amountHint')}>
          <AmountInput placeholder="0.00" data-testid="add-user-amount" />
        </Form.Item>
        <Form.Item name="remark" label={t('common.remark')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface EditForm {
  phone: string;
  nickName?: string;
  realName?: string;
  idNumber?: string;
  agentId?: number;
  layeringId?: number;
  layeringPinned?: boolean;
  password?: string;
  remark?: string;
}

/** 编辑用户: profile, agent, tier, password reset, remark (update.do; only changed fields are sent). */
export function EditUserModal({ user, onClose, onDone }: { user: UserItem | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const [form] = Form.useForm<EditForm>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!user) return;
    form.resetFields();
    form.setFieldsValue({
      phone: user.phone,
      nickName: user.nickName,
      realName: user.realName ?? '',
      agentId: user.agentId ?? 0,
      layeringId: user.layeringId ?? 0,
      layeringPinned: user.layeringPinned,
      remark: user.remark,
    });
  }, [user, form]);

  const save = async () => {
    if (!user) return;
    const v = await form.validateFields();
    const input: InputOf<typeof usersApi.update> = { id: user.id };
    if (v.phone.trim() !== user.phone) input.phone = v.phone.trim();
    if ((v.nickName ?? '').trim() !== user.nickName) input.nickName = (v.nickName ?? '').trim();
    if ((v.realName ?? '').trim() !== (user.realName ?? '')) input.realName = (v.realName ?? '').trim();
    if (v.idNumber?.trim()) input.idNumber = v.idNumber.trim();
    if (v.agentId !== undefined && (v.agentId ?? 0) !== (user.agentId ?? 0)) input.agentId = v.agentId ?? 0;
    if (v.layeringId !== undefined && (v.layeringId ?? 0) !== (user.layeringId ?? 0)) input.layeringId = v.layeringId ?? 0;
    if (v.layeringPinned !== undefined && v.layeringPinned !== user.layeringPinned) input.layeringPinned = v.layeringPinned;
    if (v.password) input.password = v.password;
    if ((v.remark ?? '') !== user.remark) input.remark = v.remark ?? '';
    if (Object.keys(input).length === 1) {
      feedback.message.info(t('users.form.nothingChanged'));
      return;
    }
    setSaving(true);
    try {
      const r = await userCalls.update(input);
      feedback.message.success(r.msg);
      onDone();
    } catch (e) {
      showFieldError(form, e, ['phone', 'nickName', 'realName', 'idNumber', 'agentId', 'layeringId', 'password', 'remark']);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!user}
      title={t('users.edit.title', { phone: user?.phone ?? '' })}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      destroyOnHidden
      maskClosable={false}
      width={560}
    >
      <Form form={form} layout="vertical" data-testid="edit-user-form">
        <Form.Item
          name="phone"
          label={t('users.col.phone')}
          rules={[
            { required: true, message: t('field.phoneRequired') },
            { pattern: PHONE, message: t('field.phoneInvalid') },
          ]}
        >
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item name="nickName" label={t('users.col.nickName')} rules={[{ max: 50 }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="realName" label={t('users.col.realName')} rules={[{ max: 50 }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="idNumber"
          label={t('users.col.idNumber')}
          extra={t('users.edit.idKeep', { id: user?.idNumber ?? '-' })}
          rules={[{ pattern: /^(\d{17}[\dXx]|\d{15})$/, message: t('users.form.idInvalid') }]}
        >
          <Input maxLength={18} autoComplete="off" />
        </Form.Item>
        {can('agentlist', 'query') && (
          <Form.Item name="agentId" label={t('field.agent')}>
            <UserAgentSelect allowNone allowClear={false} initialLabel={user?.agentName} />
          </Form.Item>
        )}
        {can('layeringlist', 'query') && (
          <Form.Item label={t('users.col.tier')} style={{ marginBottom: 0 }}>
            <div style={{ display: 'flex', gap: 16, alignItems: 'baseline' }}>
              <Form.Item name="layeringId" style={{ flex: 1 }}>
                <TierSelect allowNone allowClear={false} />
              </Form.Item>
              <Form.Item name="layeringPinned" valuePropName="checked" label={null}>
                <Switch checkedChildren={t('users.edit.pinned')} unCheckedChildren={t('users.edit.auto')} />
              </Form.Item>
            </div>
          </Form.Item>
        )}
        <Form.Item
          name="password"
          label={t('users.edit.password')}
          extra={t('users.edit.passwordHint')}
          rules={[{ min: 6, max: 64, message: t('field.passwordLength') }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="remark" label={t('common.remark')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Batch move: to an agent or to a tier (0 = none) for the selected users. */
export function BatchMoveModal({
  mode,
  ids,
  onClose,
  onDone,
}: {
  mode: 'agent' | 'tier' | null;
  ids: number[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ target: number }>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (mode) form.resetFields();
  }, [mode, form]);
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const r = await userCalls.updateList({
        ids: ids.join(','),
        ...(mode === 'agent' ? { agentId: v.target } : { layeringId: v.target }),
      });
      feedback.message.success(r.msg);
      onDone();
    } catch {
      /* shown by the client */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={!!mode}
      title={
        mode === 'agent' ? t('users.batch.moveAgentTitle', { count: ids.length }) : t('users.batch.moveTierTitle', { count: ids.length })
      }
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="batch-move-form">
        <Form.Item
          name="target"
          label={mode === 'agent' ? t('field.agent') : t('users.col.tier')}
          rules={[{ required: true, message: t('common.selectRequired') }]}
        >
          {mode === 'agent' ? <UserAgentSelect allowNone testId="batch-agent" /> : <TierSelect allowNone data-testid="batch-tier" />}
        </Form.Item>
      </Form>
    </Modal>
  );
}
