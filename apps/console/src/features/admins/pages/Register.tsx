import { useEffect, useMemo, useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { LockOutlined, MailOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../lib/feedback';
import { RequestError } from '../../../lib/request';
import { PasswordMeter } from '../../../shared/components/PasswordMeter';
import { checkPhone, registerRules } from '../../../shared/registerRules';
import { registerCalls } from '../registerApi';
import '../admins.css';

interface Values {
  email: string;
  password: string;
  confirmPassword: string;
  phone: string;
  code: string;
  adminName?: string;
}

/** Seconds before a new code may be asked for when the server does not say. */
const DEFAULT_RESEND = 60;

/** Counts down to 0 once a second. */
function useCountdown(): [number, (s: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}

/**
 * Public registration (spec §2 /user/register, §5 locale texts): e-mail, password with the strength meter,
 * confirmation, phone with an SMS code. The request waits for the super-user to activate it (24 hours).
 */
export default function Register() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const rules = useMemo(() => registerRules(t), [t]);
  const password = Form.useWatch('password', form);
  const [left, setLeft] = useCountdown();
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);

  const sendCode = async () => {
    try {
      await form.validateFields(['phone']);
    } catch {
      return;
    }
    const phone = String(form.getFieldValue('phone') ?? '').trim();
    if (checkPhone(phone)) return;
    setSending(true);
    try {
      const r = await registerCalls.sendCode(phone);
      setLeft(r.resendAfter || DEFAULT_RESEND);
      feedback.message.success(t('admins.register.codeSent'));
    } catch (e) {
      // "Too frequent" names the seconds to wait; keep the button counting down meanwhile.
      const m = e instanceof RequestError ? /(\d+)\s*(秒|seconds)/.exec(e.message) : null;
      if (m) setLeft(Number(m[1]));
    } finally {
      setSending(false);
    }
  };

  const onFinish = async (v: Values) => {
    setBusy(true);
    try {
      const r = await registerCalls.register({
        email: v.email.trim(),
        password: v.password,
        confirmPassword: v.confirmPassword,
        phone: v.phone.trim(),
        code: v.code.trim(),
        adminName: v.adminName?.trim() || undefined,
      });
      const q = new URLSearchParams({ email: v.email.trim(), expiresAt: r.expiresAt, hours: String(r.validHours) });
      navigate(`/user/register-result?${q.toString()}`, { replace: true });
    } catch {
      /* the server's message was shown by the request client */
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="register-main" data-testid="page-register">
      <div className="register-title">{t('admins.register.title')}</div>
      <Form<Values> form={form} name="register" size="large" onFinish={onFinish} requiredMark={false} autoComplete="off">
        <Form.Item name="email" rules={rules.email} validateTrigger={['onBlur', 'onChange']}>
          <Input prefix={<MailOutlined />} placeholder={t('admins.register.email')} autoComplete="email" maxLength={128} />
        </Form.Item>
        <Form.Item name="password" rules={rules.password} extra={password ? <PasswordMeter value={password} /> : undefined}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('admins.register.password')}
            autoComplete="new-password"
            maxLength={64}
          />
        </Form.Item>
        <Form.Item name="confirmPassword" dependencies={['password']} rules={[rules.confirm]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('admins.register.confirmPassword')}
            autoComplete="new-password"
            maxLength={64}
          />
        </Form.Item>
        <Form.Item name="phone" rules={rules.phone}>
          <Input prefix={<MobileOutlined />} placeholder={t('admins.register.phone')} inputMode="tel" maxLength={11} autoComplete="tel" />
        </Form.Item>
        <Form.Item required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" rules={rules.code} noStyle>
              <Input prefix={<SafetyOutlined />} placeholder={t('admins.register.code')} inputMode="numeric" maxLength={8} />
            </Form.Item>
            <Button
              onClick={() => void sendCode()}
              loading={sending}
              disabled={left > 0}
              data-testid="register-send-code"
              style={{ minWidth: 128 }}
            >
              {left > 0 ? t('admins.register.resendIn', { seconds: left }) : t('admins.register.getCode')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="adminName" rules={[{ max: 64 }]}>
          <Input prefix={<UserOutlined />} placeholder={t('admins.register.name')} maxLength={64} />
        </Form.Item>
        <Form.Item>
          <div className="register-footer">
            <Button type="primary" htmlType="submit" loading={busy} data-testid="register-submit" style={{ minWidth: 140 }}>
              {t('admins.register.submit')}
            </Button>
            <Link to="/user/login" data-testid="register-to-login">
              {t('admins.register.toLogin')}
            </Link>
          </div>
        </Form.Item>
      </Form>
    </div>
  );
}
