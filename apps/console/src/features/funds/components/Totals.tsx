import { Card, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DepositWithdrawTotals } from '@stock-admin/contracts';
import { formatCount, formatYuan } from '../../../shared/money';

/** Count and sum of the filtered set, overall and per status — as the server computed them. */
export function Totals({
  totals,
  label,
  colors,
  testId,
}: {
  totals: DepositWithdrawTotals | null;
  label: (status: number) => string;
  colors: Record<number, string>;
  testId: string;
}) {
  const { t } = useTranslation();
  if (!totals) return null;
  const cell = (title: React.ReactNode, count: number, amount: string, key: string, strong = false) => (
    <div key={key} className="funds-total" data-testid={`${testId}-${key}`}>
      <div className="funds-total-title">{title}</div>
      <Typography.Text strong={strong} className="funds-total-amount">
        {formatYuan(amount)}
      </Typography.Text>
      <Typography.Text type="secondary" className="funds-total-count">
        {t('funds.common.count', { n: formatCount(count) })}
      </Typography.Text>
    </div>
  );
  return (
    <Card size="small" className="funds-totals" data-testid={testId} title={t('funds.common.totalsTitle')}>
      <Space size={[32, 12]} wrap>
        {cell(t('funds.common.total'), totals.count, totals.amount, 'all', true)}
        {(['0', '1', '2', '3'] as const).map((s) =>
          cell(<Tag color={colors[Number(s)]}>{label(Number(s))}</Tag>, totals.byStatus[s].count, totals.byStatus[s].amount, `s${s}`),
        )}
      </Space>
    </Card>
  );
}
