import type { CSSProperties } from 'react';
import { Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Direction } from '@stock-admin/contracts';
import { formatPrice, toneColor } from '../market/quoteFormat';
import { formatMoney, formatPct, formatSigned } from '../money';
import { fmtTime } from '../format';
import { READABLE } from '../theme/contrast';

const NUM: CSSProperties = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' };

export { fmtTime as time };

/** A P/L amount with its sign, red when positive, green when negative (both languages); '-' when absent. */
export function PnlText({
  value,
  pct,
  strong,
  testId,
}: {
  value: string | null | undefined;
  pct?: boolean;
  strong?: boolean;
  testId?: string;
}) {
  if (value == null) return <span style={{ color: READABLE.secondary }}>-</span>;
  return (
    <span style={{ ...NUM, color: toneColor(value), fontWeight: strong ? 600 : undefined }} data-testid={testId}>
      {pct ? formatPct(value, { signed: true }) : formatSigned(value)}
    </span>
  );
}

/** An amount: two decimals, thousands separators. */
export function Amount({ value, type }: { value: string | null | undefined; type?: 'secondary' }) {
  return (
    <Typography.Text type={type} style={NUM}>
      {formatMoney(value)}
    </Typography.Text>
  );
}

export function PriceText({ value }: { value: string | null | undefined }) {
  return <span style={NUM}>{formatPrice(value)}</span>;
}

/** 做多 / 做空 (long / short). */
export function DirectionTag({ direction }: { direction: Direction }) {
  const { t } = useTranslation();
  return (
    <Tag color={direction === 'long' ? 'volcano' : 'geekblue'} bordered={false}>
      {t(`direction.${direction}`)}
    </Tag>
  );
}

/** Who: name (or phone), phone and id, with the agent under. */
export function UserCell({ r }: { r: { userId: number; userName: string; phone: string; agentName?: string | null } }) {
  return (
    <div>
      <div>
        {r.userName || r.phone} <Typography.Text type="secondary">#{r.userId}</Typography.Text>
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {r.userName ? r.phone : ''}
        {r.agentName ? `${r.userName ? ' · ' : ''}${r.agentName}` : ''}
      </Typography.Text>
    </div>
  );
}

/** Stock name with its code under. */
export function StockCell({ r }: { r: { stockName: string; code: string; gid: string } }) {
  return (
    <div>
      <div>{r.stockName}</div>
      <Typography.Text type="secondary" style={{ fontSize: 12, ...NUM }}>
        {r.gid}
      </Typography.Text>
    </div>
  );
}

/** A short text shown whole on hover. */
export function Note({ text }: { text: string | null | undefined }) {
  return text ? (
    <Tooltip title={text}>
      <span>{text}</span>
    </Tooltip>
  ) : (
    <>-</>
  );
}
