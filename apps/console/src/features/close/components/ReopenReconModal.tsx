import { useState } from 'react';
import { Alert, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReconDetail } from '@stock-admin/contracts';
import { feedback } from '../../../lib/feedback';
import { isHeldError } from '../../../lib/request';
import { HeldHint } from '../../../shared/approvalHint';
import { reconcileCalls } from '../api';

/**
 * Reopens a reconciled channel-day with a reason (issue 66), so that a corrected statement can replace it: a second
 * administrator approves it first (dual control `recon.reopen`), and the request waits in the approval queue.
 */
export function ReopenReconModal({
  target,
  onClose,
  onDone,
}: {
  target: ReconDetail | null;
  onClose: () => void;
  onDone: (d: ReconDetail) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      const d = await reconcileCalls.reopen(target!.channelId, target!.day, reason);
      feedback.message.success(t('close.recon.reopenedOk'));
      onDone(d);
    } catch (e) {
      // held: the request waits for a second administrator (the request client said so)
      if (isHeldError(e)) onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={!!target}
      title={t('close.recon.reopenTitle')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={busy}
      okText={t('close.recon.reopen')}
      okButtonProps={{ danger: true, disabled: !reason.trim(), id: 'recon-reopen-ok' }}
      afterOpenChange={(open) => open && setReason('')}
      destroyOnHidden
    >
      <Alert type="info" showIcon message={t('close.recon.reopenHelp')} style={{ marginBottom: 12 }} />
      <HeldHint operation="recon.reopen" />
      <Input.TextArea
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={200}
        showCount
        rows={3}
        placeholder={t('close.recon.reopenReason')}
        aria-label={t('close.recon.reopenReason')}
        data-testid="recon-reopen-reason"
      />
    </Modal>
  );
}
