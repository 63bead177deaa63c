import Decimal from 'decimal.js';
import { isHeldError } from '../../../lib/request';
import { HeldHint } from '../../../shared/approvalHint';
import '../../../shared/styles/trading.css';
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, DatePicker, Form, Input, InputNumber, Radio, Row, Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { DIRECTIONS, type Direction } from '@stock-admin/contracts';
import { useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { UserSelect } from '../../../shared/components/Pickers';
import { showFieldError } from '../../../lib/serverErrors';
import { useQuotes } from '../../../shared/market/useQuotes';
import { createFormCalls, tradingCalls } from '../api';
import { CreatePreviewCard } from '../components/CreatePreviewCard';
import { StockPicker, type PickedStock } from '../../../shared/components/StockPicker';
import { boardOfGid, createPreview, limitsOf, withinLimits } from '../lib/preview';

interface Values {
  userId?: number;
  gid?: string;
  direction: Direction;
  shares?: number;
  leverage?: number;
  price?: string | null;
  openedAt?: Dayjs | null;
  note?: string;
}

const FIELDS = ['userId', 'gid', 'direction', 'shares', 'leverage', 'price', 'openedAt', 'note'];
const PRICE = /^\d{1,10}(\.\d{1,4})?$/;

/**
 * 创建股票持仓 (/position/createfinancing): an operator opens a position for a user at a price within
 * today's limits (contracts `createPositionInput`). The side card shows the live quote and limits and what
 * the position will cost (amount, margin, fee) under the stock risk settings, as it is typed.
 */
export default function CreatePosition() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can, info } = useAccess();
  const mayCreate = can('add') && info?.agentId == null;
  const [form] = Form.useForm<Values>();
  const [picked, setPicked] = useState<PickedStock | null>(null);
  const [saving, setSaving] = useState(false);
  const risk = useQuery({ queryKey: ['risk', 'stock'], queryFn: createFormCalls.stockGet, retry: false, staleTime: 30_000 });
  const settings = risk.data?.settings ?? null;
  const gid = Form.useWatch('gid', form);
  const [shares, leverage, price] = [Form.useWatch('shares', form), Form.useWatch('leverage', form), Form.useWatch('price', form)];
  // what dual control weighs: the position's value (shares × price), as the server does
  const heldAmount = shares && price && /^\d+(\.\d+)?$/.test(String(price)) ? new Decimal(String(price)).times(shares).toFixed(2) : null;
  const gids = useMemo(() => (gid && /^(sh|sz|bj)\d{6}$/.test(gid) ? [gid] : []), [gid]);
  const quote = useQuotes(gids)[gids[0] ?? ''];
  const cls = picked && picked.gid === gid ? { board: picked.board, st: picked.st } : gid ? boardOfGid(gid) : null;
  const limits = quote && cls ? limitsOf(quote.prevClose, cls.board, cls.st) : null;
  const preview = createPreview({ price, shares, leverage }, settings);

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await tradingCalls.create({
        userId: v.userId!,
        gid: v.gid!,
        direction: v.direction,
        shares: v.shares!,
        leverage: v.leverage!,
        price: String(v.price),
        openedAt: v.openedAt ? v.openedAt.toISOString() : undefined,
        note: v.note?.trim() || undefined,
      });
      feedback.message.success(t('trading.create.done'));
      form.resetFields();
      setPicked(null);
      navigate('/position/createList');
    } catch (e) {
      // held for a second administrator: the form is done, the request waits in the queue
      if (isHeldError(e)) {
        form.resetFields();
        setPicked(null);
      } else showFieldError(form, e, FIELDS);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="trading-page" data-testid="create-position">
      {!mayCreate && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('trading.create.notAllowed')} />}
      {mayCreate && <HeldHint operation="position.create" amount={heldAmount} />}
      <Row gutter={16}>
        <Col xs={24} lg={14}>
          <Card title={t('trading.menu.createfinancing')} extra={<Link to="/position/createList">{t('trading.menu.createList')}</Link>}>
            <Form<Values>
              form={form}
              layout="horizontal"
              labelCol={{ span: 6 }}
              wrapperCol={{ span: 16 }}
              initialValues={{ direction: 'long', shares: 100 }}
              disabled={!mayCreate}
              name="create-position"
            >
              <Form.Item
                name="userId"
                label={t('trading.create.user')}
                rules={[{ required: true, message: t('trading.create.userRequired') }]}
              >
                <UserSelect placeholder={t('trading.create.userPlaceholder')} />
              </Form.Item>
              <Form.Item
                name="gid"
                label={t('trading.col.stock')}
                rules={[
                  { required: true, message: t('trading.create.stockRequired') },
                  { pattern: /^(sh|sz|bj)\d{6}$/, message: t('trading.create.stockFormat') },
                ]}
              >
                <StockPicker onPick={setPicked} />
              </Form.Item>
              <Form.Item name="direction" label={t('trading.col.direction')}>
                <Radio.Group optionType="button" options={DIRECTIONS.map((d) => ({ value: d, label: t(`direction.${d}`) }))} />
              </Form.Item>
              <Form.Item
                name="shares"
                label={t('trading.col.shares')}
                extra={t('trading.create.sharesHint')}
                rules={[
                  { required: true, message: t('trading.create.sharesRequired') },
                  {
                    validator: async (_, v) => {
                      if (v == null) return;
                      if (!Number.isInteger(v) || v < 100 || v > 100_000_000 || v % 100 !== 0)
                        throw new Error(t('trading.create.sharesLot'));
                    },
                  },
                ]}
              >
                <InputNumber<number>
                  min={100}
                  step={100}
                  precision={0}
                  style={{ width: 200 }}
                  addonAfter={t('trading.unit.shares')}
                  data-testid="create-shares"
                />
              </Form.Item>
              <Form.Item
                name="leverage"
                label={t('trading.col.leverage')}
                rules={[{ required: true, message: t('trading.create.leverageRequired') }]}
              >
                {settings ? (
                  <Select<number>
                    style={{ width: 200 }}
                    options={settings.leverages.map((l) => ({ value: l, label: `×${l}` }))}
                    placeholder={t('trading.create.leveragePlaceholder')}
                    data-testid="create-leverage"
                  />
                ) : (
                  <InputNumber<number> min={1} max={100} precision={0} style={{ width: 200 }} prefix="×" data-testid="create-leverage" />
                )}
              </Form.Item>
              <Form.Item label={t('trading.create.price')} required htmlFor="create-position_price">
                <Space.Compact>
                  <Form.Item
                    name="price"
                    noStyle
                    rules={[
                      { required: true, message: t('trading.create.priceRequired') },
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
                      style={{ width: 200 }}
                      prefix="¥"
                      data-testid="create-price"
                    />
                  </Form.Item>
                  <Button disabled={!quote} onClick={() => quote && form.setFieldsValue({ price: quote.last })} data-testid="use-last">
                    {t('trading.create.useLast')}
                  </Button>
                </Space.Compact>
              </Form.Item>
              <Form.Item
                name="openedAt"
                label={t('trading.col.openedAt')}
                extra={t('trading.create.openedAtHint')}
                rules={[
                  {
                    validator: async (_, v: Dayjs | null) => {
                      if (v && v.isAfter(dayjs().add(1, 'minute'))) throw new Error(t('trading.create.openedAtFuture'));
                    },
                  },
                ]}
              >
                <DatePicker showTime style={{ width: 240 }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
              </Form.Item>
              <Form.Item name="note" label={t('trading.create.note')}>
                <Input.TextArea rows={3} maxLength={200} showCount />
              </Form.Item>
              <Form.Item wrapperCol={{ offset: 6 }}>
                <Space>
                  <Button type="primary" loading={saving} onClick={() => void submit().catch(() => undefined)} data-testid="create-submit">
                    {t('trading.create.submit')}
                  </Button>
                  <Button onClick={() => (form.resetFields(), setPicked(null))}>{t('trading.create.reset')}</Button>
                </Space>
              </Form.Item>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <CreatePreviewCard quote={quote} limits={limits} preview={preview} risk={settings} riskUnknown={risk.isError} />
        </Col>
      </Row>
    </div>
  );
}
