import type { CSSProperties } from 'react';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatChange, formatChangePct, formatPrice, formatTurnover, quoteTone, toneColor, turnoverUnits } from './quoteFormat';
import type { QuoteFields } from './useQuotes';
import { READABLE } from '../theme/contrast';

/**
 * Table cells of a live quote, shared by every page that shows prices (products, positions, orders):
 * the colour follows the change (red up, green down, grey flat) and a stale quote carries a tag.
 */
type Quote = Pick<QuoteFields, 'last' | 'change' | 'changePct' | 'turnover' | 'stale'>;

const NUM: CSSProperties = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' };

/** The tag of a quote the feed stopped refreshing (延迟 / Stale). */
export function StaleTag() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('market.staleTip')}>
      <Tag
        color="orange"
        bordered={false}
        style={{ marginInline: '4px 0', paddingInline: 4, lineHeight: '18px' }}
        data-testid="quote-stale"
      >
        {t('market.stale')}
      </Tag>
    </Tooltip>
  );
}

/** The last price in the colour of its change, with the stale tag. */
export function LastCell({ q }: { q: Quote }) {
  const { t } = useTranslation();
  if (q.last == null)
    return (
      <Tooltip title={t('market.noQuote')}>
        <span style={{ color: READABLE.secondary }}>-</span>
      </Tooltip>
    );
  return (
    <span style={NUM}>
      <span style={{ color: toneColor(q.change), fontWeight: 500 }} data-testid="quote-last">
        <ToneArrow change={q.change} />
        {formatPrice(q.last)}
      </span>
      {q.stale && <StaleTag />}
    </span>
  );
}

/**
 * ▲ before a price that rose, ▼ before one that fell (issue 65): a price has no sign of its own, and its colour alone
 * would tell nothing to a colour-blind reader. Read as 上涨 / 下跌 by a screen reader.
 */
export function ToneArrow({ change }: { change: string | null | undefined }) {
  const { t } = useTranslation();
  const tone = quoteTone(change);
  if (tone !== 'up' && tone !== 'down') return null;
  return (
    <span role="img" aria-label={t(`market.${tone}`)} className="tone-arrow">
      {tone === 'up' ? '▲' : '▼'}
    </span>
  );
}

export function ChangeCell({ q }: { q: Quote }) {
  return (
    <span style={{ ...NUM, color: toneColor(q.change) }} data-testid="quote-change">
      {formatChange(q.change)}
    </span>
  );
}

export function ChangePctCell({ q }: { q: Quote }) {
  return (
    <span style={{ ...NUM, color: toneColor(q.changePct ?? q.change) }} data-testid="quote-change-pct">
      {formatChangePct(q.changePct)}
    </span>
  );
}

export function TurnoverCell({ q }: { q: Quote }) {
  const { t, i18n } = useTranslation();
  const units = turnoverUnits(i18n.language, (u) => t(`market.unit.${u}`));
  return (
    <Tooltip title={q.turnover ? formatPrice(q.turnover) : undefined}>
      <span style={NUM} data-testid="quote-turnover">
        {formatTurnover(q.turnover, units)}
      </span>
    </Tooltip>
  );
}
