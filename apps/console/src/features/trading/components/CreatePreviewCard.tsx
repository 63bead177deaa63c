import { Alert, Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { QuoteTick, StockRisk } from '@stock-admin/contracts';
import { formatYuan } from '../../../shared/money';
import { ChangePctCell, LastCell } from '../../../shared/market/QuoteCells';
import { TONE_COLORS } from '../../../shared/market/quoteFormat';
import type { CreatePreview } from '../lib/preview';
import { PriceText } from '../../../shared/components/cells';

/**
 * The create form's side card: the stock's live quote and today's limits, then what the position will
 * cost at the typed price (amount, margin, fee) under the stock risk settings shown.
 */
export function CreatePreviewCard({
  quote,
  limits,
  preview,
  risk,
  riskUnknown,
}: {
  quote: QuoteTick | undefined;
  limits: { up: string; down: string; pct: number } | null;
  preview: CreatePreview | null;
  risk: Pick<StockRisk, 'buyFeePct' | 'minFee'> | null;
  riskUnknown: boolean;
}) {
  const { t } = useTranslation();
  const money = (v: string | undefined) => formatYuan(v);
  return (
    <Card size="small" title={t('trading.create.previewTitle')} className="trading-preview" data-testid="create-preview">
      <Typography.Text strong>{t('trading.create.quote')}</Typography.Text>
      {quote ? (
        <Descriptions size="small" column={2} style={{ marginTop: 8 }} data-testid="create-quote">
          <Descriptions.Item label={t('trading.col.last')}>
            <LastCell q={quote} />
          </Descriptions.Item>
          <Descriptions.Item label={t('trading.review.changePct')}>
            <ChangePctCell q={quote} />
          </Descriptions.Item>
          <Descriptions.Item label={t('trading.review.prevClose')}>
            <PriceText value={quote.prevClose} />
          </Descriptions.Item>
          <Descriptions.Item label={t('trading.create.limits')}>
            {limits ? (
              <span data-testid="create-limits">
                <span style={{ color: TONE_COLORS.down }}>{limits.down}</span> – <span style={{ color: TONE_COLORS.up }}>{limits.up}</span>{' '}
                (±
                {limits.pct}%)
              </span>
            ) : (
              '-'
            )}
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <div style={{ margin: '8px 0 12px' }}>
          <Typography.Text type="secondary">{t('trading.create.noQuote')}</Typography.Text>
        </div>
      )}
      <Typography.Text strong>{t('trading.create.cost')}</Typography.Text>
      <Descriptions size="small" column={1} bordered style={{ marginTop: 8 }}>
        <Descriptions.Item label={t('trading.create.amount')}>
          <span data-testid="preview-amount">{money(preview?.amount)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('trading.create.margin')}>
          <span data-testid="preview-margin">{money(preview?.margin)}</span>
        </Descriptions.Item>
        <Descriptions.Item
          label={risk ? t('trading.create.feeRule', { pct: risk.buyFeePct, min: formatYuan(risk.minFee) }) : t('trading.create.fee')}
        >
          <span data-testid="preview-fee">{money(preview?.fee)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('trading.create.total')}>
          <Typography.Text strong data-testid="preview-total">
            {money(preview?.total)}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}>
        {t('trading.create.spreadNote')}
      </Typography.Paragraph>
      {riskUnknown && <Alert style={{ marginTop: 8 }} type="warning" showIcon message={t('trading.create.riskUnknown')} />}
    </Card>
  );
}
