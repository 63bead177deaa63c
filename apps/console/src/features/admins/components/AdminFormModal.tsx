import { isHeldError } from '../../../lib/request';
import { HeldHint } from '../../../shared/approvalHint';
import { useEffect, useState } from 'react';
import { Alert, Form, Input, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminRecord, RoleRecord } from '@stock-admin/contracts';
import { feedback } from '../../../lib/feedback';
import { showFieldError } from '../../../lib/serverErrors';
import { adminCalls } from '../api';
import { AgentSelect } from './AgentSelect';

interface Values {
  adminUtopia: string;
  adminName: string;
  password?: string;
  roleId?: number;
  agentId?: number | null;
  phone?: string;
  email?: string;
  chatEnabled?: boolean;
}

const FIELDS = ['adminUtopia', 'adminName', 'password', 'roleId', 'agentId', 'phone', 'email'];
export const LOGIN_RE = /^[A-Za-z0-9_.@-]{3,32}$/;
const PHONE_RE = /^1[3-9]\d{9}$/;

/** Add / edit an admin account (login `adminUtopia`, display name `adminName`, password, role, bound agent). */
export function AdminFormModal({
  record,
  roles,
  selfId,
  isSuper,
  onClose,
  onSaved,
}: {
  /** null = new account. */
  record: AdminRecord | null;
  roles: RoleRecord[];
  selfId: number | undefined;
  isSuper: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const roleId = Form.useWatch('roleId', form);
  const isNew = !record;
  const isSelf = !!record && record.id === selfId;
  const superTarget = !!record?.isSuper;
  const agentRole = roles.find((r) => r.id === roleId)?.code === 'agent';

  useEffect(() => {
    form.resetFields();
    if (record)
      form.setFieldsValue({
        adminUtopia: record.adminUtopia,
        adminName: record.adminName,
        roleId: record.roleId,
        agentId: record.agentId,
        phone: record.phone ?? undefined,
        email: record.email ?? undefined,
      });
    else form.setFieldsValue({ chatEnabled: false });
  }, [record, form]);

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const common = {
        adminName: v.adminName.trim(),
        phone: v.phone?.trim() || undefined,
        email: v.email?.trim() || undefined,
      };
      if (isNew) {
        await adminCalls.add({
          ...common,
          adminUtopia: v.adminUtopia.trim(),
          password: v.password!,
          roleId: v.roleId!,
          agentId: agentRole ? (v.agentId ?? undefined) : undefined,
          chatEnabled: !!v.chatEnabled,
        });
        feedback.message.success(t('admins.msg.added'));
      } else {
        await adminCalls.update({
          ...common,
          id: record.id,
          adminUtopia: superTarget || v.adminUtopia.trim() === record.adminUtopia ? undefined : v.adminUtopia.trim(),
          password: v.password || undefined,
          roleId: v.roleId === record.roleId ? undefined : v.roleId,
          // Only the agent role is bound to an agent; changing away from it unbinds.
          agentId: agentRole ? (v.agentId ?? null) : record.agentId != null ? null : undefined,
        });
        feedback.message.success(t('admins.msg.updated'));
      }
      onSaved();
    } catch (e) {
      // held for a second administrator: the dialog is done (the queue has the request)
      if (isHeldError(e)) onSaved();
      else showFieldError(form, e, FIELDS);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={isNew ? t('admins.form.addTitle') : t('admins.form.editTitle', { name: record.adminName })}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      destroyOnHidden
      width={560}
      okButtonProps={{ 'data-testid': 'admin-form-ok' }}
    >
      <HeldHint operation="access" />
      <Form form={form} layout="vertical" name="admin-form" requiredMark>
        <Form.Item
          name="adminUtopia"
          label={t('admins.col.login')}
          extra={t('admins.form.loginHint')}
          rules={[
            { required: true, whitespace: true, message: t('admins.form.loginRequired') },
            { pattern: LOGIN_RE, message: t('admins.form.loginFormat') },
          ]}
        >
          <Input autoComplete="off" disabled={superTarget} maxLength={32} />
        </Form.Item>
        <Form.Item
          name="adminName"
          label={t('admins.col.name')}
          rules={[{ required: true, whitespace: true, message: t('admins.form.nameRequired') }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        {isSelf ? (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('admins.form.selfPassword')} />
        ) : (
          <Form.Item
            name="password"
            label={isNew ? t('admins.form.password') : t('admins.form.newPassword')}
            extra={isNew ? undefined : t('admins.form.passwordKeep')}
            rules={[
              { required: isNew, message: t('admins.form.passwordRequired') },
              { min: 6, max: 64, message: t('admins.form.passwordLength') },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item name="roleId" label={t('admins.col.role')} rules={[{ required: true, message: t('admins.form.roleRequired') }]}>
          <Select
            disabled={(isSelf && !isSuper) || superTarget}
            options={roles.filter((r) => r.code !== 'super' || superTarget).map((r) => ({ value: r.id, label: r.name }))}
            placeholder={t('admins.form.rolePlaceholder')}
            data-testid="admin-role-select"
          />
        </Form.Item>
        {agentRole && (
          <Form.Item
            name="agentId"
            label={t('admins.col.agent')}
            extra={t('admins.form.agentHint')}
            rules={[{ required: true, message: t('admins.form.agentRequired') }]}
          >
            <AgentSelect />
          </Form.Item>
        )}
        <Form.Item name="phone" label={t('admins.col.phone')} rules={[{ pattern: PHONE_RE, message: t('admins.form.phoneFormat') }]}>
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item name="email" label={t('admins.col.email')} rules={[{ type: 'email', message: t('admins.form.emailFormat') }]}>
          <Input maxLength={128} />
        </Form.Item>
        {isNew && (
          <Form.Item name="chatEnabled" label={t('admins.col.chat')} valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
