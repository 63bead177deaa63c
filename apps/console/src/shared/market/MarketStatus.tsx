import { Badge, Space, Tag, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { MarketPhase } from '@stock-admin/contracts';
import { marketCalls } from './api';
import { useLivePhase } from './useQuotes';

const PHASE_BADGE: Record<MarketPhase, 'success' | 'processing' | 'warning' | 'default'> = {
  open: 'success',
  auction: 'processing',
  break: 'warning',
  closed: 'default',
};

/**
 * The market status line of the product pages: phase (休市 / 集合竞价 / 交易中 / 午间休市), source,
 * trading day, last tick and the feed's stale state (`marketApi.status`, asked when the page opens). The
 * phase follows the QUOTES frames afterwards. Shows nothing when the server has no status to give.
 */
export function MarketStatus() {
  const { t } = useTranslation();
  const status = useQuery({ queryKey: ['market', 'status'], queryFn: marketCalls.status, staleTime: 30_000 });
  const livePhase = useLivePhase();
  const s = status.data;
  if (!s) return null;
  const phase = livePhase ?? s.phase;
  return (
    <Space size={12} wrap className="market-status" data-testid="market-status" style={{ fontSize: 13 }}>
      <Typography.Text type="secondary">{t('market.status.label')}</Typography.Text>
      <Badge status={PHASE_BADGE[phase]} text={<span data-testid="market-phase">{t(`market.status.phase.${phase}`)}</span>} />
      <Typography.Text type="secondary">{t(`market.status.source.${s.source}`)}</Typography.Text>
      <Typography.Text type="secondary">{t('market.status.tradingDay', { day: s.tradingDay })}</Typography.Text>
      <Typography.Text type="secondary">
        {s.lastTickAt ? t('market.status.lastTick', { time: dayjs(s.lastTickAt).format('HH:mm:ss') }) : t('market.status.noTick')}
      </Typography.Text>
      {s.session === 'continuous' && (
        <Tooltip title={t('market.status.continuousTip')}>
          <Tag color="blue" bordered={false} data-testid="market-continuous">
            {t('market.status.continuous')}
          </Tag>
        </Tooltip>
      )}
      {s.stale && (
        <Tag color="orange" bordered={false}>
          {t('market.status.feedStale')}
        </Tag>
      )}
    </Space>
  );
}
