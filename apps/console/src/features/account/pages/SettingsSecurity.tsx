import { useState } from 'react';
import { Alert, Button, Card, Form, Input, List, Modal, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GoogleEnrolment } from '@stock-admin/contracts';
import { Access } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { PasswordMeter } from '../../../shared/components/PasswordMeter';
import { TotpEnrolment } from '../../../shared/components/TotpEnrolment';
import { showFieldError } from '../../../lib/serverErrors';
import { fmtTime } from '../../../shared/format';
import { accountCalls } from '../api';
import { PROFILE_KEY, useProfile } from '../useProfile';
import { useQueryClient } from '@tanstack/react-query';
import '../account.css';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Change password: the current one is checked by the server; the other sessions end. */
function PasswordModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const pw = Form.useWatch('newPassword', form);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await accountCalls.updatePassword(v);
      feedback.message.success(t('account.security.passwordChanged'));
      onClose();
    } catch (e) {
      showFieldError(form, e, ['oldPassword', 'newPassword', 'confirmPassword']);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('account.security.changePassword')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'password-ok' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="change-password">
        <Form.Item
          name="oldPassword"
          label={t('account.security.oldPassword')}
          rules={[{ required: true, message: t('account.security.oldRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('account.security.newPassword')}
          extra={pw ? <PasswordMeter value={pw} /> : undefined}
          rules={[
            { required: true, message: t('account.security.newRequired') },
            { min: 6, max: 64, message: t('account.security.newLength') },
            ({ getFieldValue }) => ({
              validator: (_r, v: string) =>
                v && v === getFieldValue('oldPassword') ? Promise.reject(new Error(t('account.security.newSame'))) : Promise.resolve(),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('account.security.confirmPassword')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('account.security.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_r, v: string) =>
                !v || v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('account.security.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Two-factor sign-in of the admin's own account: enrol with a QR code and a code; turning it off needs a code too. */
function GoogleModal({ enabled, onClose, onChanged }: { enabled: boolean; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  const [enrolment, setEnrolment] = useState<GoogleEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    try {
      await fn();
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  };
  const issue = () => run(async () => setEnrolment(await accountCalls.getGoogle()));
  const apply = (action: 'enable' | 'disable', googleCode: string) =>
    run(async () => {
      await accountCalls.updateGoogle({ action, googleCode });
      feedback.message.success(t(action === 'enable' ? 'account.security.googleEnabled' : 'account.security.googleDisabled'));
      onChanged();
      onClose();
    });
  return (
    <Modal open title={t('account.security.google')} onCancel={onClose} footer={null} width={600} destroyOnHidden>
      {enabled ? (
        <>
          <Typography.Paragraph>{t('account.security.disableHint')}</Typography.Paragraph>
          <Space.Compact style={{ width: '100%', maxWidth: 360 }}>
            <Input
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
              placeholder={t('google.codePlaceholder')}
              inputMode="numeric"
              maxLength={6}
              data-testid="google-off-code"
            />
            <Button
              danger
              disabled={!/^\d{6}$/.test(code)}
              loading={busy}
              onClick={() => void apply('disable', code)}
              data-testid="google-off"
            >
              {t('account.security.googleTurnOff')}
            </Button>
          </Space.Compact>
        </>
      ) : enrolment ? (
        <TotpEnrolment enrolment={enrolment} busy={busy} onConfirm={(c) => void apply('enable', c)} />
      ) : (
        <>
          <Typography.Paragraph>{t('account.security.enrolHint')}</Typography.Paragraph>
          <Button type="primary" loading={busy} onClick={() => void issue()} data-testid="google-start">
            {t('account.security.googleStart')}
          </Button>
        </>
      )}
    </Modal>
  );
}

/** 安全设置: password and two-factor sign-in. */
export default function SettingsSecurity() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useProfile();
  const p = q.data;
  const [modal, setModal] = useState<'password' | 'google' | null>(null);
  return (
    <Card className="account-page" title={t('account.menu.security')} data-testid="page-account-security">
      {!p ? (
        <Skeleton active />
      ) : (
        <>
          {p.googlePending && !p.googleEnabled && (
            <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('account.security.pendingHint')} />
          )}
          {/* items given as data: antd then renders the list as <ul>, its <li> items in one (WCAG 1.3.1) */}
          <List
            itemLayout="horizontal"
            dataSource={[
              <List.Item
                key="password"
                actions={[
                  <Access key="pw" action="edit">
                    <a onClick={() => setModal('password')} data-testid="security-password">
                      {t('account.security.change')}
                    </a>
                  </Access>,
                ]}
              >
                <List.Item.Meta title={t('account.security.password')} description={t('account.security.passwordDesc')} />
              </List.Item>,
              <List.Item
                key="google"
                actions={[
                  <Access key="google" action="edit">
                    <a onClick={() => setModal('google')} data-testid="security-google">
                      {p.googleEnabled ? t('account.security.googleTurnOff') : t('account.security.googleBind')}
                    </a>
                  </Access>,
                ]}
              >
                <List.Item.Meta
                  title={
                    <Space>
                      {t('account.security.google')}
                      <Tag color={p.googleEnabled ? 'green' : 'default'} data-testid="security-google-state">
                        {t(p.googleEnabled ? 'account.security.googleOn' : 'account.security.googleOff')}
                      </Tag>
                    </Space>
                  }
                  description={t('account.security.googleDesc')}
                />
              </List.Item>,
              <List.Item key="lastLogin">
                <List.Item.Meta
                  title={t('account.security.lastLogin')}
                  description={p.lastLoginAt ? `${fmtTime(p.lastLoginAt)} · ${p.lastLoginIp ?? ''}` : '-'}
                />
              </List.Item>,
            ]}
            renderItem={(item) => item}
          />
        </>
      )}
      {modal === 'password' && <PasswordModal onClose={() => setModal(null)} />}
      {modal === 'google' && p && (
        <GoogleModal
          enabled={p.googleEnabled}
          onClose={() => setModal(null)}
          onChanged={() => void qc.invalidateQueries({ queryKey: PROFILE_KEY })}
        />
      )}
    </Card>
  );
}
