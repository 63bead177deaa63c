import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Form, InputNumber, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderItem } from '@stock-admin/contracts';
import { feedback } from '../../../lib/feedback';
import { ChangePctCell, LastCell } from '../../../shared/market/QuoteCells';
import { useQuotes } from '../../../shared/market/useQuotes';
import { MarketStatus } from '../../../shared/market/MarketStatus';
import { formatPrice } from '../../../shared/market/quoteFormat';
import { showFieldError } from '../../../lib/serverErrors';
import { tradingCalls } from '../api';
import { boardOfGid, limitsOf, withinLimits } from '../lib/preview';
import { Amount, DirectionTag, PriceText, time } from '../../../shared/components/cells';

const PRICE = /^\d{1,10}(\.\d{1,4})?$/;

/**
 * Approve one order: the order as placed, the stock's live quote (its time and the market's state) with today's
 * limits, and an optional fill price that must lie within them — blank, the server fills at the live price, which
 * the drawer names beside the order's own price. Reject opens
 * the reason dialog (`onReject`).
 */
export function ReviewDrawer({
  order,
  onClose,
  onDone,
  onReject,
}: {
  order: OrderItem | null;
  onClose: () => void;
  onDone: (o: OrderItem) => void;
  onReject: (o: OrderItem) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ fillPrice?: string | null }>();
  const [saving, setSaving] = useState(false);
  const approveButton = useRef<HTMLButtonElement>(null);
  const gids = useMemo(() => (order ? [order.gid] : []), [order]);
  const q = useQuotes(gids)[order?.gid ?? ''];
  const cls = order ? boardOfGid(order.gid, order.stockName) : null;
  const limits = q && cls ? limitsOf(q.prevClose, cls.board, cls.st) : null;
  // the price a blank fill takes: the live quote's, else the last the list showed
  const last = q?.last ?? order?.last ?? null;
  useEffect(() => {
    if (order) form.resetFields();
  }, [order, form]);

  const approve = async () => {
    const { fillPrice } = await form.validateFields();
    setSaving(true);
    try {
      const o = await tradingCalls.approve(order!.id, fillPrice ? String(fillPrice) : undefined);
      feedback.message.success(t('trading.review.approved'));
      onDone(o);
    } catch (e) {
      showFieldError(form, e, ['fillPrice']);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={!!order}
      onClose={onClose}
      width={560}
      title={order ? t(`trading.review.title.${order.kind}`, { no: order.orderNo }) : ''}
      destroyOnHidden
      // opened from the queue by keyboard (A), Enter then approves at the live price; Tab reaches the fill price
      afterOpenChange={(open) => open && approveButton.current?.focus()}
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button danger onClick={() => order && onReject(order)} data-testid="review-reject">
            {t('trading.review.reject')}
          </Button>
          <Button
            ref={approveButton}
            type="primary"
            loading={saving}
            onClick={() => void approve().catch(() => undefined)}
            data-testid="review-approve"
          >
            {t('trading.review.approve')}
          </Button>
        </Space>
      }
    >
      {order && (
        <div data-testid="review-drawer">
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('trading.col.user')} span={2}>
              {order.userName || order.phone} #{order.userId} {order.userName ? `· ${order.phone}` : ''}
              {order.agentName ? ` · ${order.agentName}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('trading.col.stock')}>
              {order.stockName} {order.gid}
            </Descriptions.Item>
            <Descriptions.Item label={t('trading.col.direction')}>
              <DirectionTag direction={order.direction} />
            </Descriptions.Item>
            <Descriptions.Item label={t('trading.col.shares')}>{order.shares}</Descriptions.Item>
            <Descriptions.Item label={t('trading.col.leverage')}>×{order.leverage}</Descriptions.Item>
            <Descriptions.Item label={t('trading.col.orderPrice')}>
              <PriceText value={order.price} />
            </Descriptions.Item>
            <Descriptions.Item label={t('trading.col.amount')}>
              <Amount value={order.amount} />
            </Descriptions.Item>
            <Descriptions.Item label={t('trading.col.margin')}>
              <Amount value={order.margin} />
            </Descriptions.Item>
            <Descriptions.Item label={t('trading.col.feeSpread')}>
              <Amount value={order.fee} /> / <Amount value={order.spread} />
            </Descriptions.Item>
            <Descriptions.Item label={t('trading.order.hold')}>
              <Amount value={order.hold} />
            </Descriptions.Item>
            <Descriptions.Item label={t('trading.order.placedAt')}>{time(order.createdAt)}</Descriptions.Item>
            {(order.takeProfit || order.stopLoss) && (
              <Descriptions.Item label={t('trading.order.tpSl')} span={2}>
                <PriceText value={order.takeProfit} /> / <PriceText value={order.stopLoss} />
              </Descriptions.Item>
            )}
          </Descriptions>
          <Space style={{ marginTop: 20, marginBottom: 8 }} size={12} wrap>
            <Typography.Text strong>{t('trading.review.quote')}</Typography.Text>
            <MarketStatus />
            {q && (
              <Typography.Text type="secondary" data-testid="review-quote-at">
                {t('trading.review.quoteAt', { time: time(q.at) })}
              </Typography.Text>
            )}
          </Space>
          {q ? (
            <Descriptions size="small" column={2} bordered data-testid="review-quote">
              <Descriptions.Item label={t('trading.col.last')}>
                <LastCell q={{ ...q }} />
              </Descriptions.Item>
              <Descriptions.Item label={t('trading.review.changePct')}>
                <ChangePctCell q={{ ...q }} />
              </Descriptions.Item>
              <Descriptions.Item label={t('trading.review.bidAsk')}>
                <PriceText value={q.bid} /> / <PriceText value={q.ask} />
              </Descriptions.Item>
              <Descriptions.Item label={t('trading.review.prevClose')}>
                <PriceText value={q.prevClose} />
              </Descriptions.Item>
            </Descriptions>
          ) : (
            <Alert
              type={order.last ? 'info' : 'warning'}
              showIcon
              data-testid="review-no-quote"
              message={order.last ? t('trading.review.noQuote', { last: formatPrice(order.last) }) : t('trading.review.noPrice')}
            />
          )}
          <Form form={form} layout="vertical" style={{ marginTop: 20 }} name="review">
            <Form.Item
              name="fillPrice"
              label={t('trading.review.fillPrice')}
              extra={
                <Space direction="vertical" size={0}>
                  {last && (
                    <span className="trading-limits" data-testid="review-fill-at">
                      {t('trading.review.fillAt', { last: formatPrice(last), price: formatPrice(order.price) })}
                    </span>
                  )}
                  <span className="trading-limits" data-testid="review-limits">
                    {limits
                      ? t('trading.review.limits', { down: limits.down, up: limits.up, pct: limits.pct })
                      : t('trading.review.limitsUnknown')}
                  </span>
                </Space>
              }
              rules={[
                {
                  validator: async (_, v) => {
                    if (v == null || v === '') return;
                    if (!PRICE.test(String(v)) || Number(v) <= 0) throw new Error(t('trading.review.badPrice'));
                    if (withinLimits(String(v), limits) === false) throw new Error(t('trading.review.outsideLimits'));
                  },
                },
              ]}
            >
              <InputNumber<string>
                stringMode
                min="0"
                step="0.01"
                precision={2}
                style={{ width: 220 }}
                placeholder={t('trading.review.fillPricePlaceholder')}
                data-testid="review-fill-price"
              />
            </Form.Item>
          </Form>
        </div>
      )}
    </Drawer>
  );
}
