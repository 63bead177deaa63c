import { Descriptions, Drawer, Empty, Spin, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES, type OrderStatus } from '@stock-admin/contracts';
import { tradingCalls } from '../api';
import { Amount, DirectionTag, Note, PriceText, time } from '../../../shared/components/cells';
import { STATUS_COLORS, StatusTag } from './orderColumns';

const known = (s: string): s is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(s);
const DOT: Record<string, string> = { success: 'green', error: 'red', processing: 'blue', default: 'gray' };

/** One order with its status history (who moved it, when, and the note), newest last. */
export function OrderDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['trading', 'order', id], queryFn: () => tradingCalls.orderDetail(id!), enabled: id != null });
  const o = q.data;
  return (
    <Drawer
      open={id != null}
      onClose={onClose}
      width={600}
      title={o ? t('trading.order.detailTitle', { no: o.orderNo }) : t('trading.order.detail')}
    >
      {q.isLoading && <Spin />}
      {!q.isLoading && !o && <Empty />}
      {o && (
        <div data-testid="order-detail">
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('trading.col.kind')}>{t(`trading.kind.${o.kind}`)}</Descriptions.Item>
            <Descriptions.Item label={t('trading.col.status')}>
              <StatusTag t={t} status={o.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('trading.col.user')} span={2}>
              {o.userName || o.phone} #{o.userId} {o.userName ? `· ${o.phone}` : ''} {o.agentName ? `· ${o.agentName}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('trading.col.stock')}>
              {o.stockName} {o.gid}
            </Descriptions.Item>
            <Descriptions.Item label={t('trading.col.direction')}>
              <DirectionTag direction={o.direction} />
            </Descriptions.Item>
            <Descriptions.Item label={t('trading.col.shares')}>{o.shares}</Descriptions.Item>
            <Descriptions.Item label={t('trading.col.leverage')}>×{o.leverage}</Descriptions.Item>
            <Descriptions.Item label={t('trading.col.orderPrice')}>
              <PriceText value={o.price} />
            </Descriptions.Item>
            <Descriptions.Item label={t('trading.col.fillPrice')}>
              <PriceText value={o.fillPrice} />
            </Descriptions.Item>
            <Descriptions.Item label={t('trading.col.amount')}>
              <Amount value={o.amount} />
            </Descriptions.Item>
            <Descriptions.Item label={t('trading.col.margin')}>
              <Amount value={o.margin} />
            </Descriptions.Item>
            <Descriptions.Item label={t('trading.col.feeSpread')}>
              <Amount value={o.fee} /> / <Amount value={o.spread} />
            </Descriptions.Item>
            <Descriptions.Item label={t('trading.order.hold')}>
              <Amount value={o.hold} />
            </Descriptions.Item>
            <Descriptions.Item label={t('trading.order.tpSl')}>
              <PriceText value={o.takeProfit} /> / <PriceText value={o.stopLoss} />
            </Descriptions.Item>
            <Descriptions.Item label={t('trading.order.position')}>{o.positionId ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('trading.col.reason')} span={2}>
              <Note text={o.reason} />
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {t('trading.order.history')}
          </Typography.Title>
          <Timeline
            data-testid="order-history"
            items={o.history.map((h) => ({
              color: known(h.status) ? DOT[STATUS_COLORS[h.status]] : 'gray',
              children: (
                <div>
                  <Typography.Text strong>{known(h.status) ? t(`trading.orderStatus.${h.status}`) : h.status}</Typography.Text>{' '}
                  <Typography.Text type="secondary">
                    {time(h.at)}
                    {h.by ? ` · ${h.by}` : ''}
                  </Typography.Text>
                  {h.note && <div>{h.note}</div>}
                </div>
              ),
            }))}
          />
        </div>
      )}
    </Drawer>
  );
}
