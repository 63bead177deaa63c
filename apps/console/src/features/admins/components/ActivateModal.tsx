import { useState } from 'react';
import { Alert, Descriptions, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { REGISTRATION_VALID_HOURS, type AdminRecord, type RoleRecord } from '@stock-admin/contracts';
import { feedback } from '../../../lib/feedback';
import { fmtTime } from '../../../shared/format';
import { adminCalls } from '../api';

/** Activates a registration request (super-user; within 24 hours of the request). */
export function ActivateModal({
  record,
  roles,
  onClose,
  onDone,
}: {
  record: AdminRecord;
  roles: RoleRecord[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [roleId, setRoleId] = useState(record.roleId);
  const [busy, setBusy] = useState(false);
  const left = record.expiresAt ? dayjs(record.expiresAt).diff(dayjs(), 'minute') : 0;
  const submit = async () => {
    setBusy(true);
    try {
      await adminCalls.activate({ id: record.id, roleId: roleId === record.roleId ? undefined : roleId });
      feedback.message.success(t('admins.activate.done'));
      onDone();
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('admins.activate.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('admins.activate.ok')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'activate-ok' }}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message={t('admins.activate.validity', { hours: REGISTRATION_VALID_HOURS })}
        description={
          left > 0
            ? t('admins.activate.left', { time: fmtTime(record.expiresAt), hours: Math.floor(left / 60), minutes: left % 60 })
            : t('admins.activate.lapsed')
        }
      />
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('admins.col.login')}>{record.adminUtopia}</Descriptions.Item>
        <Descriptions.Item label={t('admins.col.name')}>{record.adminName}</Descriptions.Item>
        <Descriptions.Item label={t('admins.col.email')}>{record.email ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('admins.col.createdAt')}>{fmtTime(record.createdAt)}</Descriptions.Item>
      </Descriptions>
      <Form layout="vertical">
        <Form.Item label={t('admins.activate.role')} extra={t('admins.activate.roleHint')}>
          <Select
            value={roleId}
            onChange={setRoleId}
            options={roles.filter((r) => r.code !== 'super' && r.code !== 'agent').map((r) => ({ value: r.id, label: r.name }))}
            data-testid="activate-role"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
