import { Card, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ChangePctCell, LastCell } from '../../../shared/market/QuoteCells';
import { useLiveRows } from '../../../shared/market/useQuotes';
import { indexName } from '../../../shared/market/indexNames';
import { dashboardCalls } from '../api';

/** The major indices (spec §7 getMarket.do), their prices moving with the quote feed. */
export function MarketStrip() {
  const { t, i18n } = useTranslation();
  const q = useQuery({ queryKey: ['workplace', 'market'], queryFn: dashboardCalls.market, staleTime: 60_000 });
  const rows = useLiveRows(q.data ?? []);
  if (!rows.length) return null;
  return (
    <Card className="workplace-card" size="small" title={t('workplace.market')} data-testid="market-strip">
      <Space size={[32, 8]} wrap>
        {rows.map((r) => (
          <Space key={r.gid} direction="vertical" size={0}>
            <Typography.Text type="secondary" translate="no" title={r.name}>
              {indexName(r.gid, r.name, i18n.language)}
            </Typography.Text>
            <Space size={8}>
              <LastCell q={r} />
              <ChangePctCell q={r} />
            </Space>
          </Space>
        ))}
      </Space>
    </Card>
  );
}
