import { Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Access, useAccess } from '../../../lib/access';

/** A batch change of the selected users' locks. */
export type LockPatch = { loginLocked: boolean } | { tradeLocked: boolean };

/**
 * The actions over a selection of users (editors only): lock / unlock sign-in or trading (each confirmed),
 * move to another agent or tier (for roles that may list them).
 */
export function UserBatchBar({
  count,
  onBatch,
  onMove,
}: {
  count: number;
  /** Runs the change (the confirmation's OK shows its progress). */
  onBatch: (patch: LockPatch) => Promise<void>;
  onMove: (mode: 'agent' | 'tier') => void;
}) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const confirmed = (patch: LockPatch, label: string) => (
    <Popconfirm
      title={t('users.batch.confirm', { count })}
      onConfirm={() => onBatch(patch)}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
    >
      <a>{label}</a>
    </Popconfirm>
  );
  return (
    <Access action="edit">
      <Space wrap data-testid="user-batch">
        {confirmed({ loginLocked: true }, t('users.batch.lockLogin'))}
        {confirmed({ loginLocked: false }, t('users.batch.unlockLogin'))}
        {confirmed({ tradeLocked: true }, t('users.batch.lockTrade'))}
        {confirmed({ tradeLocked: false }, t('users.batch.unlockTrade'))}
        {can('agentlist', 'query') && <a onClick={() => onMove('agent')}>{t('users.batch.moveAgent')}</a>}
        {can('layeringlist', 'query') && <a onClick={() => onMove('tier')}>{t('users.batch.moveTier')}</a>}
      </Space>
    </Access>
  );
}
