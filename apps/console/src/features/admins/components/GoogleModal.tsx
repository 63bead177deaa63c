import { useState } from 'react';
import { Alert, Button, Descriptions, Modal, Popconfirm, Space, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminRecord, GoogleEnrolment } from '@stock-admin/contracts';
import { feedback } from '../../../lib/feedback';
import { adminCalls } from '../api';
import { TotpEnrolment } from '../../../shared/components/TotpEnrolment';

export function GoogleState({ record }: { record: Pick<AdminRecord, 'googleEnabled' | 'googlePending'> }) {
  const { t } = useTranslation();
  if (record.googleEnabled) return <Tag color="green">{t('google.on')}</Tag>;
  if (record.googlePending) return <Tag color="gold">{t('google.pending')}</Tag>;
  return <Tag>{t('google.off')}</Tag>;
}

/** Two-factor sign-in of another admin (getGoole.do / updataGoole.do): enable with a code, disable, reset. */
export function GoogleModal({
  record,
  selfId,
  onClose,
  onChanged,
}: {
  record: AdminRecord;
  selfId?: number;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [rec, setRec] = useState(record);
  const [enrolment, setEnrolment] = useState<GoogleEnrolment | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const self = record.id === selfId;

  const run = async (what: string, fn: () => Promise<void>) => {
    setBusy(what);
    try {
      await fn();
    } catch {
      /* shown by the client */
    } finally {
      setBusy(null);
    }
  };
  const issue = () =>
    run('issue', async () => {
      setEnrolment(await adminCalls.getGoogle(rec.id));
      setRec((r) => ({ ...r, googlePending: true }));
      onChanged();
    });
  const act = (action: 'enable' | 'disable' | 'reset', googleCode?: string) =>
    run(action, async () => {
      const next = await adminCalls.updateGoogle({ id: rec.id, action, googleCode });
      setRec(next);
      setEnrolment(null);
      feedback.message.success(t(`google.done.${action}`));
      onChanged();
    });

  return (
    <Modal open title={t('google.title', { name: rec.adminName })} onCancel={onClose} footer={null} width={620} destroyOnHidden>
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('admins.col.login')}>{rec.adminUtopia}</Descriptions.Item>
        <Descriptions.Item label={t('admins.col.google')}>
          <span data-testid="google-state">
            <GoogleState record={rec} />
          </span>
        </Descriptions.Item>
      </Descriptions>
      {self ? (
        <Alert
          type="info"
          showIcon
          message={
            <>
              {t('google.selfHint')} <Link to="/account/settings/security">{t('google.selfLink')}</Link>
            </>
          }
        />
      ) : (
        <>
          <Space wrap style={{ marginBottom: 16 }}>
            <Button
              type={rec.googleEnabled ? 'default' : 'primary'}
              loading={busy === 'issue'}
              onClick={() => void issue()}
              data-testid="google-issue"
            >
              {rec.googleEnabled || rec.googlePending ? t('google.reissue') : t('google.issue')}
            </Button>
            {rec.googleEnabled && (
              <Popconfirm title={t('google.disableConfirm')} onConfirm={() => act('disable')}>
                <Button loading={busy === 'disable'} data-testid="google-disable">
                  {t('google.disable')}
                </Button>
              </Popconfirm>
            )}
            {(rec.googleEnabled || rec.googlePending) && (
              <Popconfirm title={t('google.resetConfirm')} onConfirm={() => act('reset')}>
                <Button danger loading={busy === 'reset'} data-testid="google-reset">
                  {t('google.reset')}
                </Button>
              </Popconfirm>
            )}
          </Space>
          {enrolment && <TotpEnrolment enrolment={enrolment} busy={busy === 'enable'} onConfirm={(code) => void act('enable', code)} />}
        </>
      )}
    </Modal>
  );
}
