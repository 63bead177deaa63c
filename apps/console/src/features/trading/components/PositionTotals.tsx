import { Card, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataOf, tradingApi } from '@stock-admin/contracts';
import { formatCount, formatYuan } from '../../../shared/money';
import { PnlText } from '../../../shared/components/cells';
import { useLivePagePnl } from '../lib/liveQuotes';
import type { PositionView } from '../lib/pnl';

type Totals = DataOf<typeof tradingApi.positions>['totals'];

/**
 * Count, margin and P/L of the whole filtered set as the server computed them when the list was asked
 * for, and the P/L of the rows on this page at the live price (it moves with each tick).
 */
export function PositionTotals({
  totals,
  rows,
  testId = 'position-totals',
}: {
  totals: Totals | null;
  /** the rows of this page: their P/L at the live quotes is summed here (the only part that moves with a tick) */
  rows: readonly PositionView[];
  testId?: string;
}) {
  const { t } = useTranslation();
  const pagePnl = useLivePagePnl(rows);
  if (!totals) return null;
  const cell = (title: React.ReactNode, value: React.ReactNode, key: string) => (
    <div key={key} className="trading-total" data-testid={`${testId}-${key}`}>
      <div className="trading-total-title">{title}</div>
      <div className="trading-total-value">{value}</div>
    </div>
  );
  return (
    <Card size="small" className="trading-totals" data-testid={testId} title={t('trading.totals.title')}>
      <Space size={[40, 12]} wrap>
        {cell(t('trading.totals.count'), <Typography.Text strong>{formatCount(totals.count)}</Typography.Text>, 'count')}
        {cell(t('trading.totals.margin'), <Typography.Text strong>{formatYuan(totals.margin)}</Typography.Text>, 'margin')}
        {cell(
          <Tooltip title={t('trading.totals.pnlTip')}>
            <span>{t('trading.totals.pnl')}</span>
          </Tooltip>,
          <PnlText value={totals.pnl} strong />,
          'pnl',
        )}
        {pagePnl != null &&
          cell(
            <Tooltip title={t('trading.totals.pagePnlTip')}>
              <span>{t('trading.totals.pagePnl')}</span>
            </Tooltip>,
            <PnlText value={pagePnl} strong testId="page-pnl" />,
            'page',
          )}
      </Space>
    </Card>
  );
}
