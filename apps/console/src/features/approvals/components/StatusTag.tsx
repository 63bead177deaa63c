import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApprovalStatus } from '@stock-admin/contracts';

const COLOR: Record<ApprovalStatus, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'default',
  expired: 'warning',
  failed: 'error',
  cancelled: 'default',
};

export function StatusTag({ status }: { status: ApprovalStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLOR[status]}>{t(`approvals.status.${status}`)}</Tag>;
}
