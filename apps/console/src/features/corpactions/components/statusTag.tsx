import { Tag } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined, StopOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import type { CorpActionStatus } from '@stock-admin/contracts';

/** A status said in words with its icon, never by colour alone. */
const LOOK: Record<CorpActionStatus, { color: string; icon: React.ReactNode }> = {
  scheduled: { color: 'gold', icon: <ClockCircleOutlined /> },
  applied: { color: 'green', icon: <CheckCircleOutlined /> },
  cancelled: { color: 'default', icon: <StopOutlined /> },
};

export const statusTag = (t: TFunction, s: CorpActionStatus) => (
  <Tag color={LOOK[s].color} icon={LOOK[s].icon}>
    {t(`corpactions.status.${s}`)}
  </Tag>
);
