import { useEffect, useState } from 'react';
import { Alert, DatePicker, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../lib/feedback';
import { isHeldError } from '../../../lib/request';
import { platformToday } from '../../../lib/timeZone';
import { HeldHint } from '../../../shared/approvalHint';
import { corpCalls } from '../api';

/** "Run now" for a day: its scheduled actions (an action entered after its ex-date is applied only so), held for a checker. */
export function RunModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [day, setDay] = useState<Dayjs>(platformToday());
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) setDay(platformToday());
  }, [open]);
  const submit = async () => {
    setBusy(true);
    try {
      const r = await corpCalls.run(day.format('YYYY-MM-DD'));
      feedback.message.success(t('corpactions.ran', { actions: r.actions, positions: r.positions }));
      onDone();
    } catch (e) {
      if (isHeldError(e)) onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('corpactions.runTitle')}
      onCancel={onClose}
      onOk={submit}
      okText={t('corpactions.run')}
      okButtonProps={{ loading: busy, danger: true, id: 'corp-run-ok' }}
      destroyOnHidden
    >
      <Alert type="warning" showIcon message={t('corpactions.runHelp')} style={{ marginBottom: 12 }} />
      <HeldHint operation="corporate.action" />
      <DatePicker
        value={day}
        onChange={(d) => d && setDay(d)}
        allowClear={false}
        aria-label={t('corpactions.col.day')}
        data-testid="corp-run-day"
      />
    </Modal>
  );
}
