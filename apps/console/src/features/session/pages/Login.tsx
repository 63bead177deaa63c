import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button, Form, Input, type InputRef } from 'antd';
import { InfoCircleFilled, LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { dropBootSignIn, readBootSignIn, type BootSignIn } from '../../../lib/bootSignIn';
import { RequestError } from '../../../lib/request';
import { safeRedirect } from '../../../lib/routing';
import { signIn } from '../api';

interface Values {
  username: string;
  password: string;
  googleCode?: string;
}

/** Sign-in (spec §2, §4): username, password, and the authenticator code when the server asks for it. */
export default function Login() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [needCode, setNeedCode] = useState(false);
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<InputRef>(null);
  const usernameRef = useRef<InputRef>(null);
  const passwordRef = useRef<InputRef>(null);
  const [form] = Form.useForm<Values>();

  // Take over from the plain form of index.html. Its presence is read while rendering (these inputs then do not
  // autoFocus, which would take the focus from it); what was typed, where, and an Enter already pressed are read
  // when this form is committed — the operator may still type while the page renders.
  const [hadBoot] = useState(() => readBootSignIn() !== null);
  const boot = useRef<BootSignIn | null>(null);
  useLayoutEffect(() => {
    boot.current = readBootSignIn();
    dropBootSignIn();
    if (boot.current) form.setFieldsValue({ username: boot.current.username, password: boot.current.password });
  }, [form]);
  useEffect(() => {
    const b = boot.current;
    if (!b) return;
    if (b.focus) (b.focus === 'password' ? passwordRef : usernameRef).current?.focus({ cursor: 'end' });
    if (b.submit && b.username && b.password) form.submit();
  }, [form]);

  const onFinish = async (v: Values) => {
    setBusy(true);
    // the plain form's sign-in, already on its way, stands for this one while the credentials are those it sent
    const sent = boot.current?.sent;
    if (boot.current) boot.current.sent = null;
    const same = sent && sent.username === v.username && sent.password === v.password && !needCode;
    try {
      await signIn(
        { username: v.username, password: v.password, googleCode: needCode ? v.googleCode : undefined },
        same ? { sent: sent.response } : {},
      );
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (e) {
      // The request client already showed the server's message.
      if (e instanceof RequestError && (e.data as { needGoogleCode?: boolean } | null)?.needGoogleCode) {
        setNeedCode(true);
        setTimeout(() => codeRef.current?.focus(), 0);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login-main">
      <div className="login-subtitle">{t('login.subtitle')}</div>
      <Form<Values> form={form} name="login" size="large" onFinish={onFinish} autoComplete="on" requiredMark={false}>
        <Form.Item name="username" rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
          <Input
            ref={usernameRef}
            prefix={<UserOutlined />}
            placeholder={t('login.username')}
            autoComplete="username"
            autoFocus={!hadBoot}
          />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
          <Input.Password ref={passwordRef} prefix={<LockOutlined />} placeholder={t('login.password')} autoComplete="current-password" />
        </Form.Item>
        {needCode && (
          <>
            <div className="login-hint" role="status">
              <InfoCircleFilled />
              <span>{t('login.googleCodeHint')}</span>
            </div>
            <Form.Item name="googleCode" rules={[{ required: true, pattern: /^\d{6}$/, message: t('login.googleCodeRequired') }]}>
              <Input
                ref={codeRef}
                prefix={<SafetyOutlined />}
                placeholder={t('login.googleCode')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
              />
            </Form.Item>
          </>
        )}
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </Form.Item>
        <div className="login-links" style={{ textAlign: 'right' }}>
          <Link to="/user/register" data-testid="login-register">
            {t('login.registerLink')}
          </Link>
        </div>
      </Form>
    </div>
  );
}
