import { Typography } from 'antd';
import type { AgreementItem, AgreementStatus } from '@stock-admin/contracts';

export const STATUS_COLOR: Record<AgreementStatus, string> = {
  assigned: 'default',
  pushed: 'blue',
  signed: 'orange',
  approved: 'green',
  rejected: 'red',
};

/** A contract's user: name (or #id), masked phone, agent. */
export function UserText({ r }: { r: Pick<AgreementItem, 'userId' | 'realName' | 'phone' | 'agentName'> }) {
  return (
    <div style={{ lineHeight: 1.4 }}>
      <div>
        {r.realName || '-'} <Typography.Text type="secondary">#{r.userId}</Typography.Text>
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {r.phone}
        {r.agentName ? ` · ${r.agentName}` : ''}
      </Typography.Text>
    </div>
  );
}
