import { useState } from 'react';
import { Button, Input, QRCode, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GoogleEnrolment } from '@stock-admin/contracts';

/**
 * An issued authenticator secret: its otpauth URI as a QR code, the secret for manual entry, and the
 * 6-digit code that confirms the enrolment.
 */
export function TotpEnrolment({
  enrolment,
  busy,
  onConfirm,
}: {
  enrolment: GoogleEnrolment;
  busy: boolean;
  onConfirm: (code: string) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const valid = /^\d{6}$/.test(code);
  return (
    <div className="totp-enrolment" data-testid="totp-enrolment" data-otpauth={enrolment.otpauthUri}>
      <Typography.Paragraph>{t('google.scan')}</Typography.Paragraph>
      <Space align="start" size={24} wrap>
        <QRCode value={enrolment.otpauthUri} size={168} bordered data-testid="totp-qr" />
        <div style={{ maxWidth: 280 }}>
          <Typography.Text type="secondary">{t('google.manual')}</Typography.Text>
          <Typography.Paragraph
            copyable={{ text: enrolment.secret }}
            code
            data-testid="totp-secret"
            style={{ wordBreak: 'break-all', marginTop: 4 }}
          >
            {enrolment.secret}
          </Typography.Paragraph>
          <Typography.Text type="secondary">
            {t('google.account')}: {enrolment.issuer} / {enrolment.account}
          </Typography.Text>
        </div>
      </Space>
      <Space.Compact style={{ marginTop: 16, width: '100%', maxWidth: 360 }}>
        <Input
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          placeholder={t('google.codePlaceholder')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          data-testid="totp-code"
          onPressEnter={() => valid && onConfirm(code)}
        />
        <Button type="primary" disabled={!valid} loading={busy} onClick={() => onConfirm(code)} data-testid="totp-confirm">
          {t('google.confirm')}
        </Button>
      </Space.Compact>
    </div>
  );
}
