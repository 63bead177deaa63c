import { isHeldError } from '../../../lib/request';
import { HeldHint } from '../../../shared/approvalHint';
import { useMemo, useState } from 'react';
import { Alert, Form, Input, Modal, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RoleRecord } from '@stock-admin/contracts';
import { hasAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { useUserInfo } from '../../../lib/session';
import { showFieldError } from '../../../lib/serverErrors';
import { roleCalls } from '../../../shared/api/roles';
import { gridFromEntries, gridToPayload, type CellGuard, type Grid } from '../lib/permissionGrid';
import { routedPermissions } from '../../../lib/routing';
import { useShellRoutes } from '../../../shared/shellRoutes';
import { useRestoreFocus } from '../../../shared/useRestoreFocus';
import { PermissionGrid } from './PermissionGrid';

interface Values {
  name: string;
  describe?: string;
}

/** Create or edit a role: name, description and the permission grid. */
export function RoleFormModal({
  record,
  readOnly,
  onClose,
  onSaved,
}: {
  record: RoleRecord | null;
  readOnly?: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  useRestoreFocus();
  const info = useUserInfo();
  const [form] = Form.useForm<Values>();
  const original = useMemo(() => gridFromEntries(record?.permissions), [record]);
  const [grid, setGrid] = useState<Grid>(original);
  const [busy, setBusy] = useState(false);
  const catalogue = useQuery({
    queryKey: ['admins', 'permissionCatalogue', i18n.language],
    queryFn: () => roleCalls.permissions(),
    staleTime: 60_000,
  });
  const grantable = useMemo(() => new Map((catalogue.data?.permissions ?? []).map((p) => [p.key, p.grantable])), [catalogue.data]);

  // Only permissions some built page needs, and whatever the role already holds (never dropped unseen).
  const shellRoutes = useShellRoutes();
  const routed = useMemo(() => routedPermissions(shellRoutes), [shellRoutes]);
  const shown = (k: string) => routed.has(k) || !!original[k]?.length;

  // Super-only rows never; beyond that, what the editing admin holds (or the role already had).
  const editable: CellGuard = (k, a) => !!grantable.get(k) && (!!info?.isSuper || hasAccess(info, k, a) || !!original[k]?.includes(a));

  const submit = async () => {
    const v = await form.validateFields();
    if (!catalogue.data) return;
    const permissions = gridToPayload(grid, catalogue.data.permissions, original);
    setBusy(true);
    try {
      if (record) await roleCalls.update({ id: record.id, name: v.name.trim(), describe: (v.describe ?? '').trim(), permissions });
      else await roleCalls.add({ name: v.name.trim(), describe: (v.describe ?? '').trim(), permissions });
      feedback.message.success(t(record ? 'roles.msg.updated' : 'roles.msg.added'));
      onSaved();
    } catch (e) {
      if (isHeldError(e)) onSaved();
      else showFieldError(form, e, ['name', 'describe']);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      width={1020}
      title={
        readOnly ? t('roles.viewTitle', { name: record?.name }) : record ? t('roles.editTitle', { name: record.name }) : t('roles.addTitle')
      }
      onCancel={onClose}
      onOk={readOnly ? onClose : () => void submit()}
      cancelButtonProps={readOnly ? { style: { display: 'none' } } : undefined}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'role-form-ok' }}
      destroyOnHidden
    >
      <HeldHint operation="access" />
      <Form
        form={form}
        layout="inline"
        name="role-form"
        initialValues={{ name: record?.name ?? '', describe: record?.describe ?? '' }}
        disabled={readOnly}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item
          name="name"
          label={t('roles.col.name')}
          rules={[{ required: true, whitespace: true, message: t('roles.nameRequired') }, { max: 32 }]}
        >
          <Input maxLength={32} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="describe" label={t('roles.col.describe')} rules={[{ max: 200 }]} style={{ flex: 1 }}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
      {record?.builtin && !readOnly && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('roles.builtinHint')} />}
      {!info?.isSuper && !readOnly && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('roles.ownHint')} />}
      {catalogue.data ? (
        <PermissionGrid catalogue={catalogue.data} value={grid} onChange={setGrid} editable={editable} readOnly={readOnly} shown={shown} />
      ) : (
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin />
        </div>
      )}
    </Modal>
  );
}
